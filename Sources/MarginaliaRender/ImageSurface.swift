import CCairo
import CJPEG
import Foundation
import PDFCore

/// An image XObject (or inline image) decoded into a cairo surface: premultiplied ARGB for
/// colour images (with their `/SMask` as alpha), or an alpha-only surface for stencil masks
/// (`/ImageMask true`), painted in the fill colour (ISO 32000-2, 8.9).
final class ImageSurface {
    let surface: OpaquePointer
    let width: Int
    let height: Int
    /// A stencil mask: the surface is alpha only, and the fill colour is painted through it.
    let isStencil: Bool

    private init(surface: OpaquePointer, width: Int, height: Int, isStencil: Bool) {
        self.surface = surface
        self.width = width
        self.height = height
        self.isStencil = isStencil
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    enum Failure: Error {
        case unsupported(String)
        case damaged(String)
    }

    /// Decodes the image in `stream` (its dictionary with full key names, its data from
    /// `data`, which yields the bytes after every filter the library decodes).
    static func make(dictionary d: PDFDictionary, data: () throws -> [UInt8], filters: [String],
                     resources: PDFDictionary?, file: PDFFile, smask: (() throws -> ImageSurface?)?) throws -> ImageSurface {
        func number(_ key: String) -> Int? { (try? file.resolve(d[key] ?? .null))?.integerValue }
        guard let width = number("Width"), let height = number("Height"), width > 0, height > 0 else {
            throw Failure.damaged("an image without a positive /Width and /Height")
        }
        guard width.multipliedReportingOverflow(by: height).partialValue <= PageRenderer.maximumPixelCount,
              width <= 32767, height <= 32767 else {
            throw Failure.unsupported("an image of \(width) x \(height) pixels (too large)")
        }
        if let codec = filters.last, ["JPXDecode", "JBIG2Decode", "CCITTFaxDecode", "CCF"].contains(codec) {
            throw Failure.unsupported("an image compressed with \(codec)")
        }
        // Its samples (at most four bytes a pixel) and its surface (four), before any is made.
        try file.meter?.charge(width * height * 8, for: "an image of \(width) x \(height) pixels")
        let decode = ((try? file.resolve(d["Decode"] ?? .null))?.arrayValue ?? []).compactMap(\.numberValue)
        let bytes: [UInt8]
        do { bytes = try data() } catch { throw Failure.damaged("image data that cannot be decoded (\(error))") }

        if (try? file.resolve(d["ImageMask"] ?? .null))?.boolValue == true {
            let inverted = decode.count >= 2 && decode[0] > decode[1]
            let alpha = try unpack(bytes, width: width, height: height, components: 1, bits: 1).map { sample -> UInt8 in
                // Sample 0 paints, unless /Decode [1 0] (8.9.6.2).
                (sample == 0) != inverted ? 255 : 0
            }
            return try surface(width: width, height: height, stencil: alpha)
        }

        var samples: [UInt8]
        var components: Int
        var space: ColorSpace
        var bits = number("BitsPerComponent") ?? 8
        if filters.last == "DCTDecode" || filters.last == "DCT" {
            (samples, components) = try jpeg(bytes, expectedWidth: width, expectedHeight: height)
            bits = 8
            space = components == 1 ? .gray : components == 4 ? .cmyk : .rgb
        } else {
            guard let named = ColorSpace.resolve(d["ColorSpace"] ?? d["CS"], resources: resources, file: file) else {
                throw Failure.unsupported("an image in an unknown colour space")
            }
            space = named
            components = named.componentCount
            guard [1, 2, 4, 8, 16].contains(bits) else { throw Failure.damaged("\(bits) bits per component") }
            samples = try unpack(bytes, width: width, height: height, components: components, bits: bits)
        }
        if case .pattern = space { throw Failure.unsupported("an image in a pattern colour space") }
        let maximum = Double((1 << bits) - 1)
        let isIndexed: Bool = { if case .indexed = space { return true }; return false }()
        let mask = try smask?()
        var argb = [UInt32](repeating: 0, count: width * height)
        // Per-component lookup tables: sample -> 0...1 through /Decode.
        let tables: [[Double]] = (0..<components).map { c in
            let low = decode.count >= 2 * c + 2 ? decode[2 * c] : 0
            let high = decode.count >= 2 * c + 2 ? decode[2 * c + 1] : (isIndexed ? maximum : 1)
            return (0..<256).map { v in low + Double(v) * (high - low) / (bits == 16 ? 255 : maximum) }
        }
        var values = [Double](repeating: 0, count: components)
        for pixel in 0..<(width * height) {
            for c in 0..<components { values[c] = tables[c][Int(samples[pixel * components + c])] }
            let (r, g, b) = space.rgb(values)
            var a: UInt32 = 255
            if let mask { a = UInt32(mask.alpha(atX: pixel % width * mask.width / width, y: pixel / width * mask.height / height)) }
            func channel(_ v: Double) -> UInt32 { (UInt32((max(0, min(1, v)) * 255).rounded()) * a + 127) / 255 }
            argb[pixel] = a << 24 | channel(r) << 16 | channel(g) << 8 | channel(b)
        }
        return try surface(width: width, height: height, argb: argb)
    }

    /// The alpha of a stencil or the luminosity of a gray image at a pixel (for soft masks).
    func alpha(atX x: Int, y: Int) -> UInt8 {
        guard let base = cairo_image_surface_get_data(surface) else { return 255 }
        let stride = Int(cairo_image_surface_get_stride(surface))
        if isStencil { return base[y * stride + x] }
        let pixel = base.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0[x] }
        return UInt8((pixel >> 8) & 0xFF)  // gray: any channel
    }

