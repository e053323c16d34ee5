import Foundation
import PDFCore

/// The drawing context of a ``PDFRenderer``: begin pages, then draw paths, text, images and
/// links on them, as with UIKit's `UIGraphicsPDFRendererContext` and its `CGContext`.
///
/// Coordinates are points in the renderer's ``PDFRenderer/Origin``: with `.bottomLeft` they
/// are PDF page space; with `.topLeft` the origin is the top-left corner and y grows down,
/// as in UIKit. The flip is one transform at the start of each page's content, so paths are
/// written as given; text, images and link areas are turned so that they read right way up.
///
/// The state (transform, colours, alpha, line style) works like Core Graphics': it lasts
/// until changed or until ``restoreState()`` brings back what ``saveState()`` kept, and
/// every page begins with the default state (black, opaque, 1 pt lines, no transform).
/// Paths are built first (``move(to:)``, ``addLine(to:)``...) and consumed by painting
/// (``stroke()``, ``fill(evenOdd:)``...), so colours may be set in between.
///
/// Every call that takes geometry throws ``GenerationError/nonFiniteValue(_:)`` for NaN or
/// infinite numbers rather than write them; drawing before the first page throws
/// ``GenerationError/noCurrentPage(operation:)``.
public final class PDFRendererContext {
    /// The coordinate convention of this context.
    public let origin: PDFRenderer.Origin
    /// The size of a page begun without one.
    public let defaultPageSize: CGSize
    /// Problems that did not stop drawing (missing glyphs), one line each, in order.
    public private(set) var warnings: [String] = []

    let document: GeneratedDocument
    /// The page being drawn; nil before the first ``beginPage(size:)``.
    var page: PageInProgress?
    var state: DrawingState
    private var savedStates: [DrawingState] = []
    /// The path being built; not part of the saved state, as in PDF and Core Graphics.
    var path = BezierPath()

    /// The page being drawn: its content stream and what it uses.
    struct PageInProgress {
        let size: CGSize
        var content = ContentStreamBuilder()
        var resources = PageResources()
        var links: [PendingLink] = []
    }

    /// The graphics state the context mirrors, to convert coordinates and to know which
    /// transparency is in force.
    struct DrawingState {
        /// Maps context coordinates to page space (the PDF current transformation matrix).
        var transform: AffineTransform
        var fillColor = Color.black
        var strokeColor = Color.black
        /// The alpha ``setAlpha(_:)`` set, which multiplies the colours' own.
        var alpha = 1.0
        /// The `/CA` and `/ca` in force in the content stream.
        var writtenStrokeAlpha = 1.0
        var writtenFillAlpha = 1.0
    }

    init(defaultPageSize: CGSize, origin: PDFRenderer.Origin, embedsFamilyFonts: Bool = false) throws {
        self.defaultPageSize = defaultPageSize
        self.origin = origin
        document = try GeneratedDocument(embedsFamilyFonts: embedsFamilyFonts)
        state = DrawingState(transform: .identity)
    }

    // MARK: - Pages

    /// The index of the page being drawn (0-based), or nil before the first page.
    public var currentPageIndex: Int? { page == nil ? nil : document.pageCount }

    /// The number of pages begun so far.
    public var pageCount: Int { document.pageCount + (page == nil ? 0 : 1) }

    /// The bounds of the page being drawn in context coordinates, origin at (0, 0); the
    /// default page size before the first page.
    public var pageBounds: CGRect {
        CGRect(origin: .zero, size: page?.size ?? defaultPageSize)
    }

    /// Finishes the current page, if any, and begins a new one.
    ///
    /// - Parameter size: The page size in points; nil for ``defaultPageSize``.
    /// - Throws: ``GenerationError`` for a size that is not finite and positive.
    public func beginPage(size: CGSize? = nil) throws {
        let size = size ?? defaultPageSize
        try FiniteCheck.number(Double(size.width), "the page width")
        try FiniteCheck.number(Double(size.height), "the page height")
        guard size.width > 0, size.height > 0 else {
            throw GenerationError.invalidArgument("a page must have a positive size, not \(size.width) × \(size.height)")
        }
        try finishPage()
        var newPage = PageInProgress(size: size)
        // The page's drawing is wrapped in q/Q so that content appended later (flattened
        // annotations, say) starts from the default state, flip or no flip.
        newPage.content.save()
        var transform = AffineTransform.identity
        if origin == .topLeft {
            transform = AffineTransform(m11: 1, m12: 0, m21: 0, m22: -1, tX: 0, tY: size.height)
            newPage.content.concatenate(transform)
        }
        page = newPage
        state = DrawingState(transform: transform)
        savedStates = []
        path = BezierPath()
    }

