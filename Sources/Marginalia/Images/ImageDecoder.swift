import Foundation

/// Reads image files into ``RasterImage`` values for embedding in a PDF: PNG, JPEG, HEIC
/// (and other HEIF), WebP, GIF and TIFF.
///
/// The format is recognised by the file's signature, not by its name (``ImageFormat``).
/// PNGs are decoded to 8-bit samples through libpng, whatever their colour type and bit
/// depth; JPEGs are only inspected (their markers give size and colour space) and keep their
/// original bytes, unless their EXIF orientation turns them, when they are decoded and
/// turned. HEIF (libheif), WebP (libwebp), GIF (giflib, the first frame) and TIFF (libtiff,
/// the first page; ``decodePages(_:)`` for all) are decoded to samples, each library loaded
/// on the first such image. Every image comes out upright: EXIF orientation of JPEG and
/// WebP, the Orientation tag of TIFF and HEIF's own rotation and mirroring are applied.
///
/// The size is checked against ``maximumPixelCount`` as soon as the header is read, before
/// any pixel memory is allocated, so a small file that claims an enormous image is refused
/// cheaply.
///
/// ```swift
/// let image = try ImageDecoder.decode(Data(contentsOf: url))
/// ```
public struct ImageDecoder: Sendable {
    /// The default pixel budget: 50 megapixels (200 MB of RGBA samples).
    public static let defaultMaximumPixelCount = 50_000_000

    /// The largest `width * height` accepted; larger images fail with
    /// ``ImageError/tooLarge(width:height:limit:)``.
    public var maximumPixelCount: Int
    /// The most pixels all pages of a multi-page TIFF may have together
    /// (``decodePages(_:)``); by default four times ``maximumPixelCount``.
    public var maximumTotalPixelCount: Int
    /// The most pages ``decodePages(_:)`` reads.
    public var maximumPageCount: Int

    /// Makes a decoder.
    ///
    /// - Parameters:
    ///   - maximumPixelCount: the largest `width * height` to accept.
    ///   - maximumTotalPixelCount: the most pixels of all pages together; `nil` for four
    ///     times `maximumPixelCount`.
    ///   - maximumPageCount: the most pages of one file.
    public init(maximumPixelCount: Int = ImageDecoder.defaultMaximumPixelCount, maximumTotalPixelCount: Int? = nil,
                maximumPageCount: Int = 1000) {
        self.maximumPixelCount = maximumPixelCount
        self.maximumTotalPixelCount = maximumTotalPixelCount ?? maximumPixelCount.multipliedReportingOverflow(by: 4).partialValue
        self.maximumPageCount = maximumPageCount
    }

    /// Decodes an image file with the default limits.
    ///
    /// - Parameter data: the bytes of the file.
    /// - Returns: the image, upright, with 8-bit samples or a JPEG's original bytes.
    /// - Throws: ``ImageError``, as the instance method does.
    public static func decode(_ data: Data) throws -> RasterImage {
        try ImageDecoder().decode(data)
    }

    /// Decodes an image file: the first frame of a GIF, the first page of a TIFF.
    ///
    /// - Parameter data: the bytes of the file.
    /// - Returns: the image, upright, with 8-bit samples or a JPEG's original bytes.
    /// - Throws: ``ImageError/unsupportedFormat`` for data in no format ``ImageFormat`` knows,
    ///   ``ImageError/unsupportedVariant(_:)`` for a kind PDF cannot hold or the decoder does
    ///   not read (a lossless JPEG, an animated WebP), ``ImageError/damaged(_:)`` for a
    ///   damaged or truncated file, ``ImageError/tooLarge(width:height:limit:)`` past
    ///   ``maximumPixelCount``, and ``ImageError/codecUnavailable(format:package:)`` when the
    ///   format's library is not installed.
    public func decode(_ data: Data) throws -> RasterImage {
        guard let format = ImageFormat(sniffing: data) else { throw ImageError.unsupportedFormat }
        switch format {
        case .png:
            return try PNGReader(limit: self).read(data)
        case .jpeg:
            let header = try JPEGHeader.parse(data, limit: self)
            guard let orientation = header.orientation, orientation != .up else { return header.image(data) }
            return try ImageCodecs.decodeJPEG(data, inverted: header.hasInvertedComponents, limit: self).oriented(orientation)
        case .webp:
            let image = try ImageCodecs.decode(.webp, data, limit: self)
            return image.oriented(ImageOrientation.fromWebP(data) ?? .up)
        case .gif, .tiff, .heif:
            return try ImageCodecs.decode(format, data, limit: self)
        }
    }

    /// Decodes every page of an image file: each page of a TIFF (a scanner's multi-page
    /// document), one image for any other format.
    ///
    /// - Parameter data: the bytes of the file.
    /// - Returns: the pages, in order, each upright.
    /// - Throws: ``ImageError`` as ``decode(_:)`` does;
    ///   ``ImageError/tooManyPages(count:limit:)`` past ``maximumPageCount``, and
    ///   ``ImageError/tooLarge(width:height:limit:)`` with ``maximumTotalPixelCount`` once the
    ///   pages together pass it.
    public func decodePages(_ data: Data) throws -> [RasterImage] {
        guard ImageFormat(sniffing: data) == .tiff else { return [try decode(data)] }
        let count = try ImageCodecs.tiffPageCount(data, limit: self)
        guard count <= maximumPageCount else { throw ImageError.tooManyPages(count: count, limit: maximumPageCount) }
        var pages: [RasterImage] = []
        var total = 0
        for page in 0..<max(count, 1) {
            let image = try ImageCodecs.decode(.tiff, data, page: page, limit: self)
            total += image.width * image.height
            guard total <= maximumTotalPixelCount else {
                throw ImageError.tooLarge(width: image.width, height: image.height, limit: maximumTotalPixelCount)
            }
            pages.append(image)
        }
        return pages
    }

    /// Throws ``ImageError/tooLarge(width:height:limit:)`` unless the size fits the budget.
    func checkSize(width: Int, height: Int) throws {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maximumPixelCount else {
            throw ImageError.tooLarge(width: width, height: height, limit: maximumPixelCount)
        }
    }
}
