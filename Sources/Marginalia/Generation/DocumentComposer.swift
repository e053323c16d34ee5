import Foundation

/// Lays out Markdown (or plain text) as a PDF with ``PDFRenderer``: what `marginalia create`
/// does, and what any app can call to turn its text into a document.
///
/// Headings, paragraphs with bold, italic, code and links, nested lists, code blocks,
/// quotes, rules and block images become paginated pages (or one tall page). Text is set
/// in the given fonts; with the standard fonts, text beyond WinAnsi is drawn in embedded
/// fonts as annotations' text is (``embedsFamilyFonts``). Characters the fonts cannot show
/// are reported as warnings.
public struct DocumentComposer {
    /// The faces a document is set in.
    public struct Fonts {
        public var regular: any PDFFont
        public var bold: any PDFFont
        public var italic: any PDFFont
        public var boldItalic: any PDFFont
        public var monospace: any PDFFont

        public init(regular: any PDFFont, bold: any PDFFont, italic: any PDFFont, boldItalic: any PDFFont, monospace: any PDFFont) {
            self.regular = regular
            self.bold = bold
            self.italic = italic
            self.boldItalic = boldItalic
            self.monospace = monospace
        }

        /// Helvetica, its bold and oblique faces, and Courier: nothing embedded.
        public static var standard: Fonts {
            Fonts(regular: StandardFontFace(.helvetica), bold: StandardFontFace(.helveticaBold),
                  italic: StandardFontFace(.helveticaOblique), boldItalic: StandardFontFace(.helveticaBoldOblique),
                  monospace: StandardFontFace(.courier))
        }
    }

    public var fonts: Fonts
    public var pageSize: CGSize
    public var margins: PageMargins
    /// One page as tall as the content instead of pages of `pageSize`.
    public var singlePage: Bool
    /// Where relative image paths are found.
    public var baseDirectory: URL?
    public var bodySize: Double = 11
    /// Whether text in a standard font that needs more than WinAnsi is drawn in the family's
    /// URW font, the script's Noto font, then DejaVu Sans, each embedded as a subset
    /// (``PDFRenderer/embedsFamilyFonts``); on by default. Off, it is drawn as the standard
    /// font's replacement character and reported.
    public var embedsFamilyFonts = true

    public init(fonts: Fonts = .standard, pageSize: CGSize = CGSize(width: 612, height: 792),
                margins: PageMargins = PageMargins(72), singlePage: Bool = false, baseDirectory: URL? = nil) {
        self.fonts = fonts
        self.pageSize = pageSize
        self.margins = margins
        self.singlePage = singlePage
        self.baseDirectory = baseDirectory
    }

    /// What the document is made of, once blocks are turned into paragraphs and images.
    enum Item {
        case text(Paragraph)
        case image(RasterImage, size: CGSize)
        case rule
    }

    /// The PDF of `document`, and warnings (missing glyphs, images that could not be read).
    public func compose(_ document: MarkdownDocument, metadata: DocumentMetadata) throws -> (data: Data, warnings: [String]) {
        var warnings: [String] = []
        let width = Double(pageSize.width) - margins.left - margins.right
        var items: [Item] = []
        for block in document.blocks { items += self.items(for: block, depth: 0, width: width, warnings: &warnings) }
        warnings += missingGlyphWarnings(items)

        // Measured in faces of their own (measuring records no glyphs), read once for all items.
        let measuring = RunFaces(embedsFamilyFonts: embedsFamilyFonts)
        let heights = try items.map { try height(of: $0, faces: measuring) }
        let size = singlePage
            ? CGSize(width: pageSize.width, height: max(1, heights.reduce(0, +) + margins.top + margins.bottom))
            : pageSize
        let renderer = PDFRenderer(metadata: metadata, defaultPageSize: size, origin: .topLeft)
        renderer.embedsFamilyFonts = embedsFamilyFonts
        let top = margins.top, bottom = Double(size.height) - margins.bottom
        let data = try renderer.data { context in
            try context.beginPage()
            var y = top
            for (item, itemHeight) in zip(items, heights) {
                if !singlePage && y + itemHeight > bottom && y > top {
                    // Whatever does not fit starts a new page (a paragraph longer than a
                    // page then flows on from the top of the next ones).
                    try context.beginPage()
                    y = top
                }
                switch item {
                case .text(var paragraph):
                    // Each paragraph flows in a frame of its own, whose top drops its spacing
                    // before: add it here, except at the top of a page.
                    if y > top { y += paragraph.spacingBefore }
                    paragraph.spacingBefore = 0
                    let frame = CGRect(x: margins.left, y: y, width: width, height: max(1, bottom - y))
                    y = try context.flow([paragraph], in: frame).endY
                case .image(let image, let imageSize):
                    try context.draw(image, in: CGRect(x: margins.left, y: y + 4, width: imageSize.width, height: imageSize.height))
                    y += itemHeight
                case .rule:
                    try context.setStrokeColor(Color(white: 0.6))
                    try context.setLineWidth(0.75)
                    try context.move(to: CGPoint(x: margins.left, y: y + 8))
                    try context.addLine(to: CGPoint(x: margins.left + width, y: y + 8))
                    try context.stroke()
                    y += itemHeight
                }
            }
        }
        return (data, warnings)
    }