    /// Ends the current page: closes what the drawing left open and stores the content.
    private func finishPage() throws {
        guard var finished = page else { return }
        for _ in savedStates { finished.content.restore() }
        finished.content.restore()
        try document.finishPage(size: finished.size, content: finished.content.bytes,
                                resources: finished.resources, links: finished.links)
        page = nil
    }

    /// Ends the last page and assembles the document.
    func finishDocument(metadata: DocumentMetadata) throws -> [UInt8] {
        if page == nil && document.pageCount == 0 { try beginPage() }
        try finishPage()
        return try document.assemble(metadata: metadata)
    }

    /// The page being drawn, or an error naming `operation`.
    func requirePage(_ operation: String) throws {
        guard page != nil else { throw GenerationError.noCurrentPage(operation: operation) }
    }

    func warn(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }

    // MARK: - State

    /// Saves the graphics state (transform, colours, alpha, line style, clip): `q`.
    public func saveState() throws {
        try requirePage("saveState()")
        page?.content.save()
        savedStates.append(state)
    }

    /// Restores the state the matching ``saveState()`` saved: `Q`.
    ///
    /// - Throws: ``GenerationError/unbalancedRestore`` without a matching save on this page.
    public func restoreState() throws {
        try requirePage("restoreState()")
        guard let saved = savedStates.popLast() else { throw GenerationError.unbalancedRestore }
        page?.content.restore()
        state = saved
    }

    // MARK: - Transforms

    /// The transform from context coordinates to PDF page space (the CTM), with the
    /// top-left flip included.
    public var currentTransform: AffineTransform { state.transform }

    /// Applies `transform` to everything drawn after it, before the current transform
    /// (as `CGContext.concatenate(_:)` and PDF's `cm` do).
    public func concatenate(_ transform: AffineTransform) throws {
        try requirePage("concatenate(_:)")
        try FiniteCheck.transform(transform, "the transform given to concatenate(_:)")
        let combined = transform.appending(state.transform)
        try FiniteCheck.transform(combined, "the transform after concatenate(_:)")
        page?.content.concatenate(transform)
        state.transform = combined
    }

    /// Moves the origin by (`x`, `y`).
    public func translate(x: Double, y: Double) throws {
        try concatenate(.translation(x: x, y: y))
    }

    /// Scales the axes by `x` and `y`.
    public func scale(x: Double, y: Double) throws {
        try concatenate(.scaling(x: x, y: y))
    }

    /// Rotates the axes by `radians`: counterclockwise on the page with `.bottomLeft`,
    /// clockwise with `.topLeft` (as in UIKit, where y points down).
    public func rotate(by radians: Double) throws {
        try FiniteCheck.number(radians, "the angle given to rotate(by:)")
        try concatenate(.rotation(degrees: radians * 180 / .pi))
    }

    // MARK: - Colour and transparency

    /// Sets the colour that fills paths and text. An alpha below 1 is applied through an
    /// ExtGState's `/ca` (ISO 32000-2, 11.6.4.4), times ``setAlpha(_:)``'s.
    public func setFillColor(_ color: Color) throws {
        try requirePage("setFillColor(_:)")
        page?.content.fillColor(color.pdfComponents)
        state.fillColor = color
        writeAlpha()
    }

    /// Sets the colour that strokes paths. An alpha below 1 is applied through an ExtGState's
    /// `/CA`, times ``setAlpha(_:)``'s.
    public func setStrokeColor(_ color: Color) throws {
        try requirePage("setStrokeColor(_:)")
        page?.content.strokeColor(color.pdfComponents)
        state.strokeColor = color
        writeAlpha()
    }

    /// Sets an opacity for everything drawn after it (paths, text, images), multiplying the
    /// colours' own alpha, like `CGContext.setAlpha(_:)`. Clamped to `0...1`.
    public func setAlpha(_ alpha: Double) throws {
        try requirePage("setAlpha(_:)")
        try FiniteCheck.number(alpha, "the alpha given to setAlpha(_:)")
        state.alpha = min(1, max(0, alpha))
        writeAlpha()
    }

    /// Writes a `gs` when the alpha that should be in force differs from the one that is.
    private func writeAlpha() {
        let stroke = state.strokeColor.alpha * state.alpha
        let fill = state.fillColor.alpha * state.alpha
        guard stroke != state.writtenStrokeAlpha || fill != state.writtenFillAlpha else { return }
        let entry = document.alphaState(stroke: stroke, fill: fill)
        page?.resources.useExtGState(entry.name, entry.reference)
        page?.content.graphicsState(entry.name)
        state.writtenStrokeAlpha = stroke
        state.writtenFillAlpha = fill
    }
}
