import PDFCore

extension ShapedLine {
    /// Draws the line inside a text object, its left end at `x` on the baseline `baseline`,
    /// in the faces' fonts at `size` points.
    ///
    /// Glyphs go in the order they are seen, each where the shaper placed it: `TJ` numbers
    /// make up the difference between the shaper's advance and the width the font's `/W`
    /// gives, a mark's offset goes before and after it, and a raised or lowered glyph is shown
    /// with a text rise (`Ts`). What the glyphs say stays extractable as typed: a glyph that
    /// stands for one character gets it in the ToUnicode map; a cluster of another shape (a
    /// ligature, a conjunct, a vowel drawn before its consonant) is wrapped in a `/Span` with
    /// `/ActualText` (14.9.4) holding its characters.
    func draw(x: Double, baseline: Double, size: Double, faces: TextFaces, into content: inout ContentStreamBuilder) {
        content.raw("1 0 0 1 \(PDFSyntax.number(x)) \(PDFSyntax.number(baseline)) Tm")
        var current: Int? = nil
        for run in runs {
            let face = faces.use(run.face)
            if current != run.face {
                content.font(face.resource, size: size)
                current = run.face
            }
            var writer = GlyphWriter(font: face.font, scale: 1000 / Double(face.shaper.unitsPerEm), size: size)
            for cluster in run.clusters {
                let oneToOne = cluster.glyphs.count == 1 && cluster.scalars.count == 1
                if !oneToOne {
                    // Extractors read a right-to-left run drawn in visual order and reverse it
                    // into logical order, the characters of an /ActualText too: they are given
                    // in the order drawn, so that the reversal puts them back as typed.
                    let text = Array(run.scalars[cluster.scalars])
                    writer.beginActualText(run.rightToLeft ? text.reversed() : text, &content)
                }
                for glyph in run.glyphs[cluster.glyphs] {
                    writer.show(glyph, for: oneToOne ? run.scalars[cluster.scalars.lowerBound] : nil, &content)
                }
                if !oneToOne { writer.endActualText(&content) }
            }
            writer.flush(&content)
        }
    }
}

extension ShapedRun {
    /// The run's clusters in the order drawn: each a span of glyphs and the span of scalars
    /// they draw together (from the cluster's value to the next higher one in the run).
    var clusters: [(glyphs: Range<Int>, scalars: Range<Int>)] {
        let starts = Set(glyphs.map(\.cluster)).union([scalars.count]).sorted()
        var result: [(glyphs: Range<Int>, scalars: Range<Int>)] = []
        var first = 0
        while first < glyphs.count {
            var end = first + 1
            while end < glyphs.count, glyphs[end].cluster == glyphs[first].cluster { end += 1 }
            let start = glyphs[first].cluster
            let next = starts.first { $0 > start } ?? scalars.count
            result.append((first..<end, start..<next))
            first = end
        }
        return result
    }
}

/// Collects glyphs into one `TJ` array and writes it when something else must come between.
private struct GlyphWriter {
    let font: TrueTypeFont
    /// Font units to 1/1000 em.
    let scale: Double
    let size: Double
    private var elements: [PDFObject] = []
    private var pending: [UInt8] = []

    init(font: TrueTypeFont, scale: Double, size: Double) {
        self.font = font
        self.scale = scale
        self.size = size
    }

    mutating func show(_ glyph: ShapedGlyph, for scalar: Unicode.Scalar?, _ content: inout ContentStreamBuilder) {
        let dx = Double(glyph.xOffset) * scale
        let dy = Double(glyph.yOffset) * scale
        if dy != 0 {
            flush(&content)
            content.textRise(dy * size / 1000)
        }
        if dx != 0 { adjust(-dx) }
        pending += font.encode(glyph: glyph.glyph, for: scalar)
        // After the glyph the pen is at dx + its /W width; the shaper's advance is where it goes.
        adjust(dx + font.advanceWidth(ofGlyph: glyph.glyph) - Double(glyph.advance) * scale)
        if dy != 0 {
            flush(&content)
            content.textRise(0)
        }
    }

    /// Moves the next glyph left by `amount` thousandths of the font size; none below 1/200.
    private mutating func adjust(_ amount: Double) {
        guard abs(amount) >= 0.005 else { return }
        if !pending.isEmpty {
            elements.append(.string(pending))
            pending = []
        }
        elements.append(.real((amount * 100).rounded() / 100))
    }

    mutating func flush(_ content: inout ContentStreamBuilder) {
        if !pending.isEmpty {
            elements.append(.string(pending))
            pending = []
        }
        if !elements.isEmpty { content.showAdjusted(elements) }
        elements = []
    }

    /// Begins a `/Span` whose `/ActualText` is `scalars` (UTF-16BE with its byte order mark).
    mutating func beginActualText(_ scalars: [Unicode.Scalar], _ content: inout ContentStreamBuilder) {
        flush(&content)
        var text: [UInt8] = [0xFE, 0xFF]
        for unit in String(String.UnicodeScalarView(scalars)).utf16 { text += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        content.beginMarkedContent("Span", properties: PDFDictionary([("ActualText", .string(text))]))
    }

    mutating func endActualText(_ content: inout ContentStreamBuilder) {
        flush(&content)
        content.endMarkedContent()
    }
}
