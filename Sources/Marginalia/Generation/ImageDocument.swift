import Foundation

/// An image document: a PDF of one page that is the image, one point per pixel, on which
/// annotations mark the image up (seed 002). The server stores an uploaded PNG or JPEG this
/// way and `marginalia create` makes one; rendering the page at one pixel per point gives
/// back the image at its own size, with the annotations over it.
public enum ImageDocument {
    /// The bytes of a one-page PDF showing `image` over the whole page, the page
    /// `image.width` x `image.height` points. A JPEG is embedded as it is.
    ///
    /// - Throws: ``ImageError`` for an image that cannot be embedded, ``PDFError`` if writing fails.
    public static func data(showing image: RasterImage, metadata: DocumentMetadata = DocumentMetadata()) throws -> Data {
        let size = CGSize(width: image.width, height: image.height)
        let renderer = PDFRenderer(metadata: metadata, defaultPageSize: size, origin: .bottomLeft)
        return try renderer.data { context in
            try context.beginPage(size: size)
            try context.draw(image, in: CGRect(origin: .zero, size: size))
        }
    }

    /// Whether `data` starts like a PNG or JPEG file (the type comes from the bytes, never a name).
    public static func isImage(_ data: Data) -> Bool {
        ImageFormat(sniffing: data) != nil
    }
}
