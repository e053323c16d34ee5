import CCairo
import Foundation

/// A rendered picture: premultiplied ARGB pixels in a cairo image surface, with what the
/// renderer left out.
public final class RenderedImage {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// What was not drawn (only with ``RenderOptions/allowPartial``), e.g.
    /// `page 1: shading (sh)`; empty when everything was drawn.
    public internal(set) var skipped: [String] = []
    let surface: OpaquePointer

    init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 32767, height <= 32767,
              width.multipliedReportingOverflow(by: height).partialValue <= PageRenderer.maximumPixelCount else {
            throw RenderError.tooLarge(width: width, height: height)
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo("cannot make a \(width) x \(height) surface")
        }
        self.width = width
        self.height = height
        self.surface = surface
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// The picture as PNG file bytes (8-bit RGBA, or RGB when it is opaque).
    public func pngData() throws -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo(String(cString: cairo_status_to_string(status)))
        }
        return sink.data
    }

    /// Writes the PNG to `url` atomically.
    public func writePNG(to url: URL) throws {
        try pngData().write(to: url, options: .atomic)
    }

    /// The pixels as straight (not premultiplied) RGBA bytes, rows from the top.
    public func rgbaPixels() -> [UInt8] {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let base = cairo_image_surface_get_data(surface) else { return [] }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = base.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
            for x in 0..<width {
                let pixel = row[x]
                let a = UInt32((pixel >> 24) & 0xFF)
                func channel(_ shift: UInt32) -> UInt8 {
                    let premultiplied = (pixel >> shift) & 0xFF
                    return a == 0 ? 0 : UInt8(min(255, (premultiplied * 255 + a / 2) / a))
                }
                let i = (y * width + x) * 4
                out[i] = channel(16); out[i + 1] = channel(8); out[i + 2] = channel(0); out[i + 3] = UInt8(a)
            }
        }
        return out
    }
}
