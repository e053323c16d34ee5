import Foundation
import PDFCore

/// How a free text annotation's appearance lays its text out (``AppearanceBuilder`` draws with
/// it), and the box its wrapped text needs, so that a text box can grow to show all of it.
struct FreeTextLayout {
    /// The font the text is drawn with: the standard font named by the annotation when the
    /// text is WinAnsi and nothing must be embedded. Else, with the family's font
    /// (``ChosenFonts``: Nimbus Sans, Roman or Mono PS), the font whose metrics place the
    /// lines: the standard font of that family (the URW clones' metrics) when its font has
    /// every character, else DejaVu Sans, whose ascent leaves room for the taller glyphs of
    /// the fonts drawing the rest (CJK). Without HarfBuzz or the URW fonts, DejaVu Sans.
    let font: any PDFFont
    /// The standard font, when the text is drawn with one.
    let standard: StandardFont?
    let size: Double
    /// The space between the box's edge and its text (the border and 2 points).
    let padding: Double
    /// The fonts of shaped text (Arabic, Hebrew, Indic, Thai...: ``ScriptFonts``), and of any
    /// text embedded in a chosen family's font, which keeps it for every run it covers; nil
    /// for text drawn one glyph per character.
    let faces: TextFaces?

    /// `embedsFonts`: draw WinAnsi text in an embedded font too, not a standard font (a PDF/A
    /// document must embed every font it draws with: docs/accessibility.md).
    init(_ text: PDFAnnotation.FreeText, borderWidth: CGFloat, embedsFonts: Bool = false) {
        size = TextBoxLayout.drawnFontSize(text.fontSize)  // the engine's layout's rule
        padding = Double(borderWidth) + 2
        let resolved = StandardFont.resolve(text.font) ?? .helvetica
        let shaping = TextFaces.make(for: text.text, family: resolved, embeds: embedsFonts)
        if let shaping, shaping.chosen != nil {
            // The chosen family's font for what it has, the script fonts for the rest.
            let family: any PDFFont = StandardFontFace(resolved)
            let fallback: (any PDFFont)? = shaping.chosenCovers(text.text) ? nil : FontFallback.systemFont()
            font = fallback ?? family
            standard = nil
            faces = shaping
        } else if embedsFonts || FontFallback.needsEmbeddedFont(text.text), let embedded = FontFallback.systemFont() {
            font = embedded
            standard = nil
            faces = shaping
        } else {
            faces = nil
            font = StandardFontFace(resolved)
            standard = resolved
        }
    }

    var lineHeight: Double { TextLayout.lineHeight(font: font, size: size) }

    /// The lines of `text` wrapped to a box `width` wide (the upright width, as the reader sees it).
    func lines(_ text: String, width: Double) -> [LaidOutLine] {
        TextLayout.layout(for: text, font: font, size: size, maxWidth: width - 2 * padding)
    }

    /// The shaped lines of `text` wrapped to a box `width` wide, when it is shaped (``faces``).
    func shapedLines(_ text: String, width: Double) throws -> [ShapedLine]? {
        guard let faces else { return nil }
        return try ShapedTextLayout.lines(text, faces: faces, size: size, maxWidth: width - 2 * padding)
    }

    /// The height a box `width` wide needs to show every line of `text`.
    func height(of text: String, width: Double) -> Double {
        let count = (try? shapedLines(text, width: width))??.count ?? lines(text, width: width).count
        return Double(max(1, count)) * lineHeight + 2 * padding
    }
}

extension PDFAnnotation {
    /// For free text whose wrapped text does not fit its box, the box grown to fit it: taller
    /// towards the bottom of the page as the reader sees it (`pageRotation`), its top edge
    /// kept, then moved back onto `page` if it went past the bottom edge. Nil when the text
    /// fits, or for any other kind. A box never shrinks here.
    ///
    /// The growth is bounded by the ``CoordinateLimit``: a box of large type with thousands of
    /// lines would otherwise reach past ±1,000,000 points, where a later move or change is
    /// refused. A box grows to at most a million points (``CoordinateLimit/magnitude``) as the
    /// reader sees it, so that a move, which keeps a box taller than the page on it, still
    /// leaves it inside the limit, and no edge goes past ±1,000,000. The lines that do not fit
    /// stay in the text (and `/Contents`), clipped by the appearance like those of any box too
    /// small for its text (a locked box's): widening the box or a smaller size shows them.
    public func rectFittingText(pageRotation: Int, page: CGRect?) -> CGRect? {
        guard case .freeText(let text) = kind else { return nil }
        let box = rect.standardized
        let turns = ((pageRotation % 360) + 360) % 360 / 90
        let sideways = turns % 2 == 1
        let (width, height) = sideways ? (box.height, box.width) : (box.width, box.height)
        let wanted = CGFloat(FreeTextLayout(text, borderWidth: border.width).height(of: text.text, width: Double(width)))
        let needed = min(wanted, max(height, CGFloat(CoordinateLimit.magnitude)))
        guard needed > height + 0.01 else { return nil }
        let more = needed - height
        var grown = box
        switch turns {
        case 1: grown.size.width += more                          // the reader's down is page +x
        case 2: grown.size.height += more                         // +y
        case 3: grown.origin.x -= more; grown.size.width += more  // -x
        default: grown.origin.y -= more; grown.size.height += more // -y
        }
        if let page = page?.standardized {
            // Back onto the page, the top edge last to give way.
            if grown.maxX > page.maxX { grown.origin.x = max(page.minX, grown.origin.x - (grown.maxX - page.maxX)) }
            if grown.minX < page.minX { grown.origin.x = page.minX }
            if grown.maxY > page.maxY { grown.origin.y = max(page.minY, grown.origin.y - (grown.maxY - page.maxY)) }
            if grown.minY < page.minY { grown.origin.y = min(page.minY, page.maxY - grown.height) }
        }
        let bounded = Self.withinCoordinateLimit(grown, keeping: box)
        return bounded == box ? nil : bounded
    }

    /// `grown` cut to the ``CoordinateLimit``, or to `box` where that (a file's box) already
    /// lies past it: what was there is kept, no growth goes further out.
    private static func withinCoordinateLimit(_ grown: CGRect, keeping box: CGRect) -> CGRect {
        let m = CGFloat(CoordinateLimit.magnitude)
        let allowed = CGRect(x: -m, y: -m, width: 2 * m, height: 2 * m).union(box)
        return grown.intersection(allowed)
    }
}
