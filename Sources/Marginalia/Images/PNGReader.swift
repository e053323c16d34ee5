import CPNG
import Foundation

/// Decodes a PNG file to 8-bit samples through libpng's simplified API.
///
/// Why the simplified API: libpng reports errors of its classic API by `longjmp`, which would
/// jump over Swift frames and skip their cleanup (undefined behaviour). The `png_image_*`
/// functions catch their own `longjmp` inside C and report failure through the return value
/// and `png_image.message`.
///
/// Every colour type and bit depth comes out as 8-bit gray or RGB, with a separate 8-bit
/// alpha plane when the file has an alpha channel or a `tRNS` chunk: libpng expands palettes
/// and low bit depths, applies `tRNS`, reduces 16-bit samples, and de-interlaces.
struct PNGReader {
    /// The decoder whose size budget applies.
    let limit: ImageDecoder

    /// Decodes `data`, which starts with the PNG signature.
    ///
    /// - Throws: ``ImageError/damaged(_:)`` with libpng's message when the file is invalid or
    ///   truncated, ``ImageError/tooLarge(width:height:limit:)`` when it is over budget.
    func read(_ data: Data) throws -> RasterImage {
        // libpng reads from `data` in both calls, so both run while its bytes are pinned.
        try data.withUnsafeBytes { bytes in
            var image = png_image()
            image.version = png_uint_32(PNG_IMAGE_VERSION)
            // Frees libpng's state whatever happens; a no-op once `finish_read` has freed it.
            defer { png_image_free(&image) }

            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                throw Self.failure(image)
            }
            let width = Int(image.width)
            let height = Int(image.height)
            try limit.checkSize(width: width, height: height)

            let hasColor = image.format & png_uint_32(PNG_FORMAT_FLAG_COLOR) != 0
            let hasAlpha = image.format & png_uint_32(PNG_FORMAT_FLAG_ALPHA) != 0
            // Ask for 8-bit, non-colour-mapped output of the file's own channels. Alpha stays
            // separate (not premultiplied) in the 8-bit formats.
            image.format = (hasColor ? png_uint_32(PNG_FORMAT_FLAG_COLOR) : 0)
                | (hasAlpha ? png_uint_32(PNG_FORMAT_FLAG_ALPHA) : 0)
            // Without this flag libpng takes 16-bit samples without gAMA/sRGB as linear light
            // and brightens them on the way to 8-bit sRGB; viewers treat them like 8-bit
            // samples (sRGB-encoded), so a plain reduction matches what users see elsewhere.
            image.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)

            let colorComponents = hasColor ? 3 : 1
            let channels = colorComponents + (hasAlpha ? 1 : 0)
            let pixelCount = width * height  // checkSize proved it does not overflow
            let (byteCount, overflow) = pixelCount.multipliedReportingOverflow(by: channels)
            guard !overflow else { throw ImageError.tooLarge(width: width, height: height, limit: limit.maximumPixelCount) }

            var buffer = [UInt8](repeating: 0, count: byteCount)
            let finished = buffer.withUnsafeMutableBytes { output in
                // Row stride 0: rows are packed, width * channels bytes apart.
                png_image_finish_read(&image, nil, output.baseAddress, 0, nil)
            }
            guard finished != 0 else { throw Self.failure(image) }

            let colorSpace: RasterImage.ColorSpace = hasColor ? .rgb : .gray
            guard hasAlpha else {
                return RasterImage(width: width, height: height, colorSpace: colorSpace, storage: .samples(buffer))
            }
            let (samples, alpha) = Self.splitAlpha(buffer, colorComponents: colorComponents, pixelCount: pixelCount)
            return RasterImage(
                width: width, height: height, colorSpace: colorSpace,
                storage: .samples(samples), alpha: RasterImage.significantAlpha(alpha)
            )
        }
    }

    /// Splits interleaved colour-plus-alpha pixels into packed colour samples and an alpha
    /// plane (PDF keeps opacity in a separate soft-mask image).
    static func splitAlpha(_ pixels: [UInt8], colorComponents: Int, pixelCount: Int) -> ([UInt8], [UInt8]) {
        let stride = colorComponents + 1
        var samples = [UInt8](repeating: 0, count: pixelCount * colorComponents)
        var alpha = [UInt8](repeating: 0, count: pixelCount)
        pixels.withUnsafeBufferPointer { source in
            samples.withUnsafeMutableBufferPointer { colour in
                alpha.withUnsafeMutableBufferPointer { opacity in
                    for pixel in 0..<min(pixelCount, source.count / stride) {
                        let from = pixel * stride
                        for component in 0..<colorComponents {
                            colour[pixel * colorComponents + component] = source[from + component]
                        }
                        opacity[pixel] = source[from + colorComponents]
                    }
                }
            }
        }
        return (samples, alpha)
    }

    /// The error for a failed libpng call, carrying libpng's own message.
    static func failure(_ image: png_image) -> ImageError {
        let bytes = withUnsafeBytes(of: image.message) { Array($0.prefix { $0 != 0 }) }
        let message = String(decoding: bytes, as: UTF8.self)
        return .damaged(message.isEmpty ? "the PNG data could not be read" : "invalid PNG data (\(message))")
    }
}
