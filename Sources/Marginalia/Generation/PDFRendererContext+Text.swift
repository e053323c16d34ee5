import Foundation
import PDFCore

/// What ``PDFRendererContext/draw(_:in:font:size:color:alignment:lineHeight:)`` drew.
public struct TextBoxResult: Sendable, Hashable {
    /// The part of the box the drawn lines take: its full width, from its top edge down to
    /// the bottom of the last line drawn, in context coordinates (zero height when nothing
    /// fitted).
    public var usedRect: CGRect
    /// The text that did not fit, from the first line not drawn (spaces at that line break
    /// left out); empty when everything was drawn. Draw it in another box to continue.
    public var remainder: String
    /// Whether every line was drawn.
    public var isComplete: Bool
}

extension PDFRendererContext {
    // MARK: - Single lines

    /// Draws `text` on one line (each newline in it starts another line below), unwrapped.
    ///
    /// Where `point` is follows each origin's convention: with `.topLeft` it is the top-left
    /// corner of the text, the baseline one ascent below it (as UIKit's `NSString.draw(at:)`);
    /// with `.bottomLeft` it is the start of the baseline (as PDF and Core Graphics draw).
    /// Lines are ``TextLayout/lineHeight(font:size:)`` apart.
    ///
    /// Characters the font has no glyph for are drawn as its replacement and reported in
    /// ``warnings``.
    ///
    /// - Parameters:
    ///   - text: The text to draw.
    ///   - point: Where the text starts (see above).
    ///   - font: The font; it is written to the page's resources under the same name on
    ///     every page.
    ///   - size: The font size in points, finite and positive.
    ///   - color: The text colour; an alpha below 1 makes it translucent.
    /// - Returns: The box of the text in context coordinates: from the top of the first
    ///   line's ascenders to the bottom of the last line's descenders, as wide as the widest line.
    @discardableResult
    public func draw(_ text: String, at point: CGPoint, font: any PDFFont, size: Double,
                     color: Color = .black) throws -> CGRect {
        try requirePage("draw(_:at:font:size:color:)")
        try FiniteCheck.point(point, "the point given to draw(_:at:font:size:color:)")
        try FiniteCheck.fontSize(size, "draw(_:at:font:size:color:)")
        let ascent = font.ascent * size / 1000
        let descent = -font.descent * size / 1000
        let lineHeight = TextLayout.lineHeight(font: font, size: size)
        let down: Double = origin == .topLeft ? 1 : -1
        let firstBaseline = Double(point.y) + (origin == .topLeft ? ascent : 0)
        var lines: [(pieces: [GlyphRun], baseline: Double)] = []
        var widest = 0.0
        for (number, characters) in TextBoxLayout.paragraphs(of: text).enumerated() {
            let line = String(characters)
            widest = max(widest, font.width(of: line, size: size))
            let run = GlyphRun(text: line, font: font, size: size, color: color, x: Double(point.x))
            lines.append(([run], firstBaseline + down * Double(number) * lineHeight))
        }
        try showText(lines)
        let height = Double(lines.count - 1) * lineHeight + ascent + descent
        let top = origin == .topLeft ? Double(point.y) : firstBaseline + ascent
        return CGRect(x: Double(point.x), y: origin == .topLeft ? top : top - height, width: widest, height: height)
    }

    // MARK: - Text in a box

    /// Draws `text` wrapped into `rect`, top line first, as many lines as fit.
    ///
    /// Lines break at spaces (or inside words too long for a line) as ``TextLayout`` does;
    /// each newline starts a paragraph. The top of the box is its top edge in either origin.
    /// A line is drawn only if all of its box fits; the rest is returned, to continue in
    /// another box or on another page.
    ///
    /// - Parameters:
    ///   - alignment: How lines sit in the box; `.justified` stretches all but each
    ///     paragraph's last line to the full width.
    ///   - lineHeight: The distance between lines (see ``Paragraph/LineHeight``).
    /// - Returns: The area used and the text that did not fit.
    @discardableResult
    public func draw(_ text: String, in rect: CGRect, font: any PDFFont, size: Double, color: Color = .black,
                     alignment: Paragraph.Alignment = .left,
                     lineHeight: Paragraph.LineHeight = .multiple(1)) throws -> TextBoxResult {
        try requirePage("draw(_:in:font:size:color:alignment:lineHeight:)")
        try FiniteCheck.rect(rect, "the rectangle given to draw(_:in:font:size:...)")
        let frame = rect.standardized
        let texts = TextBoxLayout.paragraphs(of: text).map { String($0) }
        let paragraphs = texts.map {
            Paragraph($0, font: font, size: size, color: color, alignment: alignment, lineHeight: lineHeight)
        }
        let typeset = try paragraphs.map { try TypesetParagraph($0, width: Double(frame.width), faces: document.runFaces) }
        let layout = ColumnLayout(typeset, columnHeight: Double(frame.height), addsColumns: false)
        for line in layout.placed {
            try draw(typeset[line.paragraph], line: line.line, in: frame, top: line.top)
        }
        var remainder = ""
        if let (p, l) = layout.overflow {
            let rest = typeset[p]
            let start = rest.lines[l].range.lowerBound
            remainder = ([String(rest.characters[start...])] + texts[(p + 1)...]).joined(separator: "\n")
        }
        let used = layout.overflow == nil ? layout.contentBottom : layout.end
        let y = origin == .topLeft ? Double(frame.minY) : Double(frame.maxY) - used
        return TextBoxResult(usedRect: CGRect(x: Double(frame.minX), y: y, width: Double(frame.width), height: used),
                             remainder: remainder, isComplete: layout.overflow == nil)
    }

