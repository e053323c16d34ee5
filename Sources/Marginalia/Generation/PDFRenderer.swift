import Foundation
import PDFCore

/// Makes a new PDF document from drawing code, as UIKit's `UIGraphicsPDFRenderer` does.
///
/// A renderer holds what every document it makes shares: the metadata, the page size used
/// when a page is begun without one, and where the drawing coordinates have their origin.
/// ``data(_:)`` and ``write(to:_:)`` run a closure that begins pages and draws on them
/// through a ``PDFRendererContext``:
///
/// ```swift
/// let renderer = PDFRenderer(metadata: DocumentMetadata(title: "Invoice"),
///                            defaultPageSize: CGSize(width: 595, height: 842), origin: .topLeft)
/// let data = try renderer.data { context in
///     try context.beginPage()
///     let helvetica = StandardFontFace(.helvetica)
///     try context.draw("Invoice 42", at: CGPoint(x: 72, y: 72), font: helvetica, size: 24)
///     try context.setFillColor(.yellow)
///     try context.fill(CGRect(x: 72, y: 110, width: 200, height: 4))
/// }
/// ```
///
/// The file is written in one piece (one body, one cross-reference table), with the
/// metadata in the Info dictionary and in an XMP packet. Content streams, fonts and images
/// are made by the context; see ``PDFRendererContext`` for what can be drawn.
public final class PDFRenderer {
    /// Where the context's coordinates start and which way y grows.
    public enum Origin: Sendable, Hashable {
        /// PDF's own convention: origin at the bottom-left corner of the page, y up.
        case bottomLeft
        /// UIKit's convention: origin at the top-left corner of the page, y down. Text, images
        /// and links come out right way up; UI drawing code ports without changes.
        case topLeft
    }

    /// The document information written to the Info dictionary and the XMP packet. A nil
    /// producer is written as "Marginalia"; nil dates as the time of writing.
    public var metadata: DocumentMetadata
    /// The size of pages begun with ``PDFRendererContext/beginPage(size:)`` and no size, in points.
    public var defaultPageSize: CGSize
    /// The coordinate convention of the context.
    public var origin: Origin
    /// Whether text in a standard font (``StandardFontFace``) that needs characters beyond
    /// WinAnsi is drawn in embedded fonts as annotations' text is: the family's URW font
    /// (Nimbus Sans for Helvetica: ``ChosenFonts``), the script's Noto font, then DejaVu Sans,
    /// each a subset (docs/generation.md). Off, such characters are drawn as the standard
    /// font's replacement and reported in ``warnings``. ``DocumentComposer`` turns it on.
    public var embedsFamilyFonts = false
    /// What went wrong without stopping the last document (characters a font has no glyph
    /// for, say), one line each.
    public private(set) var warnings: [String] = []

    /// Makes a renderer.
    ///
    /// - Parameters:
    ///   - metadata: The title, author and so on of the documents made.
    ///   - defaultPageSize: The size of a page begun without one, in points (US Letter is
    ///     612 × 792, A4 595.28 × 841.89).
    ///   - origin: Where the drawing coordinates start; `.topLeft` to port UIKit code.
    public init(metadata: DocumentMetadata = DocumentMetadata(),
                defaultPageSize: CGSize = CGSize(width: 612, height: 792),
                origin: Origin = .bottomLeft) {
        self.metadata = metadata
        self.defaultPageSize = defaultPageSize
        self.origin = origin
    }

    /// Runs `draw` and returns the document it drew.
    ///
    /// A document in which no page was begun gets one blank page of ``defaultPageSize``,
    /// since a PDF needs at least one.
    ///
    /// - Parameter draw: Begins pages and draws on them.
    /// - Returns: The bytes of the PDF file.
    /// - Throws: What `draw` throws (a ``GenerationError`` for invalid geometry among
    ///   them), ``GenerationError/linkTargetMissing(page:pageCount:)`` for a link to a page
    ///   never begun, ``ImageError`` for an image that cannot be embedded, and ``PDFError``
    ///   if writing fails.
    public func data(_ draw: (PDFRendererContext) throws -> Void) throws -> Data {
        let context = try PDFRendererContext(defaultPageSize: defaultPageSize, origin: origin,
                                             embedsFamilyFonts: embedsFamilyFonts)
        try draw(context)
        let bytes = try context.finishDocument(metadata: metadata)
        warnings = context.warnings
        return Data(bytes)
    }

    /// Runs `draw` and writes the document it drew to `url`.
    ///
    /// The file is replaced atomically (a temporary file, fsync, rename): a crash leaves the
    /// old file or the new one, never a torn one; when drawing fails, the file is untouched.
    ///
    /// - Throws: What ``data(_:)`` throws, and ``PDFError/io(path:message:)`` when the file
    ///   cannot be written.
    public func write(to url: URL, _ draw: (PDFRendererContext) throws -> Void) throws {
        let bytes = try data(draw)
        try AtomicFileWriter.write(Array(bytes), to: url.path)
    }
}
