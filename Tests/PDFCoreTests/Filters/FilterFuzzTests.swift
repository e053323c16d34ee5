import Testing

@testable import PDFCore

extension FilterTests {
    /// Garbage in must never crash: every filter either decodes something or throws a
    /// ``PDFError``.
    @Suite("Garbage input")
    struct FilterFuzzTests {
        typealias T = FilterTestSupport

        static let filterNames = StandardFilter.allCases.map(\.rawValue)

        static let parameterSets: [PDFDictionary?] = [
            nil,
            PDFDictionary([("Predictor", 2), ("Colors", 3), ("BitsPerComponent", 4), ("Columns", 7)]),
            PDFDictionary([("Predictor", 2), ("Colors", 2), ("BitsPerComponent", 16), ("Columns", 3)]),
            PDFDictionary([("Predictor", 2), ("Colors", 1), ("BitsPerComponent", 1), ("Columns", 13)]),
            PDFDictionary([("Predictor", 15), ("Colors", 3), ("BitsPerComponent", 8), ("Columns", 5)]),
            PDFDictionary([("Predictor", 12), ("Columns", .integer(1 << 40))]),
            PDFDictionary([("Predictor", 10), ("Colors", .integer(Int.max)), ("Columns", .integer(Int.max))]),
            PDFDictionary([("EarlyChange", 0), ("Predictor", 11), ("BitsPerComponent", 2), ("Columns", 9)]),
        ]

        /// Decodes and ignores the outcome: only a crash fails.
        static func survive(_ data: [UInt8], _ filter: String, _ parameters: PDFDictionary?) {
            _ = try? T.decode(data, filter, parameters, limits: T.limits(maxDecoded: 1 << 20))
        }

        @Test("random bytes through every filter and parameter set", arguments: filterNames)
        func randomBytes(filter: String) {
            var random = SplitMix64(seed: UInt64(filter.utf8.count) * 7919)
            for round in 0..<400 {
                let data = T.randomBytes(count: Int(random.next() % 600), random: &random)
                Self.survive(data, filter, Self.parameterSets[round % Self.parameterSets.count])
            }
        }

        /// The filters whose input is text, each with its alphabet.
        static let alphabets: [String: [UInt8]] = [
            "ASCIIHexDecode": Array("0123456789abcdefABCDEF \n>".utf8),
            "ASCII85Decode": Array("!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuz~ \n".utf8),
        ]

        @Test("random bytes in each filter's own alphabet", arguments: alphabets.keys.sorted())
        func randomText(filter: String) throws {
            let alphabet = try #require(Self.alphabets[filter])
            var random = SplitMix64(seed: 17)
            for _ in 0..<500 {
                let data = (0..<Int(random.next() % 200)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
                Self.survive(data, filter, nil)
            }
        }

        @Test("valid encodings with random bytes flipped", arguments: ["FlateDecode", "LZWDecode", "RunLengthDecode"])
        func mutatedEncodings(filter: String) throws {
            let data = T.sampleText(count: 5_000, seed: 11)
            let encoded: [UInt8]
            switch filter {
            case "FlateDecode": encoded = try FilterPipeline.deflate(data)
            case "LZWDecode": encoded = LZWFilter.encode(data)
            default: encoded = RunLengthFilter.encode(data)
            }
            var random = SplitMix64(seed: 23)
            for round in 0..<300 {
                var mutated = encoded
                for _ in 0..<(1 + round % 8) {
                    let index = Int(random.next() % UInt64(mutated.count))
                    mutated[index] = UInt8(truncatingIfNeeded: random.next())
                }
                if round % 5 == 0 { mutated = Array(mutated.prefix(Int(random.next() % UInt64(mutated.count)))) }
                Self.survive(mutated, filter, Self.parameterSets[round % Self.parameterSets.count])
            }
        }

        @Test("predictors alone on random rows with random layouts")
        func randomPredictorLayouts() {
            var random = SplitMix64(seed: 29)
            let predictors = [1, 2, 10, 12, 15]
            let bits = [1, 2, 4, 8, 16]
            for _ in 0..<1_000 {
                let layout = PredictorParameters(
                    predictor: predictors[Int(random.next() % 5)], colors: 1 + Int(random.next() % 5),
                    bitsPerComponent: bits[Int(random.next() % 5)], columns: 1 + Int(random.next() % 20))
                let data = T.randomBytes(count: Int(random.next() % 300), random: &random)
                _ = try? Predictor.decode(data, layout, filter: "FlateDecode")
            }
        }
    }
}
