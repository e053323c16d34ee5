import CGIF
import CHEIF
import CJPEG
import CLazyLibrary
import CTIFF
import CWebP
import Foundation

/// The C decoders of the formats whose pixels Marginalia decodes itself (WebP, GIF, TIFF,
/// HEIF, and JPEGs that must be turned), each loaded on its first image. They all hand back
/// 8-bit samples row by row from the top (`mg_image`), which become a ``RasterImage`` here.
enum ImageCodecs {
    /// Decodes `data`, whose format is `format`, with page `page` for a TIFF.
    static func decode(_ format: ImageFormat, _ data: Data, page: Int = 0, limit: ImageDecoder) throws -> RasterImage {
        var image = mg_image()
        let maximum = limit.maximumPixelCount
        let status = data.withUnsafeBytes { bytes -> mg_image_status in
            let base = bytes.bindMemory(to: UInt8.self).baseAddress
            switch format {
            case .webp: return mg_webp_decode(base, bytes.count, maximum, &image)
            case .gif: return mg_gif_decode(base, bytes.count, maximum, &image)
            case .tiff: return mg_tiff_decode(base, bytes.count, Int32(clamping: page), maximum, &image)
            case .heif: return mg_heif_decode(base, bytes.count, maximum, &image)
            case .png, .jpeg: return MG_IMAGE_UNSUPPORTED
            }
        }
        defer { mg_image_free(&image) }
        try check(status, image, format: format, limit: limit)
        let raster = try rasterImage(image, format: format)
        return raster.oriented(ImageOrientation(rawValue: Int(image.orientation)) ?? .up)
    }

    /// The number of pages of a TIFF.
    static func tiffPageCount(_ data: Data, limit: ImageDecoder) throws -> Int {
        var failure = mg_image()
        var count: Int32 = 0
        let status = data.withUnsafeBytes { bytes in
            mg_tiff_page_count(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &count, &failure)
        }
        try check(status, failure, format: .tiff, limit: limit)
        return Int(count)
    }

    /// Decodes a JPEG's pixels (libjpeg): for a JPEG whose EXIF orientation turns it, which
    /// cannot keep its bytes.
    static func decodeJPEG(_ data: Data, inverted: Bool, limit: ImageDecoder) throws -> RasterImage {
        guard mg_jpeg_available() != 0 else {
            throw ImageError.codecUnavailable(format: ImageFormat.jpeg.name, package: ImageFormat.jpeg.libraryPackage)
        }
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0, components: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let result = data.withUnsafeBytes { bytes in
            mg_jpeg_decode(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, limit.maximumPixelCount,
                           &pixels, &width, &height, &components, &message, message.count)
        }
        defer { mg_jpeg_free(pixels) }
        guard result == 0, let pixels else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImageError.damaged("invalid JPEG data (\(text))")
        }
        let colorSpace: RasterImage.ColorSpace = components == 1 ? .gray : components == 4 ? .cmyk : .rgb
        let count = Int(width) * Int(height) * colorSpace.componentCount
        return RasterImage(width: Int(width), height: Int(height), colorSpace: colorSpace,
                           storage: .samples(Array(UnsafeBufferPointer(start: pixels, count: count))),
                           hasInvertedComponents: inverted)
    }

    // MARK: - From C

    /// Throws the error a decoder's status stands for.
    private static func check(_ status: mg_image_status, _ image: mg_image, format: ImageFormat, limit: ImageDecoder) throws {
        switch status {
        case MG_IMAGE_OK: return
        case MG_IMAGE_TOO_LARGE:
            throw ImageError.tooLarge(width: Int(image.width), height: Int(image.height), limit: limit.maximumPixelCount)
        case MG_IMAGE_LIBRARY_MISSING:
            throw ImageError.codecUnavailable(format: format.name, package: format.libraryPackage)
        case MG_IMAGE_UNSUPPORTED:
            throw ImageError.unsupportedVariant(message(image))
        default:
            throw ImageError.damaged(message(image))
        }
    }

    private static func message(_ image: mg_image) -> String {
        withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The samples of `image` (1 to 4 interleaved channels), with alpha split off.
    private static func rasterImage(_ image: mg_image, format: ImageFormat) throws -> RasterImage {
        let width = Int(image.width), height = Int(image.height), channels = Int(image.channels)
        guard let pixels = image.pixels, (1...4).contains(channels) else {
            throw ImageError.damaged("the \(format.name) image decoded to no pixels")
        }
        let pixelCount = width * height
        let all = Array(UnsafeBufferPointer(start: pixels, count: pixelCount * channels))
        let colorSpace: RasterImage.ColorSpace = channels <= 2 ? .gray : .rgb
        guard channels == 2 || channels == 4 else {
            return RasterImage(width: width, height: height, colorSpace: colorSpace, storage: .samples(all))
        }
        let (samples, alpha) = PNGReader.splitAlpha(all, colorComponents: channels - 1, pixelCount: pixelCount)
        return RasterImage(width: width, height: height, colorSpace: colorSpace, storage: .samples(samples),
                           alpha: RasterImage.significantAlpha(alpha))
    }
}
