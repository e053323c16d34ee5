import Foundation
import PDFCore

extension PDFRendererContext {
    // MARK: - Images

    /// Draws `image` scaled to fill `rect`, its top row at the top of the rectangle in either
    /// origin, so that it is never mirrored.
    ///
    /// The image is stored once per document however often it is drawn: a JPEG with its
    /// original bytes (`/DCTDecode`), anything else as compressed samples, with its
    /// transparency as a soft mask. The current alpha (``setAlpha(_:)`` and the fill
    /// colour's) applies.
    ///
    /// - Throws: ``GenerationError`` for a non-finite rectangle, ``ImageError`` for an
    ///   image that cannot be embedded.
    public func draw(_ image: RasterImage, in rect: CGRect) throws {
        try requirePage("draw(_:in:)")
        try FiniteCheck.rect(rect, "the rectangle given to draw(_:in:)")
        let r = rect.standardized
        let entry = try document.xObject(for: image)
        page?.resources.useXObject(entry.name, entry.reference)
        // An image fills the unit square, its first row at y = 1 (8.9.4). Mapping y = 1 to
        // the rectangle's top edge keeps it upright: maxY with y up, minY with y down.
        let placement = origin == .topLeft
            ? AffineTransform(m11: r.width, m12: 0, m21: 0, m22: -r.height, tX: r.minX, tY: r.maxY)
            : AffineTransform(m11: r.width, m12: 0, m21: 0, m22: r.height, tX: r.minX, tY: r.minY)
        page?.content.save()
        page?.content.concatenate(placement)
        page?.content.drawXObject(entry.name)
        page?.content.restore()
    }

    // MARK: - Links

    /// Makes `rect` a link that opens `url`.
    ///
    /// The rectangle is in context coordinates under the current transform; the link's
    /// area is its bounding box on the page. Links are invisible (no border).
    public func addLink(url: URL, rect: CGRect) throws {
        try addLink(.uri(url), rect: rect, operation: "addLink(url:rect:)")
    }

    /// Makes `rect` a link to the page at `pageIndex` (0-based), shown at the reader's
    /// current zoom. The page may be one not begun yet: links are resolved when the
    /// document is finished.
    ///
    /// - Throws: ``GenerationError/invalidArgument(_:)`` for a negative index; finishing
    ///   the document throws ``GenerationError/linkTargetMissing(page:pageCount:)`` if the
    ///   page is never begun.
    public func addLink(toPage pageIndex: Int, rect: CGRect) throws {
        guard pageIndex >= 0 else { throw GenerationError.invalidArgument("a link cannot point to page index \(pageIndex)") }
        try addLink(.page(pageIndex), rect: rect, operation: "addLink(toPage:rect:)")
    }

    private func addLink(_ target: PendingLink.Target, rect: CGRect, operation: String) throws {
        try requirePage(operation)
        try FiniteCheck.rect(rect, "the rectangle given to \(operation)")
        // Annotation rectangles are in page space (12.5.2), whatever the content's transform.
        let area = state.transform.transform(rect)
        try FiniteCheck.rect(area, "the link area of \(operation) on the page")
        page?.links.append(PendingLink(rect: area, target: target))
    }
}
