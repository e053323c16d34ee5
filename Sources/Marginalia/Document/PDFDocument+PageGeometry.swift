import Foundation
import PDFCore

/// What a viewer needs to lay a page out before drawing it: its boxes, rotation and label.
public struct PDFPageGeometry: Equatable, Sendable {
    /// The 0-based page index.
    public let index: Int
    /// The MediaBox (``PDFPage/bounds(for:)`` of ``PDFDisplayBox/mediaBox``).
    public let mediaBox: CGRect
    /// The CropBox clipped to the MediaBox (``PDFPage/bounds(for:)`` of ``PDFDisplayBox/cropBox``).
    public let cropBox: CGRect
    /// The rotation in degrees clockwise: 0, 90, 180 or 270 (``PDFPage/rotation``).
    public let rotation: Int
    /// The page label, or nil when the document has none (``PDFPage/label``).
    public let label: String?
}

extension PDFDocument {
    /// The geometry of pages `indexes`, as ``page(at:)`` would give it page by page, without
    /// reading any page's annotations and with the document's page labels read once for all
    /// of them (``page(at:)`` reads the annotation dictionaries and the whole `/PageLabels`
    /// tree for each page: for a document of thousands of pages, most of the time its page
    /// list took). Boxes and the rotation are inherited through the page tree as ``page(at:)``
    /// inherits them.
    ///
    /// - Throws: ``PDFError/invalidArgument(_:)`` when `indexes` reaches past the last page;
    ///   what ``page(at:)`` throws for a page that cannot be read.
    public func pageGeometry(in indexes: Range<Int>) throws -> [PDFPageGeometry] {
        let count = try pageCount
        guard indexes.lowerBound >= 0, indexes.upperBound <= count else {
            throw PDFError.invalidArgument("pages \(indexes.lowerBound + 1)-\(indexes.upperBound) are out of range (the document has \(count) pages)")
        }
        let labels = PageLabels(file: file).labels(forPagesIn: indexes)
        return try zip(indexes, labels).map { index, label in
            let page = try self.page(at: index, readingAnnotations: false, label: .given(label))
            return PDFPageGeometry(index: index, mediaBox: page.bounds(for: .mediaBox), cropBox: page.bounds(for: .cropBox),
                                   rotation: page.rotation, label: page.label)
        }
    }
}
