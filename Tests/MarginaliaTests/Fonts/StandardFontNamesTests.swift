import Testing
@testable import Marginalia

extension FontsTests {
    @Suite("StandardFont names")
    struct StandardFontNamesTests {
        @Test(arguments: StandardFont.allCases)
        func baseFontNamesResolveToThemselves(font: StandardFont) {
            #expect(StandardFont.resolve(font.rawValue) == font)
            #expect(StandardFont.resolve("/" + font.rawValue) == font)
            #expect(StandardFont.resolve("ABCDEF+" + font.rawValue) == font)
        }

        @Test(arguments: [
            ("Helv", StandardFont.helvetica), ("HeBo", .helveticaBold), ("HeOb", .helveticaOblique),
            ("HeBO", .helveticaBoldOblique), ("TiRo", .timesRoman), ("TiBo", .timesBold), ("TiIt", .timesItalic),
            ("TiBI", .timesBoldItalic), ("Cour", .courier), ("CoBo", .courierBold), ("CoOb", .courierOblique),
            ("CoBO", .courierBoldOblique), ("ZaDb", .zapfDingbats), ("Symb", .symbol), ("/Helv", .helvetica),
            ("Arial", .helvetica), ("ArialMT", .helvetica), ("Arial,Bold", .helveticaBold),
            ("Arial-BoldMT", .helveticaBold), ("Arial,Italic", .helveticaOblique),
            ("Arial-BoldItalicMT", .helveticaBoldOblique), ("Arial Black", .helveticaBold),
            ("TimesNewRoman", .timesRoman), ("TimesNewRomanPSMT", .timesRoman), ("Times New Roman", .timesRoman),
            ("TimesNewRomanPS-BoldMT", .timesBold), ("TimesNewRoman,BoldItalic", .timesBoldItalic),
            ("TimesNewRomanPS-ItalicMT", .timesItalic), ("Times", .timesRoman),
            ("CourierNew", .courier), ("CourierNewPSMT", .courier), ("CourierNew,Bold", .courierBold),
            ("CourierNewPS-BoldItalicMT", .courierBoldOblique), ("courier-oblique", .courierOblique),
            ("helvetica-bold", .helveticaBold), ("NimbusSans-Regular", .helvetica),
            ("NimbusRoman-BoldItalic", .timesBoldItalic), ("LiberationMono-Bold", .courierBold),
            ("ABCDEF+Arial-BoldMT", .helveticaBold), ("SymbolMT", .symbol), ("D050000L", .zapfDingbats),
            ("StandardSymbolsPS", .symbol), ("ZapfDingbatsITC", .zapfDingbats),
        ])
        func aliases(name: String, font: StandardFont) {
            #expect(StandardFont.resolve(name) == font, "\(name)")
        }

        @Test(arguments: ["", " ", "/", "Calibri", "Verdana-Bold", "Tahoma", "F1", "ABCDEF+", "+", "Bold", "Italic"])
        func unknownNames(name: String) {
            #expect(StandardFont.resolve(name) == nil)
        }

        @Test func faces() {
            #expect(StandardFont.helvetica.withTraits(bold: true, italic: false) == .helveticaBold)
            #expect(StandardFont.helveticaBold.withTraits(bold: false, italic: true) == .helveticaOblique)
            #expect(StandardFont.timesRoman.withTraits(bold: true, italic: true) == .timesBoldItalic)
            #expect(StandardFont.courierBoldOblique.withTraits(bold: false, italic: false) == .courier)
            #expect(StandardFont.symbol.withTraits(bold: true, italic: true) == .symbol)
            #expect(StandardFont.zapfDingbats.withTraits(bold: true, italic: false) == .zapfDingbats)
            for font in StandardFont.allCases where font.usesWinAnsi {
                let same = font.withTraits(bold: font.isBold, italic: font.isItalic)
                #expect(same == font)
            }
        }
    }
}
