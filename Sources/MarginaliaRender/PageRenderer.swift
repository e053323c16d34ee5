import CCairo
import Foundation
import Marginalia
import PDFCore

/// How to render.
public struct RenderOptions: Sendable {
    /// Pixels per point; nil for the natural scale (``PageRenderer/naturalScale(ofPage:in:)``).
    public var scale: Double?
    /// Whether annotations are drawn over the page (their normal appearances).
    public var drawsAnnotations: Bool
    /// Draw what can be drawn and list the rest in ``RenderedImage/skipped``, instead of
    /// refusing with ``RenderError/unsupported(_:)``.
    public var allowPartial: Bool

    public init(scale: Double? = nil, drawsAnnotations: Bool = true, allowPartial: Bool = false) {
        self.scale = scale
        self.drawsAnnotations = drawsAnnotations
        self.allowPartial = allowPartial
    }
}

/// Renders pages and single annotations to pixels with cairo, from the document's own
/// content and appearance streams (``ContentRenderer`` interprets them).
///
/// It is made for what Marginalia writes: image documents (a page that is one image, with
/// annotations over it) and annotation appearances, which it draws as Poppler and PDFium do.
/// A page whose content uses what it does not draw (embedded fonts, shadings, patterns) is
/// refused unless ``RenderOptions/allowPartial`` is set, so a wrong picture is never passed
/// off as a right one.
public enum PageRenderer {
    /// The most pixels one rendering (or one image in it) may have.
    public static let maximumPixelCount = 50_000_000

    /// Renders page `index` (0-based): its crop box, turned by its `/Rotate`, on white.
    public static func render(page index: Int, of document: PDFDocument, options: RenderOptions = RenderOptions()) throws -> RenderedImage {
        let count = try document.pageCount
        guard index >= 0, index < count else { throw RenderError.noSuchPage(index, pageCount: count) }
        let page = try document.page(at: index)
        let scale = try options.scale ?? naturalScale(ofPage: index, in: document)
        let box = page.bounds(for: .cropBox)
        let (image, renderer) = try canvas(box: box, rotation: page.rotation, scale: scale, file: document.file)
        cairo_set_source_rgb(renderer.cr, 1, 1, 1)
        cairo_paint(renderer.cr)
        renderer.location = "page \(index + 1)"
        let content = try document.contentData(of: page)
        let resources = try document.file.dictionary(page.effectiveAttributes["Resources"])
        renderer.save()
        renderer.run(content, resources: resources)
        renderer.restore()
        if options.drawsAnnotations {
            for (position, object) in annotationObjects(page, file: document.file).enumerated() {
                let label = object.referenceValue.map { "annotation \($0.number) \($0.generation)" } ?? "annotation \(position + 1)"
                renderer.location = "page \(index + 1), \(label)"
                drawAppearance(object, with: renderer, requireAppearance: false)
            }
        }
        return try finish(image, renderer, options)
    }

    /// Renders one annotation's normal appearance alone on a transparent background: its
    /// `/Rect` at `scale` pixels per point (default 1), turned as its page is; with
    /// `turnedWithPage` false, upright in page space whatever the page's `/Rotate` (the first
    /// row is the rect's top, the columns run along page x), for a viewer that places the
    /// picture over the rect and turns it itself, or not at all for a NoRotate annotation.
    public static func render(annotationID id: String, in document: PDFDocument, scale: Double? = nil,
                              turnedWithPage: Bool = true, allowPartial: Bool = false) throws -> RenderedImage {
        for index in 0..<(try document.pageCount) {
            let page = try document.page(at: index, readingAnnotations: false)
            for object in annotationObjects(page, file: document.file) {
                guard let d = try document.file.dictionary(object),
                      let name = try document.file.resolve(d["NM"] ?? .null).stringBytes.map(PDFTextString.decode) ?? fallbackID(object),
                      name == id else { continue }
                guard let rect = rect(d, file: document.file) else { throw RenderError.noAppearance(id) }
                let (image, renderer) = try canvas(box: rect, rotation: turnedWithPage ? page.rotation : 0, scale: scale ?? 1,
                                                    file: document.file)
                renderer.location = "annotation \(id)"
                guard drawAppearance(object, with: renderer, requireAppearance: true) else { throw RenderError.noAppearance(id) }
                return try finish(image, renderer, RenderOptions(allowPartial: allowPartial))
            }
        }
        throw RenderError.noSuchAnnotation(id)
    }

    /// The id Marginalia gives an annotation without `/NM` (as ``PDFDocument/annotations(onPage:)`` does).
    private static func fallbackID(_ object: PDFObject) -> String? {
        object.referenceValue.map { "ann-\($0.number)-\($0.generation)" }
    }

    // MARK: - Drawing

    /// A surface for `box` (page space) turned clockwise by `rotation` at `scale`, and a
    /// renderer whose user space is page space.
    static func canvas(box: CGRect, rotation: Int, scale: Double, file: PDFFile) throws -> (RenderedImage, ContentRenderer) {
        guard scale.isFinite, scale > 0, scale <= 100 else { throw RenderError.invalidScale(scale) }
        let turn = AffineTransform.rotation(degrees: CGFloat(-((rotation % 360 + 360) % 360)))
        let origin = AffineTransform.translation(x: -box.minX, y: -box.minY)
        let turned = origin.appending(turn).transform(box)
        // RenderedImage refuses sizes past its limit; a box too large for any image (or whose
        // width overflows) reaches it as a size past the limit, not as a trap here.
        let width = Int(saturating: (turned.width * scale).rounded(), in: 0...Int(Int32.max))
        let height = Int(saturating: (turned.height * scale).rounded(), in: 0...Int(Int32.max))
        if width > 0, height > 0, width.multipliedReportingOverflow(by: height).partialValue <= maximumPixelCount {
            try file.meter?.charge(width * height * 4, for: "a raster of \(width) x \(height) pixels")
        }
        let image = try RenderedImage(width: width, height: height)
        let device = origin.appending(turn)
            .appending(.translation(x: -turned.minX, y: -turned.minY))
            .appending(.scaling(x: scale, y: -scale))
            .appending(.translation(x: 0, y: CGFloat(height)))
        guard let cr = cairo_create(image.surface), cairo_status(cr) == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo("cannot draw on the surface")
        }
        var matrix = cairo_matrix_t(xx: device.m11, yx: device.m12, xy: device.m21, yy: device.m22, x0: device.tX, y0: device.tY)
        cairo_set_matrix(cr, &matrix)
        let renderer = ContentRenderer(file: file, context: cr)
        return (image, renderer)
    }

    private static func finish(_ image: RenderedImage, _ renderer: ContentRenderer, _ options: RenderOptions) throws -> RenderedImage {
        cairo_destroy(renderer.cr)
        guard renderer.unsupported.isEmpty || options.allowPartial else { throw RenderError.unsupported(renderer.unsupported) }
        image.skipped = renderer.unsupported
        return image
    }
}
