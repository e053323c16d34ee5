import CPNG
import Foundation

extension RasterImage {
    /// The image as a file any browser shows, upright: a JPEG kept as bytes is given back
    /// unchanged; anything else (a HEIC, a turned photo, a TIFF page…) is written as a PNG
    /// through libpng, with its alpha. The browser editor places images it cannot show itself
    /// this way (docs/api.md, `POST /api/v1/images`).
    ///
    /// - Returns: the file's bytes and its media type, `image/jpeg` or `image/png`.
    /// - Throws: ``ImageError/damaged(_:)`` when the samples do not fit the size or libpng fails.
    public func fileData() throws -> (data: Data, mediaType: String) {
        switch storage {
        case .jpeg(let data):
            return (data, "image/jpeg")
        case .samples(let samples):
            guard let pixelCount, let sampleCount, samples.count == sampleCount, pixelCount > 0,
                  alpha.map({ $0.count == pixelCount }) ?? true else {
                throw ImageError.damaged("an image of \(width) × \(height) pixels with \(samples.count) samples cannot be written")
            }
            return (try Self.png(width: width, height: height, colorSpace: colorSpace, samples: samples, alpha: alpha,
                                 inverted: hasInvertedComponents), "image/png")
        }
    }

    /// PNG bytes of 8-bit samples, interleaved with the alpha plane when there is one.
    /// CMYK (a turned CMYK JPEG) becomes RGB by the plain complement (no colour management).
    private static func png(width: Int, height: Int, colorSpace: ColorSpace, samples: [UInt8], alpha: [UInt8]?,
                            inverted: Bool) throws -> Data {
        var channels = colorSpace == .gray ? 1 : 3
        var pixels: [UInt8]
        if colorSpace == .cmyk {
            pixels = [UInt8](repeating: 0, count: width * height * 3)
            for i in 0..<(width * height) {
                let ink = (0..<4).map { Int(inverted ? 255 - samples[i * 4 + $0] : samples[i * 4 + $0]) }
                for c in 0..<3 { pixels[i * 3 + c] = UInt8(max(0, 255 - ink[c] - ink[3])) }
            }
        } else {
            pixels = samples
        }
        if let alpha {
            var withAlpha = [UInt8](repeating: 0, count: width * height * (channels + 1))
            for i in 0..<(width * height) {
                for c in 0..<channels { withAlpha[i * (channels + 1) + c] = pixels[i * channels + c] }
                withAlpha[i * (channels + 1) + channels] = alpha[i]
            }
            pixels = withAlpha
            channels += 1
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = (colorSpace == .gray ? 0 : png_uint_32(PNG_FORMAT_FLAG_COLOR))
            | (alpha == nil ? 0 : png_uint_32(PNG_FORMAT_FLAG_ALPHA))
        defer { png_image_free(&image) }
        // First the size (no memory given), then the write into that many bytes.
        var size: png_alloc_size_t = 0
        let stride = png_int_32(width * channels)
        guard pixels.withUnsafeBytes({ png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, stride, nil) }) != 0,
              size > 0 else {
            throw ImageError.damaged("libpng could not size the PNG")
        }
        var output = [UInt8](repeating: 0, count: Int(size))
        let written = output.withUnsafeMutableBytes { memory in
            pixels.withUnsafeBytes { png_image_write_to_memory(&image, memory.baseAddress, &size, 0, $0.baseAddress, stride, nil) }
        }
        guard written != 0 else { throw ImageError.damaged("libpng could not write the PNG") }
        return Data(output.prefix(Int(size)))
    }
}
