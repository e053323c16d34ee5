import Foundation
import PDFCore

extension PDFPage {
    /// The page's text in reading order (``PageText/string``). Like PDFKit's `PDFPage.string`.
    ///
    /// - Throws: ``PDFError/invalidArgument(_:)`` when the document the page came from is no
    ///   longer open; what ``PDFDocument/text(ofPage:)`` throws.
    public var string: String {
        get throws { try text.string }
    }

    /// The box of the character at `index` of ``string``, in page space (`.null` for the
    /// separators between words and lines). Like PDFKit's `characterBounds(at:)`.
    public func characterBounds(at index: Int) throws -> CGRect {
        try text.characterBounds(at: index)
    }

    /// The text inside `rect` (page space), or nil. Like PDFKit's `selection(for:)`.
    public func selection(for rect: CGRect) throws -> PDFSelection? {
        try text.selection(for: rect)
    }

    /// The page's ``PageText``, read through its document (cached there).
    public var text: PageText {
        get throws {
            guard let document else {
                throw PDFError.invalidArgument("page \(index + 1): its document is no longer open")
            }
            return try document.text(ofPage: index)
        }
    }
}
