import Foundation

/// An image document: a PDF of one page that is the image, one point per pixel, on which
/// annotations mark the image up (seed 002); a multi-page TIFF gives one page per image. The
/// server stores an uploaded image this way and `marginalia create` makes one; rendering the page at one pixel per point gives
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

    /// The bytes of a PDF with one page per image, each page the size of its image (one
    /// point per pixel), as ``data(showing:metadata:)`` makes for one.
    ///
    /// - Throws: ``GenerationError/invalidArgument(_:)`` for no images, ``ImageError`` for an
    ///   image that cannot be embedded, ``PDFError`` if writing fails.
    public static func data(showingPages images: [RasterImage], metadata: DocumentMetadata = DocumentMetadata()) throws -> Data {
        guard let first = images.first else { throw GenerationError.invalidArgument("an image document needs an image") }
        let renderer = PDFRenderer(metadata: metadata, defaultPageSize: CGSize(width: first.width, height: first.height),
                                   origin: .bottomLeft)
        return try renderer.data { context in
            for image in images {
                let size = CGSize(width: image.width, height: image.height)
                try context.beginPage(size: size)
                try context.draw(image, in: CGRect(origin: .zero, size: size))
            }
        }
    }

    /// Whether `data` starts like an image file ``ImageDecoder`` reads (the type comes from
    /// the bytes, never a name).
    public static func isImage(_ data: Data) -> Bool {
        ImageFormat(sniffing: data) != nil
    }
}
