import Foundation
import PDFCore

/// The fonts one piece of appearance text is drawn in: the standard font its owner names
/// (nothing embedded), or, when the text needs more than WinAnsi or the document must embed
/// every font it draws with (a PDF/A claim: docs/accessibility.md), the fonts chosen per run
/// as free text chooses them (docs/text-layout.md): the family's own font (``ChosenFonts``:
/// URW's Nimbus Sans for Helvetica...) for what it has, the script's Noto font, then DejaVu
/// Sans, shaped by HarfBuzz in bidi order and each embedded as a subset (``TextFaces``).
/// Form fields (text, combo and list boxes), stamps' titles, signature appearances and
/// redaction overlays choose their fonts this way.
///
/// Should HarfBuzz or FriBidi be missing, DejaVu Sans (Bold for a bold `standard`) draws the
/// text one glyph per character, as before shaping existed; should that not be installed
/// either, the standard font, which a PDF/A check then refuses.
///
/// Use: choose (``init(for:standard:embeds:named:in:)``), measure with ``width(of:size:)``,
/// draw with ``show(_:x:baseline:size:in:)`` or ``showLines(_:size:firstBaseline:lineHeight:left:right:alignment:bottom:in:)``
/// inside a text object, then ``finish(_:add:)``, which stores the embedded subsets once they
/// know their glyphs.
struct AppearanceTextFont {
    /// The font whose metrics place the text (ascent, descent, line height); it draws the text
    /// too unless ``faces`` does. With ``faces``: the family's standard font when the family's
    /// embedded font has every character (URW's clones keep its metrics), else DejaVu Sans,
    /// whose ascent leaves room for the taller glyphs of the script fonts (CJK).
    let font: any PDFFont
    /// The resource name text is shown with (`Tf`) when ``faces`` is nil.
    let resource: String
    /// The standard font, when that is what is drawn.
    let standard: StandardFont?
    /// The faces of text drawn shaped and run by run; nil for text drawn one glyph per
    /// character in ``font``.
    let faces: TextFaces?

    /// The resource name of the embedded font (the first of the faces').
    static let embeddedResource = "MEmbedded"

    /// Chooses the fonts for `texts` and, for a standard font, adds its resource to
    /// `appearance` under `name` (its base font name when nil). `embeds`: every font must be
    /// embedded.
    init(for texts: [String], standard: StandardFont, embeds: Bool, named name: String? = nil,
         in appearance: inout AppearanceStream) {
        let all = texts.joined(separator: "\n")
        if let faces = TextFaces.make(for: all, family: standard, embeds: embeds) {
            self.faces = faces
            let family: any PDFFont = StandardFontFace(standard)
            font = faces.chosenCovers(all) ? family : FontFallback.systemFont(bold: standard.isBold) ?? family
            resource = Self.embeddedResource
            self.standard = nil
        } else if embeds || FontFallback.needsEmbeddedFont(all), let embedded = FontFallback.systemFont(bold: standard.isBold) {
            faces = nil
            font = embedded
            resource = Self.embeddedResource
            self.standard = nil
        } else {
            faces = nil
            font = StandardFontFace(standard)
            resource = appearance.addFont(standard, named: name)
            self.standard = standard
        }
    }

    /// The width of `text` at `size` points: of its widest paragraph, each on one line.
    ///
    /// - Throws: ``TextShapingError`` when FriBidi or HarfBuzz fails.
    func width(of text: String, size: Double) throws -> Double {
        guard let faces else {
            return TextBoxLayout.paragraphs(of: text).map { font.width(of: String($0), size: size) }.max() ?? 0
        }
        return try ShapedTextLayout.lines(text, faces: faces, size: size, maxWidth: 0).map(\.width).max() ?? 0
    }

    /// Selects the font for ``show(_:x:baseline:size:in:)`` at `size`, once per text object;
    /// nothing for shaped text, whose runs select their own.
    func select(size: Double, in content: inout ContentStreamBuilder) {
        if faces == nil { content.font(resource, size: size) }
    }

