/// A run of a shaped line: characters of one face, script and direction, with their glyphs.
struct ShapedRun {
    /// The index of its face in the drawing's ``TextFaces``.
    let face: Int
    let rightToLeft: Bool
    /// Its characters, in logical order (as typed).
    let scalars: [Unicode.Scalar]
    /// Its glyphs left to right; clusters index `scalars`.
    let glyphs: [ShapedGlyph]
    /// Its width in 1/1000 of the font size: the sum of the shaper's advances.
    let units: Double
}

/// One line of shaped text: its runs in the order they are seen, left to right.
struct ShapedLine {
    var runs: [ShapedRun]
    /// The line's width in points.
    var width: Double
    /// The line's text in logical order.
    var text: String
}

/// Line breaking and shaping of text in any script (docs/text-layout.md): each paragraph's
/// bidi levels are resolved (``BidiParagraph``), its characters given faces and scripts
/// (``TextFaces/assign(_:)``), its runs shaped by HarfBuzz to measure it, and it is broken
/// into lines by ``LineBreaker`` (at spaces, and around CJK characters) as ``TextLayout``
/// breaks unshaped text. Each line is then shaped again on its own, since shaping can differ
/// at a break (an Arabic letter ending a line takes its final form), and its runs put in
/// visual order (rules L1 and L2).
enum ShapedTextLayout {
    /// The lines of `text` at `size` points within `maxWidth` points (a `maxWidth` that is
    /// zero, negative or not finite: one line per paragraph).
    ///
    /// - Throws: ``TextShapingError`` when FriBidi or HarfBuzz fails.
    static func lines(_ text: String, faces: TextFaces, size: Double, maxWidth: Double) throws -> [ShapedLine] {
        let width = maxWidth > 0 && maxWidth.isFinite ? maxWidth : .infinity
        var result: [ShapedLine] = []
        for characters in TextBoxLayout.paragraphs(of: text) {
            let prepared = try PreparedParagraph(characters, faces: faces)
            let broken = LineBreaker.lines(of: characters, widths: prepared.units, maxWidth: { _ in width }) { $0 * size / 1000 }
            for line in broken {
                let range = prepared.firstScalar[line.range.lowerBound]..<prepared.firstScalar[line.range.upperBound]
                let paragraph = prepared.paragraph
                let runs = try paragraph.shapedRuns(range, levels: paragraph.bidi.lineLevels(range), faces: faces)
                let order = BidiParagraph.visualOrder(runs.map(\.level))
                let units = runs.reduce(0) { $0 + $1.run.units }
                result.append(ShapedLine(runs: order.map { runs[$0].run }, width: units * size / 1000,
                                         text: String(String.UnicodeScalarView(paragraph.scalars[range]))))
            }
        }
        return result
    }

    /// The advance of each of `characters` (one paragraph, no newline) shaped in `faces`, in
    /// 1/1000 em: what a layout that breaks or aligns text measures it by.
    ///
    /// - Throws: ``TextShapingError`` when FriBidi or HarfBuzz fails.
    static func characterUnits(_ characters: [Character], faces: TextFaces) throws -> [Double] {
        try PreparedParagraph(characters, faces: faces).units
    }

    /// A paragraph's scalars with their bidi levels, faces and scripts, shaped once to
    /// measure each character.
    private struct PreparedParagraph {
        let paragraph: Paragraph
        /// The index of each character's first scalar, and the scalar count last.
        let firstScalar: [Int]
        /// Each character's advance: the advances of the glyphs of the clusters it starts.
        let units: [Double]

        init(_ characters: [Character], faces: TextFaces) throws {
            var scalars: [Unicode.Scalar] = []
            var firstScalar: [Int] = []
            var characterOfScalar: [Int] = []
            for (index, character) in characters.enumerated() {
                firstScalar.append(scalars.count)
                for scalar in character.unicodeScalars {
                    scalars.append(scalar)
                    characterOfScalar.append(index)
                }
            }
            firstScalar.append(scalars.count)
            let bidi = try BidiParagraph(scalars)
            let assigned = faces.assign(scalars)
            let paragraph = Paragraph(scalars: scalars, bidi: bidi, faces: assigned.faces, scripts: assigned.scripts)
            var units = [Double](repeating: 0, count: characters.count)
            for run in try paragraph.shapedRuns(0..<scalars.count, levels: bidi.levels, faces: faces) {
                for glyph in run.run.glyphs {
                    units[characterOfScalar[run.start + glyph.cluster]] += ShapedTextLayout.units(glyph.advance, faces[run.run.face])
                }
            }
            self.paragraph = paragraph
            self.firstScalar = firstScalar
            self.units = units
        }
    }

    /// `value` font units of `face` in 1/1000 em, as the font's widths are scaled.
    static func units(_ value: Int, _ face: TextFaces.Face) -> Double {
        Double(value) * 1000 / Double(face.shaper.unitsPerEm)
    }

    /// A paragraph with its levels, faces and scripts, one of each per scalar.
    private struct Paragraph {
        let scalars: [Unicode.Scalar]
        let bidi: BidiParagraph
        let faces: [Int]
        let scripts: [Script]

        /// The runs of `range` (maximal spans of one level, face and script) in logical order,
        /// each shaped with `range` as its context; `start` is where each begins in the
        /// paragraph.
        func shapedRuns(_ range: Range<Int>, levels: [UInt8], faces: TextFaces) throws -> [(run: ShapedRun, level: UInt8, start: Int)] {
            let text = scalars[range].map(\.value)
            var runs: [(run: ShapedRun, level: UInt8, start: Int)] = []
            var start = 0
            while start < text.count {
                var end = start + 1
                let at = range.lowerBound
                while end < text.count, levels[end] == levels[start], self.faces[at + end] == self.faces[at + start],
                      scripts[at + end] == scripts[at + start] { end += 1 }
                let face = faces[self.faces[at + start]]
                let rightToLeft = levels[start] % 2 == 1
                var glyphs = try face.shaper.shape(text, range: start..<end, rightToLeft: rightToLeft, script: scripts[at + start])
                for index in glyphs.indices { glyphs[index].cluster -= start }
                let units = glyphs.reduce(0) { $0 + ShapedTextLayout.units($1.advance, face) }
                let run = ShapedRun(face: self.faces[at + start], rightToLeft: rightToLeft,
                                    scalars: Array(scalars[(at + start)..<(at + end)]), glyphs: glyphs, units: units)
                runs.append((run, levels[start], at + start))
                start = end
            }
            return runs
        }
    }
}
