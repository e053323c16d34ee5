import Testing
@testable import Marginalia

extension FontsTests {
    @Suite("WinAnsiEncoding")
    struct WinAnsiEncodingTests {
        static let unusedCodes: Set<UInt8> = [0x7F, 0x81, 0x8D, 0x8F, 0x90, 0x9D]

        @Test func everyDefinedCodeRoundTrips() {
            var defined = 0
            for code in UInt8.min...UInt8.max {
                guard let character = WinAnsiEncoding.character(for: code) else {
                    #expect(code < 0x20 || Self.unusedCodes.contains(code), "code \(code) has no character")
                    continue
                }
                defined += 1
                #expect(WinAnsiEncoding.code(for: character) == code)
                #expect(WinAnsiEncoding.canEncode(character))
                #expect(WinAnsiEncoding.decode([code]) == String(character))
                let encoded = WinAnsiEncoding.encode(String(character))
                #expect(encoded.bytes == [code] && encoded.unencodable.isEmpty)
            }
            #expect(defined == 256 - 32 - Self.unusedCodes.count)
        }

        @Test func typographicRange() {
            let text = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"
            let expected: [UInt8] = [
                0x80, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8A, 0x8B, 0x8C, 0x8E,
                0x91, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0x9B, 0x9C, 0x9E, 0x9F,
            ]
            let encoded = WinAnsiEncoding.encode(text)
            #expect(encoded.bytes == expected)
            #expect(encoded.unencodable.isEmpty)
            #expect(WinAnsiEncoding.decode(expected) == text)
            #expect(WinAnsiEncoding.code(for: "€") == 0x80)
        }

        @Test func latinText() {
            let encoded = WinAnsiEncoding.encode("Café Straße ©½ ÿ")
            #expect(encoded.bytes == [0x43, 0x61, 0x66, 0xE9, 0x20, 0x53, 0x74, 0x72, 0x61, 0xDF, 0x65,
                                      0x20, 0xA9, 0xBD, 0x20, 0xFF])
            #expect(WinAnsiEncoding.code(for: "e\u{301}") == 0xE9, "decomposed é is encoded as é")
        }

        @Test func unencodableCharactersAreReplacedAndReported() {
            let encoded = WinAnsiEncoding.encode("a東b😀\tc東")
            #expect(encoded.bytes == [0x61, 0x3F, 0x62, 0x3F, 0x3F, 0x63, 0x3F])
            #expect(encoded.unencodable == ["東", "😀", "\t", "東"])
            #expect(!WinAnsiEncoding.canEncode("\n"))
            #expect(!WinAnsiEncoding.canEncode("Ā"))
            #expect(WinAnsiEncoding.encode("").bytes.isEmpty)
        }

        @Test func decodingKeepsEveryByte() {
            let all = Array(UInt8.min...UInt8.max)
            let decoded = WinAnsiEncoding.decode(all)
            #expect(decoded.unicodeScalars.count == 256)
            #expect(decoded.unicodeScalars.map(\.value)[0x81] == 0x81)
            #expect(decoded.unicodeScalars.map(\.value)[0x0A] == 0x0A)
        }
    }
}