    /// Draws `text` as one line (inside a text object, after ``select(size:in:)``) with its
    /// left end at `x` on the baseline `baseline`.
    ///
    /// - Throws: ``TextShapingError`` when FriBidi or HarfBuzz fails.
    func show(_ text: String, x: Double, baseline: Double, size: Double, in content: inout ContentStreamBuilder) throws {
        guard let faces else {
            content.raw("1 0 0 1 \(PDFSyntax.number(x)) \(PDFSyntax.number(baseline)) Tm")
            content.show(font.encode(text).bytes)
            return
        }
        var left = x
        for line in try ShapedTextLayout.lines(text, faces: faces, size: size, maxWidth: 0) {
            line.draw(x: left, baseline: baseline, size: size, faces: faces, into: &content)
            left += line.width
        }
    }

    /// The lines of `text` at `size` wrapped within `maxWidth` points (zero: one line a
    /// paragraph), each with its width.
    ///
    /// - Throws: ``TextShapingError`` when FriBidi or HarfBuzz fails.
    func lines(_ text: String, size: Double, maxWidth: Double) throws -> Lines {
        if let faces { return .shaped(try ShapedTextLayout.lines(text, faces: faces, size: size, maxWidth: maxWidth)) }
        return .plain(TextLayout.layout(for: text, font: font, size: size, maxWidth: maxWidth > 0 ? maxWidth : .infinity))
    }

    /// Lines laid out in ``font`` or shaped in ``faces``.
    enum Lines {
        case plain([LaidOutLine])
        case shaped([ShapedLine])

        var count: Int {
            switch self {
            case .plain(let lines): lines.count
            case .shaped(let lines): lines.count
            }
        }

        var widths: [Double] {
            switch self {
            case .plain(let lines): lines.map(\.width)
            case .shaped(let lines): lines.map(\.width)
            }
        }
    }

    /// Writes `lines` (inside a text object, after ``select(size:in:)``) as
    /// ``AppearanceStream/showLines(_:font:firstBaseline:lineHeight:left:right:alignment:bottom:)``
    /// does.
    func showLines(_ lines: Lines, size: Double, firstBaseline: Double, lineHeight: Double, left: Double, right: Double,
                   alignment: Int, bottom: Double, in appearance: inout AppearanceStream) {
        switch lines {
        case .plain(let lines):
            appearance.showLines(lines, font: font, firstBaseline: firstBaseline, lineHeight: lineHeight, left: left,
                                 right: right, alignment: alignment, bottom: bottom)
        case .shaped(let lines):
            guard let faces else { return }
            appearance.showShapedLines(lines, faces: faces, size: size, firstBaseline: firstBaseline, lineHeight: lineHeight,
                                       left: left, right: right, alignment: alignment, bottom: bottom)
        }
    }

    /// The largest size at which `text` fits `area` (lines ``TextLayout/lineHeight(font:size:)``
    /// of ``font`` apart), wrapped to its width when `wrapping`, measured in the fonts that
    /// draw it; see ``TextLayout/fittingFontSize(for:font:in:maximum:minimum:wrapping:)``.
    func fittingSize(_ text: String, in area: CGSize, maximum: Double, minimum: Double, wrapping: Bool) -> Double {
        guard faces != nil else {
            return TextLayout.fittingFontSize(for: text, font: font, in: area, maximum: maximum, minimum: minimum, wrapping: wrapping)
        }
        return TextLayout.fittingFontSize(in: area, maximum: maximum, minimum: minimum) { size in
            // Text that cannot be shaped fits nowhere: the minimum is drawn.
            let lines = try? self.lines(text, size: size, maxWidth: wrapping ? Double(area.width) : 0)
            return (lines?.count ?? .max / 2, lines?.widths ?? [.infinity], TextLayout.lineHeight(font: font, size: size))
        }
    }

    /// Stores the fonts' dictionaries (each subset to what was drawn) as the appearance's
    /// resources; nothing for a standard font, whose resource is already there.
    func finish(_ appearance: inout AppearanceStream, add: (PDFObject) -> PDFReference) throws {
        if let faces {
            appearance.fonts.merge(try faces.fontResources(add: add)) { _, new in new }
        } else if standard == nil {
            appearance.fonts[resource] = .reference(try font.makeFontDictionary(add: add))
        }
    }
}