    /// Samples of `bits` each, rows padded to whole bytes (8.9.3), as 8-bit values (16-bit
    /// samples keep their high byte; 1, 2 and 4-bit ones stay small, /Decode maps them).
    static func unpack(_ bytes: [UInt8], width: Int, height: Int, components: Int, bits: Int) throws -> [UInt8] {
        let rowBits = width * components * bits
        let rowBytes = (rowBits + 7) / 8
        guard bytes.count >= rowBytes * height else {
            throw Failure.damaged("image data of \(bytes.count) bytes where \(rowBytes * height) are needed")
        }
        if bits == 8 { return Array(bytes.prefix(rowBytes * height)) }
        var out = [UInt8](repeating: 0, count: width * components * height)
        let perRow = width * components
        for y in 0..<height {
            let row = y * rowBytes
            for i in 0..<perRow {
                switch bits {
                case 16: out[y * perRow + i] = bytes[row + 2 * i]
                default:
                    let bit = i * bits
                    let byte = bytes[row + bit / 8]
                    let shift = 8 - bits - bit % 8
                    out[y * perRow + i] = (byte >> UInt8(shift)) & UInt8((1 << bits) - 1)
                }
            }
        }
        return out
    }

    private static func jpeg(_ bytes: [UInt8], expectedWidth: Int, expectedHeight: Int) throws -> ([UInt8], Int) {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0, components: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { buffer in
            mg_jpeg_decode(buffer.baseAddress, buffer.count, PageRenderer.maximumPixelCount,
                           &pixels, &width, &height, &components, &message, message.count)
        }
        guard status == 0, let pixels else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw Failure.damaged("a JPEG that cannot be decoded (\(text))")
        }
        defer { mg_jpeg_free(pixels) }
        guard Int(width) == expectedWidth, Int(height) == expectedHeight else {
            throw Failure.damaged("a JPEG of \(width) x \(height) pixels in an image of \(expectedWidth) x \(expectedHeight)")
        }
        let count = Int(width) * Int(height) * Int(components)
        return (Array(UnsafeBufferPointer(start: pixels, count: count)), Int(components))
    }

    private static func surface(width: Int, height: Int, argb: [UInt32]) throws -> ImageSurface {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let base = cairo_image_surface_get_data(surface) else {
            throw Failure.damaged("no memory for a \(width) x \(height) image")
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        argb.withUnsafeBufferPointer { source in
            for y in 0..<height {
                base.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { row in
                    row.update(from: source.baseAddress! + y * width, count: width)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return ImageSurface(surface: surface, width: width, height: height, isStencil: false)
    }

    private static func surface(width: Int, height: Int, stencil: [UInt8]) throws -> ImageSurface {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let base = cairo_image_surface_get_data(surface) else {
            throw Failure.damaged("no memory for a \(width) x \(height) mask")
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            for x in 0..<width { base[y * stride + x] = stencil[y * width + x] }
        }
        cairo_surface_mark_dirty(surface)
        return ImageSurface(surface: surface, width: width, height: height, isStencil: true)
    }
}
