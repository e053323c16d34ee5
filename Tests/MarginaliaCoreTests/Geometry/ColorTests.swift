import Foundation
import Testing
@testable import MarginaliaCore

extension GeometryTests {
    @Suite("Color")
    struct ColorTests {
        @Test func componentsAreClamped() {
            let color = Color(red: 2, green: -1, blue: .nan, alpha: 0.5)
            #expect(color.red == 1)
            #expect(color.green == 0)
            #expect(color.blue == 0)
            #expect(color.alpha == 0.5)
            #expect(Color(white: 0.25).pdfComponents == [0.25, 0.25, 0.25])
            #expect(Color(white: .infinity, alpha: -.infinity) == Color(red: 1, green: 1, blue: 1, alpha: 0))
        }

        @Test(arguments: [
            ("#FF8000", Color(red: 1, green: 128.0 / 255, blue: 0, alpha: 1)),
            ("ff8000", Color(red: 1, green: 128.0 / 255, blue: 0, alpha: 1)),
            ("#f80", Color(red: 1, green: 136.0 / 255, blue: 0, alpha: 1)),
            ("#0000FF80", Color(red: 0, green: 0, blue: 1, alpha: 128.0 / 255)),
            ("  #ABCDEF\n", Color(red: 0xAB / 255.0, green: 0xCD / 255.0, blue: 0xEF / 255.0, alpha: 1)),
        ])
        func parsesHex(text: String, expected: Color) throws {
            let color = try #require(Color(hex: text))
            #expect(approximately(color.red, expected.red))
            #expect(approximately(color.green, expected.green))
            #expect(approximately(color.blue, expected.blue))
            #expect(approximately(color.alpha, expected.alpha))
        }

        @Test(arguments: ["", "#", "#12", "#1234", "#12345", "#1234567", "#123456789", "#GG0000",
                          "#+12345", "##123456", "12 345", "#-12345", "０１２"])
        func rejectsMalformedHex(text: String) {
            #expect(Color(hex: text) == nil)
        }

        /// What the byte reading reads, it reads as the character reading does, and what it
        /// leaves (whitespace, a second `#`, other scripts) goes to the character reading.
        @Test(arguments: ["#FF8000", "ff8000", "#f80", "#0000FF80", "aBc", "#aBcDeF12", "", "#", "##123456", "#12 456",
                          " #123456", "#123456\n", "#GG0000", "#12345g", "#１２３", "#é12", "\u{00A0}#123", "#123\u{3000}",
                          "#1234567", "0123456789abcdefABCDEF", "#F80\u{301}"])
        func theByteReadingAgreesWithTheCharacterReading(text: String) {
            if let digits = Color.plainHexDigits(text) {
                #expect(Color.hexDigitsByCharacter(text) == digits, "\(text)")
            } else {
                #expect(text.utf8.dropFirst(text.hasPrefix("#") ? 1 : 0).contains { !$0.isHexDigitByte }, "\(text)")
            }
        }

        @Test func formatsHex() {
            let color = Color(red: 1, green: 0.5, blue: 0, alpha: 0.25)
            #expect(color.hex == "#FF8000")
            #expect(color.hexWithAlpha == "#FF800040")
            #expect(Color.clear.hexWithAlpha == "#00000000")
            #expect(Color.yellow.hex == "#FFFF00")
            #expect(Color(hex: color.hexWithAlpha)?.hexWithAlpha == color.hexWithAlpha)
        }

        @Test func codableUsesHexStrings() throws {
            let colors = [Color.red, Color.blue.withAlpha(0.5)]
            let data = try JSONEncoder().encode(colors)
            #expect(String(decoding: data, as: UTF8.self) == ##"["#FF0000","#0000FF80"]"##)
            let decoded = try JSONDecoder().decode([Color].self, from: data)
            #expect(decoded[0] == .red)
            #expect(decoded[1].hexWithAlpha == "#0000FF80")
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(Color.self, from: Data(#""purple""#.utf8))
            }
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(Color.self, from: Data("12".utf8))
            }
        }

        @Test func pdfComponentArrays() throws {
            #expect(Color(pdfComponents: []) == nil)
            #expect(Color(pdfComponents: [0.1, 0.2]) == nil)
            #expect(Color(pdfComponents: [1, 2, 3, 4, 5]) == nil)
            #expect(Color(pdfComponents: [0.5]) == Color(white: 0.5))
            #expect(Color(pdfComponents: [1, 0, 0]) == .red)
            // DeviceCMYK: pure cyan is green + blue; black wins; over-inked values clamp.
            #expect(Color(pdfComponents: [1, 0, 0, 0]) == Color(red: 0, green: 1, blue: 1))
            #expect(Color(pdfComponents: [0, 0, 0, 1]) == .black)
            let mixed = try #require(Color(pdfComponents: [0.2, 0.4, 0, 0.1]))
            #expect(approximately(mixed.red, 0.7) && approximately(mixed.green, 0.5) && approximately(mixed.blue, 0.9))
            #expect(Color(pdfComponents: [.nan, 2, -1]) == Color(red: 0, green: 1, blue: 0))
            #expect(Color.red.pdfComponents == [1, 0, 0])
        }

        @Test func withAlphaKeepsTheHue() {
            let translucent = Color.yellow.withAlpha(0.3)
            #expect(translucent.red == 1 && translucent.green == 1 && translucent.blue == 0)
            #expect(translucent.alpha == 0.3)
            #expect(Color.yellow.withAlpha(7).alpha == 1)
        }
    }
}

private extension UInt8 {
    var isHexDigitByte: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
