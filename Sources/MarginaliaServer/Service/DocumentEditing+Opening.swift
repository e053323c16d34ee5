import Foundation
import Marginalia

/// The annotations of the pages a client opens a document at, with the pages they cover and
/// the page count (`GET …/annotations?around=P&before=B&after=A`, docs/api.md): a client that
/// does not know the page count yet asks for them beside the document's summary.
public struct OpeningAnnotationList: Sendable, Encodable {
    /// The first and last page (0-based, both included) the annotations are of.
    public struct Pages: Equatable, Sendable, Encodable {
        public var first: Int
        public var last: Int
    }

    /// The document's revision the annotations were read at.
    public var revision: Int
    /// The annotations of ``pages``, in page order and on each page in `/Annots` order.
    public var annotations: [PDFAnnotation]
    /// The pages covered; nil (left out of the JSON) for a document without pages.
    public var pages: Pages?
    /// The document's page count at ``revision``.
    public var pageCount: Int

    private enum CodingKeys: String, CodingKey { case revision, annotations, pages, pageCount }

    /// Each annotation with its object in the file (``PDFAnnotation/Listed``); ``pages`` left
    /// out when nil.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(revision, forKey: .revision)
        try container.encode(annotations.map(PDFAnnotation.Listed.init), forKey: .annotations)
        try container.encodeIfPresent(pages, forKey: .pages)
        try container.encode(pageCount, forKey: .pageCount)
    }

    /// Whether ``annotations`` are every page's.
    public var coversEveryPage: Bool { pages.map { $0.first == 0 && $0.last == pageCount - 1 } ?? true }

    /// The window of `before + 1 + after` pages around page `around`, kept inside a document of
    /// `pageCount` pages: a page past the end is taken as the last page, and a window that would
    /// cross either end is moved inward keeping its size; every page when the document has no
    /// more pages than the window. Nil for a document without pages.
    public static func window(around: Int, before: Int, after: Int, pageCount: Int) -> ClosedRange<Int>? {
        guard pageCount > 0 else { return nil }
        let span = before + 1 + after
        guard pageCount > span else { return 0...(pageCount - 1) }
        // A page past the end lands the window on the last pages: `pageCount - span` bounds it.
        let first = min(max(0, around - before), pageCount - span)
        return first...(first + span - 1)
    }
}

extension DocumentEditing {
    /// The annotations of the `before + 1 + after` pages around page `around` of document `id`,
    /// kept inside the document (``OpeningAnnotationList/window(around:before:after:pageCount:)``),
    /// with the pages they are of and the page count, read at one revision.
    ///
    /// Unlike ``annotations(_:pages:)``, a page past the end is not an error: the client does
    /// not know the page count yet.
    public func openingAnnotations(_ id: String, around: Int, before: Int, after: Int) throws -> OpeningAnnotationList {
        try withDocument(id) { state in
            let count = try state.document.pageCount
            let pages = OpeningAnnotationList.window(around: around, before: before, after: after, pageCount: count)
            let annotations = try pages.map { try $0.flatMap { try state.document.annotations(onPage: $0) } } ?? []
            return OpeningAnnotationList(revision: state.revision, annotations: annotations,
                                         pages: pages.map { .init(first: $0.lowerBound, last: $0.upperBound) },
                                         pageCount: count)
        }
    }
}
