import Testing

@testable import PDFCore

extension FilterTests {
    @Suite("Filter chains")
    struct FilterPipelineTests {
        typealias T = FilterTestSupport
        static let text = T.sampleText(count: 10_000, seed: 5)

        @Test("[/ASCII85Decode /FlateDecode]: the first filter named is undone first")
        func ascii85ThenFlate() throws {
            let stored = ASCII85Filter.encode(try FilterPipeline.deflate(Self.text))
            let decoded = try FilterPipeline.decode(
                stored, filters: ["ASCII85Decode", "FlateDecode"], parameters: [], limits: .default)
            #expect(decoded == Self.text)
        }

        @Test("a /DecodeParms array pairs parameters with filters, null where a filter has none")
        func parametersArray() throws {
            let rows: [UInt8] = [2, 1, 2, 3, 2, 1, 1, 1]
            let stored = ASCIIHexFilter.encode(LZWFilter.encode(rows, earlyChange: false))
            let parameters: [PDFDictionary?] = [nil, PDFDictionary([("Predictor", 12), ("Columns", 3), ("EarlyChange", 0)])]
            let decoded = try FilterPipeline.decode(
                stored, filters: ["AHx", "LZW"], parameters: parameters, limits: .default)
            #expect(decoded == [1, 2, 3, 2, 3, 4])
        }

        @Test("a stream's /Filter and /DecodeParms reach the pipeline")
        func throughStream() throws {
            let rows: [UInt8] = [1, 5, 1, 1, 1, 5, 1]
            let dictionary = PDFDictionary([
                ("Filter", [.name("RunLengthDecode"), .name("FlateDecode")]),
                ("DecodeParms", [.null, .dictionary(PDFDictionary([("Predictor", 11), ("Columns", 3)]))]),
            ])
            let stream = PDFStream(dictionary: dictionary, rawBytes: RunLengthFilter.encode(try FilterPipeline.deflate(rows)))
            #expect(try stream.decodedBytes() == [5, 6, 7, 5, 6])
        }

        @Test("three ASCII and run-length stages round-trip in any order",
              arguments: [["AHx", "A85", "RL"], ["RL", "AHx", "A85"], ["A85", "RL", "Fl", "AHx"]])
        func longChains(filters: [String]) throws {
            var stored = Self.text
            for name in filters.reversed() {
                switch name {
                case "AHx": stored = ASCIIHexFilter.encode(stored)
                case "A85": stored = ASCII85Filter.encode(stored)
                case "RL": stored = RunLengthFilter.encode(stored)
                default: stored = try FilterPipeline.deflate(stored)
                }
            }
            #expect(try FilterPipeline.decode(stored, filters: filters, parameters: [], limits: .default) == Self.text)
        }

        @Test("an image codec stops the chain and returns its input", arguments: Array(FilterPipeline.imageCodecs).sorted())
        func imageCodecStops(codec: String) throws {
            let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]
            let stored = ASCIIHexFilter.encode(jpeg)
            let decoded = try FilterPipeline.decode(
                stored, filters: ["ASCIIHexDecode", codec, "NoSuchFilter"], parameters: [], limits: .default)
            #expect(decoded == jpeg)
        }

        @Test("no filters: the bytes are returned as they are")
        func noFilters() throws {
            #expect(try FilterPipeline.decode([1, 2, 3], filters: [], parameters: [], limits: .default) == [1, 2, 3])
        }

        @Test("an unknown filter name is an error naming it")
        func unknownFilter() throws {
            let error = #expect(throws: PDFError.self) {
                try FilterPipeline.decode([1, 2, 3], filters: ["FlateDecode2"], parameters: [], limits: .default)
            }
            #expect(error == .filter(name: "FlateDecode2", reason: "unknown filter"))
        }

        /// The security handler applies the crypt filter before the chain runs (7.6), so the
        /// pipeline lets `/Crypt` through whatever it names.
        static let cryptParameters: [PDFDictionary?] = [
            nil,
            PDFDictionary([("Name", .name("Identity"))]),
            PDFDictionary([("Type", .name("CryptFilterDecodeParms"))]),
            PDFDictionary([("Type", .name("CryptFilterDecodeParms")), ("Name", .name("StdCF"))]),
        ]

        @Test("/Crypt passes already decrypted data on to the next filter", arguments: cryptParameters)
        func cryptPassesThrough(parameters: PDFDictionary?) throws {
            let stored = try FilterPipeline.deflate(Self.text)
            let decoded = try FilterPipeline.decode(
                stored, filters: ["Crypt", "FlateDecode"], parameters: [parameters, nil], limits: .default)
            #expect(decoded == Self.text)
        }

        @Test("the limit holds for every stage of a chain")
        func limitAcrossChain() throws {
            let big = [UInt8](repeating: 0x41, count: 50_000)
            let stored = ASCIIHexFilter.encode(try FilterPipeline.deflate(big))
            let error = #expect(throws: PDFError.self) {
                try FilterPipeline.decode(
                    stored, filters: ["AHx", "Fl"], parameters: [], limits: T.limits(maxDecoded: 40_000))
            }
            #expect(error?.isLimitExceeded == true)
            // The hex stage alone passes the limit too: 2 x 30,000 hex digits make 30,000 bytes.
            let hex = ASCIIHexFilter.encode([UInt8](repeating: 1, count: 30_000))
            let hexError = #expect(throws: PDFError.self) {
                try FilterPipeline.decode(hex, filters: ["AHx"], parameters: [], limits: T.limits(maxDecoded: 29_999))
            }
            #expect(hexError?.isLimitExceeded == true)
        }

        @Test("every full filter name and abbreviation is recognised",
              arguments: ["FlateDecode", "Fl", "LZWDecode", "LZW", "ASCIIHexDecode", "AHx", "ASCII85Decode", "A85",
                          "RunLengthDecode", "RL", "Crypt"])
        func names(name: String) {
            #expect(StandardFilter(name: name) != nil)
        }
    }
}
