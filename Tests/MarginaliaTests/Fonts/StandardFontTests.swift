import Foundation
import Testing
@testable import Marginalia

extension FontsTests {
    @Suite("StandardFont")
    struct StandardFontTests {
        // MARK: - Widths known from Adobe's AFM files

        @Test(arguments: [
            (StandardFont.helvetica, Character("A"), 667.0), (.helvetica, " ", 278), (.helvetica, "W", 944),
            (.helvetica, "@", 1015), (.helvetica, "'", 191), (.helvetica, "|", 260),
            (.helveticaBold, "A", 722), (.helveticaBold, " ", 278), (.helveticaOblique, "A", 667),
            (.timesRoman, "A", 722), (.timesRoman, " ", 250), (.timesItalic, "A", 611), (.timesItalic, "W", 833),
            (.timesItalic, "'", 214), (.timesBoldItalic, "A", 667), (.timesBold, "A", 722),
            (.helvetica, "€", 556), (.helvetica, "—", 1000), (.helvetica, "•", 350), (.timesRoman, "…", 1000),
            (.helvetica, "é", 556), (.helvetica, "Ÿ", 667),
        ])
        func knownWidths(font: StandardFont, character: Character, width: Double) throws {
            let code = try #require(WinAnsiEncoding.code(for: character))
            #expect(font.width(ofCode: code) == width)
            #expect(font.width(of: String(character), size: 1000) == width)
        }

        @Test func helloInHelveticaAtTenPoints() {
            // H 722 + e 556 + l 222 + l 222 + o 556 = 2278 units.
            #expect(StandardFont.helvetica.width(of: "Hello", size: 10) == 22.78)
            #expect(StandardFont.helvetica.width(of: "", size: 10) == 0)
        }

        @Test(arguments: [StandardFont.courier, .courierBold, .courierOblique, .courierBoldOblique])
        func courierIsSixHundredForEveryGlyph(font: StandardFont) {
            #expect(font.isFixedPitch)
            for code in UInt8(0x20)...UInt8(0xFF) {
                #expect(font.width(ofCode: code) == 600, "code \(code)")
            }
        }

        @Test(arguments: StandardFont.allCases.filter(\.usesWinAnsi))
        func everyWinAnsiCharacterHasAGlyph(font: StandardFont) {
            for code in UInt8(0x20)...UInt8(0xFF) where WinAnsiEncoding.character(for: code) != nil {
                #expect(font.width(ofCode: code) > 0, "\(font.rawValue) code \(code)")
            }
        }

        @Test func missingGlyphs() {
            let helvetica = StandardFont.helvetica
            // Control codes select .notdef, which draws nothing.
            #expect(helvetica.width(ofCode: 0x00) == 0)
            #expect(helvetica.width(ofCode: 0x0A) == 0)
            // Unused codes above 0x20 draw the bullet (Annex D.2).
            for code: UInt8 in [0x7F, 0x81, 0x8D, 0x8F, 0x90, 0x9D] {
                #expect(helvetica.width(ofCode: code) == 350)
                #expect(StandardFont.timesRoman.width(ofCode: code) == 350)
            }
            // No-break space and soft hyphen have their own codes, drawn as space and hyphen.
            #expect(helvetica.width(ofCode: 0xA0) == 278)
            #expect(helvetica.width(ofCode: 0xAD) == 333)
            // An unencodable character is measured as the "?" that replaces it.
            #expect(helvetica.width(of: "東", size: 1000) == helvetica.width(of: "?", size: 1000))
        }

        @Test func symbolicFontsUseTheirBuiltInEncoding() {
            #expect(!StandardFont.symbol.usesWinAnsi && !StandardFont.zapfDingbats.usesWinAnsi)
            #expect(StandardFont.symbol.width(ofCode: 0x20) == 250)
            #expect(StandardFont.symbol.width(ofCode: 0x41) == 722)  // Alpha
            #expect(StandardFont.symbol.width(ofCode: 0x61) == 631)  // alpha
            #expect(StandardFont.zapfDingbats.width(ofCode: 0x20) == 278)
            #expect(StandardFont.zapfDingbats.width(ofCode: 0x21) == 974)  // a1
            #expect(StandardFont.zapfDingbats.width(ofCode: 0x34) == 846)  // a20, the check mark
            #expect(StandardFont.zapfDingbats.width(ofCode: 0x00) == 0)
            #expect(StandardFont.zapfDingbats.width(of: "4", size: 10) == 8.46)
            let encoded = StandardFont.zapfDingbats.encode("4€")
            #expect(encoded.bytes == [0x34, 0x20])
            #expect(encoded.unencodable == ["€"])
        }

        // MARK: - Descriptor values

        @Test(arguments: StandardFont.allCases)
        func descriptorValuesAreSane(font: StandardFont) {
            #expect(font.baseFontName == font.rawValue)
            #expect(font.ascent > 500 && font.descent < -100)
            #expect(font.capHeight > 500 && font.capHeight <= font.fontBBox.maxY)
            #expect(font.xHeight > 300 && font.xHeight < font.capHeight)
            #expect(font.fontBBox.minY <= font.descent && font.fontBBox.maxY >= font.ascent)
            #expect(font.fontBBox.width > 500)
            #expect((font.italicAngle < 0) == font.isItalic)
            #expect(font.isFixedPitch == font.rawValue.hasPrefix("Courier"))
        }

        @Test func headerValuesFromTheURWFiles() {
            #expect(StandardFont.helvetica.ascent == 729)
            #expect(StandardFont.helvetica.descent == -218)
            #expect(StandardFont.timesRoman.ascent == 683)
            #expect(StandardFont.timesRoman.descent == -217)
            #expect(StandardFont.timesItalic.italicAngle == -15)
            #expect(StandardFont.helvetica.fontBBox == CGRect(x: -210, y: -299, width: 1242, height: 1374))
        }

        // MARK: - Robustness

        @Test func oddSizesAndTextDoNotTrap() {
            let text = "👩‍👩‍👧 e\u{301} \t\u{0}\r\n" + String(repeating: "x", count: 10_000)
            for font in StandardFont.allCases {
                for size in [0, -5, .nan, .infinity, .greatestFiniteMagnitude, .leastNonzeroMagnitude] {
                    _ = font.width(of: text, size: size)
                }
                for code in UInt8.min...UInt8.max {
                    #expect(font.width(ofCode: code) >= 0)
                }
            }
            #expect(StandardFont.helvetica.width(of: "e\u{301}", size: 1000) == 556, "decomposed é is é")
            #expect(StandardFont.helvetica.width(of: "x", size: .nan).isNaN)
        }
    }
}
