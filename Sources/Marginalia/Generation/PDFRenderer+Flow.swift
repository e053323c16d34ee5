import Foundation

/// The distances between a page's edges and its text frame, in points.
public struct PageMargins: Sendable, Hashable {
    /// Space above the text, from the page's top edge.
    public var top: Double
    /// Space left of the text.
    public var left: Double
    /// Space below the text, from the page's bottom edge.
    public var bottom: Double
    /// Space right of the text.
    public var right: Double

    /// Margins given side by side.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same margin on every side.
    public init(_ all: Double) {
        self.init(top: all, left: all, bottom: all, right: all)
    }

    /// The frame these margins leave on a page of `size`, in the coordinates of `origin`.
    func frame(in size: CGSize, origin: PDFRenderer.Origin) -> CGRect {
        let y = origin == .topLeft ? top : bottom
        return CGRect(x: left, y: y, width: Double(size.width) - left - right,
                      height: Double(size.height) - top - bottom)
    }
}

extension PDFRenderer {
    /// How a flow of paragraphs is cut into pages.
    public enum PageLayout: Sendable, Hashable {
        /// Pages of one size; the text continues on a new page when one is full.
        case paginated(pageSize: CGSize)
        /// One page `width` points wide and as tall as the text needs (the "full page" PDF
        /// of a scroll view). Viewers handle pages up to 14,400 pt (200 in) tall; longer
        /// text makes a page some of them refuse or scale.
        case singlePage(width: Double)
    }

    /// A document of `paragraphs`, set in the page area inside `margins`.
    ///
    /// With ``PageLayout/singlePage(width:)`` the text is measured first
    /// (``TextFlow/height(of:width:)``) and the page made exactly tall enough, so it holds
    /// everything on one page.
    ///
    /// - Parameters:
    ///   - paragraphs: The text, in order.
    ///   - layout: Paginated pages of one size, or one tall page.
    ///   - margins: The space around the text on each page.
    ///   - metadata: The document information (see ``metadata``).
    /// - Returns: The bytes of the PDF.
    /// - Throws: ``GenerationError`` for sizes that leave no room for text or invalid
    ///   paragraph values, and what ``data(_:)`` throws.
    public static func document(_ paragraphs: [Paragraph], layout: PageLayout, margins: PageMargins = PageMargins(72),
                                metadata: DocumentMetadata = DocumentMetadata()) throws -> Data {
        for value in [margins.top, margins.left, margins.bottom, margins.right] {
            try FiniteCheck.number(value, "a page margin")
        }
        let pageSize: CGSize
        switch layout {
        case .paginated(let size):
            pageSize = size
        case .singlePage(let width):
            let textHeight = try TextFlow.height(of: paragraphs, width: width - margins.left - margins.right)
            // Never shorter than 1 pt: an empty text still makes a valid page.
            pageSize = CGSize(width: width, height: max(1, textHeight + margins.top + margins.bottom))
        }
        let renderer = PDFRenderer(metadata: metadata, defaultPageSize: pageSize, origin: .topLeft)
        return try renderer.data { context in
            try context.beginPage()
            try context.flow(paragraphs, in: margins.frame(in: pageSize, origin: .topLeft))
        }
    }

    /// One page `width` points wide holding all of `paragraphs`, as tall as they need plus
    /// the margins: ``document(_:layout:margins:metadata:)`` with ``PageLayout/singlePage(width:)``.
    public static func singlePage(width: Double, margins: PageMargins = PageMargins(36),
                                  metadata: DocumentMetadata = DocumentMetadata(),
                                  paragraphs: [Paragraph]) throws -> Data {
        try document(paragraphs, layout: .singlePage(width: width), margins: margins, metadata: metadata)
    }
}
