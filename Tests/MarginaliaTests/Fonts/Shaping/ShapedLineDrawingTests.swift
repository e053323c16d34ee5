import Foundation
import Testing
@testable import Marginalia

/// Where the content stream puts each glyph, read back as a PDF viewer reads `TJ` (9.4.3: a
/// glyph moves the pen by its `/W` width, a number moves it left by that many thousandths of
/// the font size), held against where HarfBuzz placed it.
@Suite("ShapedLineDrawing")
struct ShapedLineDrawingTests {
    /// The glyphs a line's content shows, each with its x from the line's start (1/1000 em).
    static func placements(_ content: [UInt8], font: TrueTypeFont) -> [(glyph: Int, x: Double)] {
        let text = String(decoding: content, as: UTF8.self)
        var result: [(glyph: Int, x: Double)] = []
        var pen = 0.0
        var scanner = text[...]
        while let open = scanner.firstIndex(of: "[") {
            guard let close = scanner[open...].firstIndex(of: "]") else { break }
            var array = scanner[scanner.index(after: open)..<close]
            while let first = array.first {
                if first == "<" {
                    let end = array.firstIndex(of: ">")!
                    let hex = Array(array[array.index(after: array.startIndex)..<end])
                    for index in stride(from: 0, to: hex.count, by: 4) {
                        let code = Int(String(hex[index..<index + 4]), radix: 16)!
                        let glyph = font.subset.glyphs[code]
                        result.append((glyph, pen))
                        pen += font.advanceWidth(ofGlyph: glyph)
                    }
                    array = array[array.index(after: end)...]
                } else if first == " " {
                    array = array.dropFirst()
                } else {
                    let end = array.firstIndex { $0 == " " || $0 == "<" } ?? array.endIndex
                    pen -= Double(array[..<end])!
                    array = array[end...]
                }
            }
            scanner = scanner[scanner.index(after: close)...]
        }
        return result
    }

    /// Hebrew points are moved onto their letters by offsets, which the test must then see.
    @Test(arguments: [("שָׁלוֹם", true), ("क्षत्रिय", false), ("السلام", false)])
    func glyphsLandWhereTheShaperPutThem(text: String, hasOffsets: Bool) throws {
        let faces = try #require(TextFaces.make())
        let line = try #require(try ShapedTextLayout.lines(text, faces: faces, size: 10, maxWidth: 0).first)
        #expect(line.runs.count == 1)
        let run = try #require(line.runs.first)
        let font = try #require(faces[run.face].font as? TrueTypeFont)
        var content = ContentStreamBuilder()
        line.draw(x: 0, baseline: 0, size: 10, faces: faces, into: &content)

        let scale = 1000 / Double(faces[run.face].shaper.unitsPerEm)
        var expected: [(glyph: Int, x: Double)] = []
        var pen = 0.0
        for glyph in run.glyphs {
            expected.append((glyph.glyph, pen + Double(glyph.xOffset) * scale))
            pen += Double(glyph.advance) * scale
        }
        let drawn = Self.placements(content.bytes, font: font)
        #expect(drawn.map(\.glyph) == expected.map(\.glyph))
        for (ours, theirs) in zip(drawn, expected) {
            #expect(abs(ours.x - theirs.x) < 0.02, "glyph \(ours.glyph) at \(ours.x), HarfBuzz puts it at \(theirs.x)")
        }
        if hasOffsets { #expect(run.glyphs.contains { $0.xOffset != 0 }) }
    }
}
