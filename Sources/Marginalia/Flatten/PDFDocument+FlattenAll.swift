import Foundation
import PDFCore

extension PDFDocument {
    /// Flattens the document as `options` say: the one way every flattened export is made
    /// (the CLI's `flatten`, the server's export, the editor session's export).
    ///
    /// Markup is burned into its page and removed (``flattenAnnotations(pages:where:)``);
    /// with ``FlattenOptions/forms`` the form fields are burned in with their values and the
    /// form removed (``flattenForm(annotations:evenIfSigned:)``); notes are dropped, listed on
    /// summary pages at the end, or drawn as icons (``FlattenOptions/Comments``). Links stay.
    ///
    /// - Parameters:
    ///   - options: What to flatten and what becomes of the comments.
    ///   - pages: 0-based page indexes whose annotations are flattened; nil means every page.
    ///   - include: Which annotations to flatten (the rest stay as they are).
    /// - Returns: How many annotations and widgets were burned in or removed, and how many
    ///   summary pages were added.
    /// - Throws: ``PDFError/invalidArgument(_:)`` when form flattening is asked together with
    ///   a choice of pages (the form belongs to the whole document);
    ///   ``FormError/signedDocument`` for a signed form unless ``FlattenOptions/evenIfSigned``;
    ///   reading and generation errors.
    @discardableResult
    public func flatten(_ options: FlattenOptions = FlattenOptions(), pages: [Int]? = nil,
                        where include: (PDFAnnotation) -> Bool = { _ in true }) throws -> FlattenResult {
        if options.forms, pages != nil {
            throw PDFError.invalidArgument("form fields are flattened on every page: choose pages only when the form is kept")
        }
        let summary = options.comments == .summary ? try CommentSummary(of: self, pages: pages, where: include) : nil
        // Notes are comments: drawn only as icons when asked; otherwise removed undrawn.
        let drawn: (PDFAnnotation) -> Bool = options.comments == .icons ? { _ in true } : { $0.annotationSubtype != .note }
        let count: Int
        if options.forms {
            count = try flattenForm(annotations: true, evenIfSigned: options.evenIfSigned, where: include, drawn: drawn)
        } else {
            count = try flattenAnnotations(pages: pages, excluding: [.link, .popup, .widget], where: include, drawn: drawn)
        }
        var added = 0
        if let summary, !summary.isEmpty {
            let data = try summary.document()
            let pagesBefore = try pageCount
            let summaryDocument = try PDFDocument(data: data)
            try copyPages(Array(0..<(try summaryDocument.pageCount)), from: summaryDocument, at: pagesBefore)
            added = try pageCount - pagesBefore
        }
        return FlattenResult(flattened: count, summaryPages: added)
    }
}

/// What ``PDFDocument/flatten(_:pages:where:)`` did.
public struct FlattenResult: Sendable, Hashable {
    /// Annotations and widgets burned in or removed.
    public var flattened: Int
    /// Summary pages added after the last page (``FlattenOptions/Comments/summary``).
    public var summaryPages: Int
}
