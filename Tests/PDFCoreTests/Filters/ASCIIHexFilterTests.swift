import Testing

@testable import PDFCore

extension FilterTests {
    @Suite("ASCIIHexDecode")
    struct ASCIIHexFilterTests {
        typealias T = FilterTestSupport

        struct Vector: Sendable, CustomTestStringConvertible {
            var encoded: String
            var decoded: [UInt8]
            var testDescription: String { encoded.debugDescription }
        }

        static let vectors: [Vector] = [
            Vector(encoded: "48656C6C6F>", decoded: Array("Hello".utf8)),
            Vector(encoded: "48656c6c6f>", decoded: Array("Hello".utf8)),  // either case
            Vector(encoded: " 48 65\n6C\r\n6C\t6F\u{0C}\u{00}>", decoded: Array("Hello".utf8)),  // white space
            Vector(encoded: "901FA>", decoded: [0x90, 0x1F, 0xA0]),  // odd final digit: 0 follows
            Vector(encoded: "901FA", decoded: [0x90, 0x1F, 0xA0]),  // no '>': the data just ends
            Vector(encoded: "41>42 garbage", decoded: [0x41]),  // '>' ends everything
            Vector(encoded: ">", decoded: []),
            Vector(encoded: "", decoded: []),
        ]

        @Test("hand-made vectors decode", arguments: vectors)
        func decodesVector(vector: Vector) throws {
            #expect(try T.decode(T.ascii(vector.encoded), "ASCIIHexDecode") == vector.decoded)
            #expect(try T.decode(T.ascii(vector.encoded), "AHx") == vector.decoded)
        }

        @Test("a character that is not a hex digit is an error at its position",
              arguments: ["4G>", "41 4x", "41~>", "+"])
        func invalidCharacter(text: String) throws {
            let error = #expect(throws: PDFError.self) { try T.decode(T.ascii(text), "ASCIIHexDecode") }
            #expect(error?.filterName == "ASCIIHexDecode")
        }

        @Test("the error names the byte offset")
        func errorPosition() throws {
            let error = #expect(throws: PDFError.self) { try T.decode(T.ascii("00 11 Z2"), "AHx") }
            #expect(error == .filter(name: "ASCIIHexDecode", reason: "invalid character 0x5A at byte 6"))
        }

        @Test("encode then decode gives the input back", arguments: [0, 1, 2, 255, 4096])
        func roundTrip(count: Int) throws {
            var random = SplitMix64(seed: UInt64(count))
            let data = T.randomBytes(count: count, random: &random)
            let encoded = ASCIIHexFilter.encode(data)
            #expect(encoded.count == 2 * count + 1)
            #expect(try T.decode(encoded, "ASCIIHexDecode") == data)
        }

        @Test("the encoder writes upper-case digits and '>'")
        func encoderOutput() {
            #expect(ASCIIHexFilter.encode([0x00, 0xAB, 0xFF]) == T.ascii("00ABFF>"))
        }
    }
}
