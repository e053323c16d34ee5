import Foundation

/// Where a ``PDFRendererContext/flow(_:in:)`` ended.
public struct TextFlowResult: Sendable, Hashable {
    /// The index of the page the flow started on.
    public var firstPageIndex: Int
    /// The index of the page the last line is on (the current page afterwards).
    public var lastPageIndex: Int
    /// Where content after the flow may start on the last page: below the last line and the
    /// last paragraph's spacing after, as a y coordinate in context coordinates.
    public var endY: Double
}

/// Measuring text flows without drawing them.
public enum TextFlow {
    /// The height `paragraphs` take set in a frame `width` points wide on one unbroken
    /// column: from the top of the first line's box to the bottom of the last one.
    ///
    /// A frame of this height (and this width) holds the paragraphs exactly, without a page
    /// break; ``PDFRenderer/document(_:layout:margins:metadata:)`` sizes tall single pages so.
    ///
    /// - Throws: ``GenerationError`` for a non-finite width or invalid paragraph values.
    ///
    /// - Parameter embedsFamilyFonts: measure as a renderer with
    ///   ``PDFRenderer/embedsFamilyFonts`` set draws.
    public static func height(of paragraphs: [Paragraph], width: Double, embedsFamilyFonts: Bool = false) throws -> Double {
        try height(of: paragraphs, width: width, faces: RunFaces(embedsFamilyFonts: embedsFamilyFonts))
    }

    /// The height as above, text not in its run's font measured in `faces` (as a document
    /// draws it), which a caller measuring many paragraphs shares: its fonts are read once.
    static func height(of paragraphs: [Paragraph], width: Double, faces: RunFaces) throws -> Double {
        try FiniteCheck.number(width, "the width given to TextFlow.height(of:width:)")
        let typeset = try paragraphs.map { try TypesetParagraph($0, width: width, faces: faces) }
        return ColumnLayout(typeset, columnHeight: .infinity, addsColumns: true).contentBottom
    }
}

extension PDFRendererContext {
    /// Sets `paragraphs` in `frame`, beginning new pages as needed.
    ///
    /// Lines start at the top of the frame on the current page (a page of the default size
    /// is begun if there is none). When a line does not fit above the frame's bottom, a new
    /// page of the same size is begun and the flow continues at the top of the same frame,
    /// so no text is lost however long it is. Each new page starts with the default
    /// graphics state. The rules for lines, spacing and breaks are those of ``Paragraph``:
    /// spacing before is left out at the top of a page; a line taller than the frame is
    /// drawn anyway, overflowing it, rather than looping.
    ///
    /// - Parameters:
    ///   - paragraphs: The text, in order.
    ///   - frame: The area of each page the text goes in, in context coordinates.
    /// - Returns: The pages used and where the text ended.
    /// - Throws: ``GenerationError`` for a frame that is not finite and positive, or
    ///   invalid paragraph values; nothing is drawn then.
    @discardableResult
    public func flow(_ paragraphs: [Paragraph], in frame: CGRect) throws -> TextFlowResult {
        try FiniteCheck.rect(frame, "the frame given to flow(_:in:)")
        let frame = frame.standardized
        guard frame.width > 0, frame.height > 0 else {
            throw GenerationError.invalidArgument("a text frame must have a positive size, not \(frame.size)")
        }
        let typeset = try paragraphs.map { try TypesetParagraph($0, width: Double(frame.width), faces: document.runFaces) }
        if page == nil { try beginPage() }
        let pageSize = pageBounds.size
        let firstPage = currentPageIndex ?? 0
        let layout = ColumnLayout(typeset, columnHeight: Double(frame.height), addsColumns: true)
        var column = 0
        for line in layout.placed {
            while column < line.column {
                try beginPage(size: pageSize)
                column += 1
            }
            try draw(typeset[line.paragraph], line: line.line, in: frame, top: line.top)
        }
        let endY = origin == .topLeft ? Double(frame.minY) + layout.end : Double(frame.maxY) - layout.end
        return TextFlowResult(firstPageIndex: firstPage, lastPageIndex: currentPageIndex ?? firstPage, endY: endY)
    }
}
