import Testing

@testable import PDFCore

extension FilterTests {
    @Suite("ASCII85Decode")
    struct ASCII85FilterTests {
        typealias T = FilterTestSupport

        struct Vector: Sendable, CustomTestStringConvertible {
            var encoded: String
            var decoded: [UInt8]
            var testDescription: String { encoded.debugDescription }
        }

        /// Encodings from Python's `base64.a85encode`, plus the delimiters and white space
        /// the filter must accept.
        static let vectors: [Vector] = [
            Vector(encoded: "9jqo^BlbD-BleB1DJ+*+F(f,q~>", decoded: Array("Man is distinguished".utf8)),
            Vector(encoded: "87cURz=)W*~>", decoded: Array("Hell".utf8) + [0, 0, 0, 0] + Array("Wor".utf8)),
            Vector(encoded: "s8W-!rr~>", decoded: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),  // 2^32 - 1, then a 2-char group
            Vector(encoded: "5l~>", decoded: Array("A".utf8)),
            Vector(encoded: "z~>", decoded: [0, 0, 0, 0]),
            Vector(encoded: "zz", decoded: [UInt8](repeating: 0, count: 8)),  // no "~>": the data just ends
            Vector(encoded: "<~87cURz=)W*~>", decoded: Array("Hell".utf8) + [0, 0, 0, 0] + Array("Wor".utf8)),
            Vector(encoded: " \n<~9jqo^ BlbD-\r\nBleB1 DJ+*+\tF(f,q ~ >", decoded: Array("Man is distinguished".utf8)),
            Vector(encoded: "5l~ garbage", decoded: Array("A".utf8)),  // '~' alone ends the data too
            Vector(encoded: "87cURDZB~>", decoded: Array("Hello".utf8) + [0x00]),  // a 3-char final group
            Vector(encoded: "9jqo^B~>", decoded: Array("Man ".utf8)),  // a lone final character is dropped
            Vector(encoded: "~>", decoded: []),
            Vector(encoded: "", decoded: []),
        ]

        @Test("vectors decode", arguments: vectors)
        func decodesVector(vector: Vector) throws {
            #expect(try T.decode(T.ascii(vector.encoded), "ASCII85Decode") == vector.decoded)
            #expect(try T.decode(T.ascii(vector.encoded), "A85") == vector.decoded)
        }

        @Test("malformed data is an error",
              arguments: [
                "9jqo^vBlbD~>",  // 'v' is outside '!'..'u'
                "9jqzo^~>",  // 'z' inside a group
                "uuuuu~>",  // 85^5 - 1 is past 2^32 - 1
                "s8W-\"~>",  // one past 2^32 - 1
                "uuu~>",  // a partial group past 2^32 - 1
              ])
        func malformed(text: String) throws {
            let error = #expect(throws: PDFError.self) { try T.decode(T.ascii(text), "ASCII85Decode") }
            #expect(error?.filterName == "ASCII85Decode")
        }

        @Test("encode then decode gives the input back", arguments: [0, 1, 2, 3, 4, 5, 8, 1001])
        func roundTrip(count: Int) throws {
            var random = SplitMix64(seed: UInt64(count))
            var data = T.randomBytes(count: count, random: &random)
            if count >= 8 { data.replaceSubrange(4..<8, with: [0, 0, 0, 0]) }  // a 'z' group
            let encoded = ASCII85Filter.encode(data)
            #expect(encoded.suffix(2) == T.ascii("~>"))
            #expect(try T.decode(encoded, "ASCII85Decode") == data)
        }

        @Test("the encoder matches Python's base64.a85encode")
        func encoderOutput() {
            #expect(ASCII85Filter.encode(Array("Man is distinguished".utf8)) == T.ascii("9jqo^BlbD-BleB1DJ+*+F(f,q~>"))
            #expect(ASCII85Filter.encode(Array("Hell".utf8) + [0, 0, 0, 0] + Array("Wor".utf8)) == T.ascii("87cURz=)W*~>"))
        }

        @Test("'z' expansion past the limit throws")
        func limit() throws {
            let zeros = [UInt8](repeating: UInt8(ascii: "z"), count: 1000)
            let error = #expect(throws: PDFError.self) {
                try T.decode(zeros, "ASCII85Decode", limits: T.limits(maxDecoded: 3999))
            }
            #expect(error?.isLimitExceeded == true)
            #expect(try T.decode(zeros, "ASCII85Decode", limits: T.limits(maxDecoded: 4000)).count == 4000)
        }
    }
}
