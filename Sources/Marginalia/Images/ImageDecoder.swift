import Foundation

/// Reads PNG and JPEG files into ``RasterImage`` values for embedding in a PDF.
///
/// The format is recognised by the file's signature, not by its name. PNGs are decoded to
/// 8-bit samples through libpng, whatever their colour type and bit depth; JPEGs are only
/// inspected (their markers give size and colour space) and keep their original bytes.
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
    /// ``ImageError/tooLarge(width:height:)``.
    public var maximumPixelCount: Int

    /// Makes a decoder.
    ///
    /// - Parameter maximumPixelCount: the largest `width * height` to accept.
    public init(maximumPixelCount: Int = ImageDecoder.defaultMaximumPixelCount) {
        self.maximumPixelCount = maximumPixelCount
    }

    /// Decodes a PNG or JPEG file with the default limits.
    ///
    /// - Parameter data: the bytes of the file.
    /// - Returns: the image, with 8-bit samples (PNG) or its original bytes (JPEG).
    /// - Throws: ``ImageError``, as the instance method does.
    public static func decode(_ data: Data) throws -> RasterImage {
        try ImageDecoder().decode(data)
    }

    /// Decodes a PNG or JPEG file.
    ///
    /// - Parameter data: the bytes of the file.
    /// - Returns: the image, with 8-bit samples (PNG) or its original bytes (JPEG).
    /// - Throws: ``ImageError/unsupportedFormat`` for data that is neither PNG nor JPEG,
    ///   ``ImageError/unsupportedVariant(_:)`` for a JPEG kind PDF cannot hold,
    ///   ``ImageError/damaged(_:)`` for a damaged or truncated file, and
    ///   ``ImageError/tooLarge(width:height:)`` past ``maximumPixelCount``.
    public func decode(_ data: Data) throws -> RasterImage {
        switch ImageFormat(sniffing: data) {
        case .png?: return try PNGReader(limit: self).read(data)
        case .jpeg?: return try JPEGHeader.parse(data, limit: self).image(data)
        case nil: throw ImageError.unsupportedFormat
        }
    }

    /// Throws ``ImageError/tooLarge(width:height:)`` unless the size fits the budget.
    func checkSize(width: Int, height: Int) throws {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maximumPixelCount else {
            throw ImageError.tooLarge(width: width, height: height)
        }
    }
}

/// The image file formats the decoder recognises.
enum ImageFormat {
    case png
    case jpeg

    /// The PNG signature (PNG specification, 5.2).
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Recognises a format by its first bytes: the PNG signature, or a JPEG's start-of-image
    /// marker followed by the start of another marker (ITU T.81, B.2.1).
    init?(sniffing data: Data) {
        if data.starts(with: Self.pngSignature) {
            self = .png
        } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else {
            return nil
        }
    }
}
