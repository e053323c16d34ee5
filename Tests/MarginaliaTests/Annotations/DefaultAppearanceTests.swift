import Testing

@testable import Marginalia

/// ``DefaultAppearance``'s reading of `/DA`: the font, size and colour operators it knows,
/// between any of PDF's white-space characters.
@Suite("Default appearance strings")
struct DefaultAppearanceTests {
    @Test("font, size and each colour operator are read; other operators are skipped")
    func operators() {
        let gray = DefaultAppearance("/Helv 11 Tf 0 g")
        #expect(gray.fontName == "Helv")
        #expect(gray.fontSize == 11)
        #expect(gray.color == Color(white: 0))
        let rgb = DefaultAppearance("0 Tc /TiRo 9.5 Tf 0 0 1 rg 2 Tz")
        #expect(rgb.fontName == "TiRo" && rgb.fontSize == 9.5)
        #expect(rgb.color == Color(red: 0, green: 0, blue: 1))
        let cmyk = DefaultAppearance("/Cour 0 Tf 0 1 0 0 k")
        #expect(cmyk.fontSize == 0)
        #expect(cmyk.color == Color(red: 1, green: 0, blue: 1))
    }

    @Test("every PDF white-space character separates, \\r\\n among them")
    func whiteSpace() {
        let appearance = DefaultAppearance("\t/ZaDb\r\n12\u{0C}Tf\u{00}1 0 0\nrg\r")
        #expect(appearance.fontName == "ZaDb")
        #expect(appearance.fontSize == 12)
        #expect(appearance.color == Color(red: 1, green: 0, blue: 0))
        #expect(DefaultAppearance.tokens(of: " a  bc\r\nd ") == ["a", "bc", "d"])
        #expect(DefaultAppearance.tokens(of: "") == [])
        #expect(DefaultAppearance.tokens(of: "0 g/Helv 12 Tf//F") == ["0", "g", "/Helv", "12", "Tf", "/", "/F"])
        let glued = DefaultAppearance("0 0 1 rg/Cour 7 Tf")
        #expect(glued.fontName == "Cour" && glued.fontSize == 7)
        #expect(glued.color == Color(red: 0, green: 0, blue: 1))
        #expect(DefaultAppearance.tokens(of: "/Ünï 8 Tf") == ["/Ünï", "8", "Tf"])
    }

    @Test("missing or bad operands keep the defaults")
    func badOperands() {
        let empty = DefaultAppearance("")
        #expect(empty.fontName == "Helvetica" && empty.fontSize == 12 && empty.color == nil)
        let bad = DefaultAppearance("Helv x Tf 1 0 rg")
        #expect(bad.fontName == "Helvetica")
        #expect(bad.fontSize == 12)
        #expect(bad.color == nil)
        #expect(DefaultAppearance("/F1 -3 Tf").fontSize == 0)
    }
}
