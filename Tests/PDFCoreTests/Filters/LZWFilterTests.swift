import Testing

@testable import PDFCore

extension FilterTests {
    @Suite("LZWDecode")
    struct LZWFilterTests {
        typealias T = FilterTestSupport

        /// ISO 32000-2, 7.4.4.2, Example 2: "-----A---B" is codes 256 45 258 258 65 259 66 257,
        /// nine bits each.
        static let specExample = T.bytes(hex: "80 0B 60 50 22 0C 0C 85 01")

        @Test("the specification's example decodes, and encodes to the same bytes")
        func specificationExample() throws {
            #expect(try T.decode(Self.specExample, "LZWDecode") == T.ascii("-----A---B"))
            #expect(try T.decode(Self.specExample, "LZW") == T.ascii("-----A---B"))
            #expect(LZWFilter.encode(T.ascii("-----A---B")) == Self.specExample)
        }

        @Test("qpdf-checked vectors decode with their /EarlyChange", arguments: [0, 1])
        func earlyChangeVectors(earlyChange: Int) throws {
            let vector = T.bytes(hex: earlyChange == 0 ? Self.vectorEarlyChange0 : Self.vectorEarlyChange1)
            let parameters = PDFDictionary([("EarlyChange", .integer(earlyChange))])
            #expect(try T.decode(vector, "LZWDecode", parameters) == Self.vectorData)
            // The encoder writes the same codes.
            #expect(LZWFilter.encode(Self.vectorData, earlyChange: earlyChange != 0) == vector)
        }

        @Test("/EarlyChange defaults to 1, and the wrong setting goes wrong at the width change")
        func earlyChangeMatters() throws {
            let early = T.bytes(hex: Self.vectorEarlyChange1)
            #expect(try T.decode(early, "LZWDecode") == Self.vectorData)
            let misread = try T.decode(early, "LZWDecode", PDFDictionary([("EarlyChange", 0)]))
            #expect(misread != Self.vectorData)
            // Everything read before the widths part ways is still right.
            #expect(zip(misread, Self.vectorData).prefix { $0 == $1 }.count > 200)
        }

        @Test("encode then decode gives the input back, across table clears",
              arguments: [0, 1, 2, 3, 257, 5_000, 40_000, 200_000], [false, true])
        func roundTrip(count: Int, earlyChange: Bool) throws {
            let data = T.sampleText(count: count, seed: UInt64(count) + 9)
            let encoded = LZWFilter.encode(data, earlyChange: earlyChange)
            #expect(try LZWFilter.decode(encoded, earlyChange: earlyChange, limit: .max) == data)
        }

        @Test("incompressible bytes round-trip: the table fills at 12 bits and clears")
        func randomRoundTrip() throws {
            var random = SplitMix64(seed: 3)
            let data = T.randomBytes(count: 30_000, random: &random)
            for earlyChange in [false, true] {
                let encoded = LZWFilter.encode(data, earlyChange: earlyChange)
                #expect(try LZWFilter.decode(encoded, earlyChange: earlyChange, limit: .max) == data)
            }
        }

        @Test("a code that refers to the entry it defines (KwKwK) decodes")
        func selfReferentialCode() throws {
            // "aaaaaa": 97, then 258 ("aa") before 258 is in the decoder's table, then 259.
            let encoded = LZWFilter.encode(T.ascii("aaaaaa"))
            #expect(try T.decode(encoded, "LZWDecode") == T.ascii("aaaaaa"))
        }

        @Test("a missing EOD code is tolerated: the data ends with the last whole code")
        func missingEndOfData() throws {
            // Drop the EOD (its last 9 bits, spread over the last two bytes) by cutting a byte.
            let truncated = Array(Self.specExample.dropLast())
            #expect(try T.decode(truncated, "LZWDecode") == T.ascii("-----A---B"))
            // Without a leading clear code too.
            let noClear = LZWFilter.encode(T.ascii("hello hello hello"))
            #expect(try T.decode(Array(noClear.dropLast(1)), "LZWDecode").starts(with: T.ascii("hello hello hel")))
        }

        @Test("bytes after EOD are ignored")
        func afterEndOfData() throws {
            #expect(try T.decode(Self.specExample + [0xFF, 0xFF, 0x00], "LZWDecode") == T.ascii("-----A---B"))
        }

        @Test("an invalid code ends the data with what came before it")
        func invalidCode() throws {
            // Codes 256, 65 ('A'), then 300, which is not yet in the table, in 9 bits each:
            // 100000000 001000001 100101100, padded with zeros.
            let encoded = T.bytes(hex: "80 10 65 80")
            #expect(try T.decode(encoded, "LZWDecode") == T.ascii("A"))
        }

        @Test("expansion past the limit throws")
        func limit() throws {
            let encoded = LZWFilter.encode([UInt8](repeating: 7, count: 1_000_000))
            #expect(encoded.count < 5_000)
            let error = #expect(throws: PDFError.self) {
                try T.decode(encoded, "LZWDecode", limits: T.limits(maxDecoded: 100_000))
            }
            #expect(error?.isLimitExceeded == true)
            #expect(try T.decode(encoded, "LZWDecode", limits: T.limits(maxDecoded: 1_000_000)).count == 1_000_000)
        }

        @Test("LZW with a PNG predictor")
        func withPredictor() throws {
            let rows: [UInt8] = [2, 1, 2, 3, 2, 1, 1, 1]
            let parameters = PDFDictionary([("Predictor", 12), ("Columns", 3)])
            #expect(try T.decode(LZWFilter.encode(rows), "LZWDecode", parameters) == [1, 2, 3, 2, 3, 4])
        }
    }
}