    // MARK: - Drawing typeset lines

    /// Draws line `index` of `typeset` with its box's top `top` points below the top of `frame`.
    func draw(_ typeset: TypesetParagraph, line index: Int, in frame: CGRect, top: Double) throws {
        let line = typeset.lines[index]
        let (start, pieces) = typeset.pieces(of: line)
        guard !pieces.isEmpty else { return }
        let offset = top + line.baseline
        let baseline = origin == .topLeft ? Double(frame.minY) + offset : Double(frame.maxY) - offset
        let left = Double(frame.minX) + line.indent + start
        let runs = pieces.map { piece in
            let run = typeset.paragraph.runs[piece.run]
            return GlyphRun(text: piece.visualText ?? String(typeset.characters[piece.range]), font: run.font, size: run.size,
                            color: run.color, x: left + piece.x)
        }
        try showText([(runs, baseline)])
    }

    /// Text in one font, size and colour, starting `x` points from the left on its baseline.
    struct GlyphRun {
        var text: String
        var font: any PDFFont
        var size: Double
        var color: Color
        var x: Double
    }

    /// Writes one text object showing `lines`, inside `q`/`Q` so that its colours stay its own.
    ///
    /// Each run gets its own text matrix; with the top-left origin the matrix flips y back
    /// (`1 0 0 -1 x y Tm`), since the page's flip would otherwise draw glyphs upside down.
    func showText(_ lines: [(pieces: [GlyphRun], baseline: Double)]) throws {
        for (pieces, baseline) in lines {
            try FiniteCheck.number(baseline, "a text baseline")
            for run in pieces { try FiniteCheck.number(run.x, "a text position") }
        }
        let flip: Double = origin == .topLeft ? -1 : 1
        let saved = state
        page?.content.save()
        page?.content.beginText()
        var currentFont: (ObjectIdentifier, Double)? = nil
        var currentColor: Color? = nil
        for (pieces, baseline) in lines {
            for run in pieces where !run.text.isEmpty {
                if let faces = document.runFaces.faces(for: run.text, in: run.font) {
                    if currentColor != run.color {
                        try setFillColor(run.color)
                        currentColor = run.color
                    }
                    try showShaped(run, baseline: baseline, flip: flip, faces: faces)
                    currentFont = nil
                    continue
                }
                if currentFont.map({ $0 != (ObjectIdentifier(run.font), run.size) }) ?? true {
                    let name = document.name(for: run.font)
                    page?.resources.useFont(name)
                    page?.content.font(name, size: run.size)
                    currentFont = (ObjectIdentifier(run.font), run.size)
                }
                if currentColor != run.color {
                    try setFillColor(run.color)
                    currentColor = run.color
                }
                page?.content.emit([1, 0, 0, flip, run.x, baseline], "Tm")
                let (bytes, missing) = run.font.encode(run.text)
                for character in missing {
                    let code = character.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
                    warn("\(run.font.postScriptName) has no glyph for “\(character)” (\(code))")
                }
                page?.content.show(bytes)
            }
        }
        page?.content.endText()
        page?.content.restore()
        state = saved
    }

    /// Shows `run` shaped (HarfBuzz, in the faces ``RunFaces`` chose) and in visual order
    /// (the bidi algorithm), as one line: docs/generation.md, "Text in any script".
    private func showShaped(_ run: GlyphRun, baseline: Double, flip: Double, faces: TextFaces) throws {
        guard page != nil else { return }
        for line in try ShapedTextLayout.lines(run.text, faces: faces, size: run.size, maxWidth: .infinity) {
            for shaped in line.runs { page?.resources.useFont(faces[shaped.face].resource) }
            line.draw(x: run.x, baseline: baseline, size: run.size, faces: faces, yScale: flip, into: &page!.content)
        }
    }
}
