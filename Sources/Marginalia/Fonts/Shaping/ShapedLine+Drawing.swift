import PDFCore

extension ShapedLine {
    /// Draws the line inside a text object, its left end at `x` on the baseline `baseline`,
    /// in the faces' fonts at `size` points. `yScale` -1 flips the text matrix, for content
    /// whose transform flips y (a generated page drawn with its origin at the top left).
    ///
    /// Glyphs go in the order they are seen, each where the shaper placed it: `TJ` numbers
    /// make up the difference between the shaper's advance and the width the font's `/W`
    /// gives, a mark's offset goes before and after it, and a raised or lowered glyph is shown
    /// with a text rise (`Ts`). What the glyphs say stays extractable as typed: a glyph that
    /// stands for one character (``ShapedRun/characters(of:order:in:)``) gets it in the
    /// ToUnicode map; a cluster of another shape (a ligature, a conjunct, a vowel drawn before
    /// its consonant) is wrapped in a `/Span` with `/ActualText` (14.9.4) holding its
    /// characters.
    func draw(x: Double, baseline: Double, size: Double, faces: TextFaces, yScale: Double = 1,
              into content: inout ContentStreamBuilder) {
        content.raw("1 0 0 \(PDFSyntax.number(yScale)) \(PDFSyntax.number(x)) \(PDFSyntax.number(baseline)) Tm")
        var current: Int? = nil
        for run in runs {
            let face = faces.use(run.face)
            if current != run.face {
                content.font(face.resource, size: size)
                current = run.face
            }
            let scale = 1000 / Double(face.shaper.unitsPerEm)
            var writer = GlyphWriter(font: face.font, size: size)
            var clusterStart = 0.0
            for cluster in run.clusters {
                // Where each glyph goes, from the cluster's start (1/1000 em), left to right.
                var positions: [Double] = []
                var advance = 0.0
                for glyph in run.glyphs[cluster.glyphs] {
                    positions.append(clusterStart + advance + Double(glyph.xOffset) * scale)
                    advance += Double(glyph.advance) * scale
                }
                // Drawn in the shaper's order, visual: in a right-to-left run a mark comes
                // before its letter, which is what Poppler and MuPDF expect, since they
                // reverse such a run, marks included, to read it in logical order.
                let order = Array(cluster.glyphs)
                let characters = run.characters(of: cluster, order: order, in: face.font)
                if characters == nil {
                    // Extractors read a right-to-left run drawn in visual order and reverse it
                    // into logical order, the characters of an /ActualText too: they are given
                    // in the order drawn, so that the reversal puts them back as typed.
                    let text = Array(run.scalars[cluster.scalars])
                    writer.beginActualText(run.rightToLeft ? text.reversed() : text, &content)
                }
                for (index, glyph) in order.enumerated() {
                    writer.show(run.glyphs[glyph], at: positions[glyph - cluster.glyphs.lowerBound],
                                rise: Double(run.glyphs[glyph].yOffset) * scale, for: characters?[index], &content)
                }
                clusterStart += advance
                writer.move(to: clusterStart)
                if characters == nil { writer.endActualText(&content) }
            }
            writer.flush(&content)
        }
    }
}

extension ShapedRun {
    /// The character each glyph of `cluster` stands for, when the ToUnicode map can say it
    /// all: one glyph for one character (in whatever contextual form), or a letter and its
    /// marks each drawn by the font's own glyph for it on the baseline. Nil for clusters of
    /// another shape (a ligature, a conjunct, a vowel drawn before its consonant, a mark
    /// raised or lowered, which extractors would read as a line of its own), which need
    /// `/ActualText`.
    func characters(of cluster: (glyphs: Range<Int>, scalars: Range<Int>), order: [Int], in font: any EmbeddedFontProgram)
        -> [Unicode.Scalar]? {
        guard cluster.glyphs.count == cluster.scalars.count else { return nil }
        if cluster.glyphs.count == 1 { return [scalars[cluster.scalars.lowerBound]] }
        guard glyphs[cluster.glyphs].allSatisfy({ $0.yOffset == 0 }) else { return nil }
        var unused = Array(scalars[cluster.scalars])
        var result: [Unicode.Scalar] = []
        for glyph in order {
            guard let match = unused.firstIndex(where: { font.glyphID(for: $0) == glyphs[glyph].glyph }) else { return nil }
            result.append(unused.remove(at: match))
        }
        return result
    }

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

/// Collects glyphs into one `TJ` array and writes it when something else must come between;
/// keeps track of the pen, so each glyph lands where the shaper put it.
private struct GlyphWriter {
    let font: any EmbeddedFontProgram
    let size: Double
    /// Where the next glyph would go without adjustment, from the run's start (1/1000 em).
    private var pen = 0.0
    private var elements: [PDFObject] = []
    private var pending: [UInt8] = []

    init(font: any EmbeddedFontProgram, size: Double) {
        self.font = font
        self.size = size
    }

    /// Shows `glyph` with its origin `x` from the run's start and `rise` above the baseline
    /// (1/1000 em), standing for `scalar` in the ToUnicode map.
    mutating func show(_ glyph: ShapedGlyph, at x: Double, rise: Double, for scalar: Unicode.Scalar?,
                       _ content: inout ContentStreamBuilder) {
        if rise != 0 {
            flush(&content)
            content.textRise(rise * size / 1000)
        }
        move(to: x)
        pending += font.encode(glyph: glyph.glyph, for: scalar)
        // Showing a glyph moves the pen by its /W width.
        pen = x + font.advanceWidth(ofGlyph: glyph.glyph)
        if rise != 0 {
            flush(&content)
            content.textRise(0)
        }
    }

    /// Moves the pen to `x` from the run's start (1/1000 em); moves under 1/200 are left out.
    mutating func move(to x: Double) {
        let amount = pen - x  // a TJ number moves the next glyph left
        guard abs(amount) >= 0.005 else { return }
        if !pending.isEmpty {
            elements.append(.string(pending))
            pending = []
        }
        elements.append(.real((amount * 100).rounded() / 100))
        pen = x
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