    private func height(of item: Item, faces: RunFaces) throws -> Double {
        switch item {
        case .text(let paragraph):
            // The measured lines, plus the spacing around them that the flow adds.
            return paragraph.spacingBefore + paragraph.spacingAfter
                + (try TextFlow.height(of: [paragraph], width: Double(pageSize.width) - margins.left - margins.right, faces: faces))
        case .image(_, let size): return Double(size.height) + 8
        case .rule: return 16
        }
    }

    // MARK: - Blocks to items

    private func items(for block: MarkdownBlock, depth: Int, width: Double, warnings: inout [String]) -> [Item] {
        let indent = Double(depth) * 18
        switch block {
        case .heading(let level, let runs):
            let sizes = [24.0, 18, 15, 13, 12, 11]
            let size = sizes[max(0, min(5, level - 1))]
            return [.text(Paragraph(runs: textRuns(runs, size: size, bold: true), alignment: .natural, spacingBefore: size * 0.6,
                                    spacingAfter: size * 0.35, leftIndent: indent))]
        case .paragraph(let runs):
            return [.text(Paragraph(runs: textRuns(runs, size: bodySize), alignment: .natural, lineHeight: .multiple(1.1),
                                    spacingAfter: bodySize * 0.6, leftIndent: indent))]
        case .list(let ordered, let start, let items):
            var result: [Item] = []
            for (number, item) in items.enumerated() {
                let marker = ordered ? "\(start + number). " : "• "
                for (position, child) in item.enumerated() {
                    var childItems = self.items(for: child, depth: depth + 1, width: width, warnings: &warnings)
                    if position == 0, case .text(var paragraph)? = childItems.first {
                        paragraph.runs.insert(TextRun(marker, font: fonts.regular, size: bodySize), at: 0)
                        paragraph.firstLineIndent = -12
                        paragraph.spacingAfter = bodySize * 0.25
                        childItems[0] = .text(paragraph)
                    }
                    result += childItems
                }
            }
            return result
        case .codeBlock(_, let text):
            let run = TextRun(text, font: fonts.monospace, size: bodySize * 0.85, color: Color(white: 0.15))
            return [.text(Paragraph(runs: [run], spacingBefore: 2, spacingAfter: bodySize * 0.7, leftIndent: indent + 12))]
        case .quote(let blocks):
            return blocks.flatMap { child -> [Item] in
                self.items(for: child, depth: depth + 1, width: width, warnings: &warnings).map { item in
                    guard case .text(var paragraph) = item else { return item }
                    paragraph.runs = paragraph.runs.map { run in
                        var quoted = run
                        quoted.color = Color(white: 0.35)
                        return quoted
                    }
                    return .text(paragraph)
                }
            }
        case .thematicBreak:
            return [.rule]
        case .image(let alt, let source):
            let url = URL(fileURLWithPath: source, relativeTo: baseDirectory)
            do {
                let image = try ImageDecoder.decode(try Data(contentsOf: url))
                let scale = min(1, (width - indent) / Double(max(1, image.width)),
                                (Double(pageSize.height) - margins.top - margins.bottom - 16) / Double(max(1, image.height)))
                return [.image(image, size: CGSize(width: Double(image.width) * scale, height: Double(image.height) * scale))]
            } catch {
                warnings.append("image \(source): \(error); its description is shown instead")
                return [.text(Paragraph(runs: [TextRun("[\(alt.isEmpty ? source : alt)]", font: fonts.italic, size: bodySize)],
                                        spacingAfter: bodySize * 0.6, leftIndent: indent))]
            }
        }
    }

    private func textRuns(_ runs: [InlineRun], size: Double, bold: Bool = false) -> [TextRun] {
        runs.map { run in
            let font: any PDFFont
            if run.code {
                font = fonts.monospace
            } else {
                switch (run.bold || bold, run.italic) {
                case (true, true): font = fonts.boldItalic
                case (true, false): font = fonts.bold
                case (false, true): font = fonts.italic
                case (false, false): font = fonts.regular
                }
            }
            let color = run.link != nil ? Color(red: 0.05, green: 0.25, blue: 0.7) : .black
            return TextRun(run.text, font: font, size: run.code ? size * 0.9 : size, color: color)
        }
    }

    /// One warning per font listing the characters it has no glyph for. Text drawn in other
    /// fonts than the run's (``RunFaces``: shaped, or beyond WinAnsi in a standard font) is
    /// left out.
    private func missingGlyphWarnings(_ items: [Item]) -> [String] {
        var missing: [ObjectIdentifier: (String, Set<Character>)] = [:]
        for case .text(let paragraph) in items {
            for run in paragraph.runs where !RunFaces.redirects(run.text, in: run.font, embedsFamilyFonts: embedsFamilyFonts) {
                for character in run.text where character != "\n" && !run.font.hasGlyph(for: character) {
                    missing[ObjectIdentifier(run.font), default: (run.font.postScriptName, [])].1.insert(character)
                }
            }
        }
        return missing.values.map { name, characters in
            "font \(name) has no glyph for \(String(characters.sorted().prefix(20))); they are drawn as a replacement (use --font with a font that has them)"
        }.sorted()
    }
}
