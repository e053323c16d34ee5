import Testing
@testable import Marginalia

/// `TableText.fields`, which reads the generated tables' text on its UTF-8 bytes: the same
/// fields as splitting the `UTF8View`, separators in runs, at the ends or absent alike.
@Suite("Text extraction: the generated tables' fields")
struct TableTextTests {
    static let texts = ["", " ", "a", "a b", "  a  b  ", "a\nbb\n\nccc\n", "caf\u{E9} \u{301}x \u{1F600},y", "\n\n",
                        "A 0041\nAE 00C6\nf_f_i 0066,0066,0069"]

    @Test(arguments: texts, [TableText.space, TableText.newline, TableText.comma])
    func fieldsAreTheNonEmptyPiecesBetweenSeparators(_ text: String, _ separator: UInt8) {
        let expected = text.utf8.split(separator: separator).map { String(Substring($0)) }
        #expect(TableText.fields(text, separator: separator).map(String.init) == expected)
        // A field of a field (the tables are read in two steps) is read on its own bytes.
        let inner = Substring(text.dropFirst())
        #expect(TableText.fields(inner, separator: separator).map(String.init)
                == inner.utf8.split(separator: separator).map { String(Substring($0)) })
    }

    @Test func theGlyphListReadsAsBefore() {
        #expect(GlyphNames.text(for: "AE") == "\u{C6}")
        #expect(GlyphNames.text(for: "f_f_i") == "ffi")
        #expect(GlyphNames.text(for: "a1", zapf: true) == "\u{2701}")
        #expect(BaseEncoding.winAnsi.names[0x41] == "A")
    }
}
