import Testing

@testable import PDFCore

extension FilterTests {
    @Suite("FlateDecode")
    struct FlateFilterTests {
        typealias T = FilterTestSupport
        static let hello = T.ascii("Hello, Marginalia!")

        @Test("a zlib stream from Python's zlib decodes")
        func knownZlibVector() throws {
            let encoded = T.bytes(hex: "789cf348cdc9c9d751f04d2c4acfcc4bccc94c5404003c320657")
            #expect(try T.decode(encoded, "FlateDecode") == Self.hello)
            #expect(try T.decode(encoded, "Fl") == Self.hello)
        }

        @Test("raw deflate without a zlib header decodes")
        func rawDeflate() throws {
            let encoded = T.bytes(hex: "f348cdc9c9d751f04d2c4acfcc4bccc94c540400")
            #expect(!FlateFilter.hasZlibHeader(encoded))
            #expect(try T.decode(encoded, "FlateDecode") == Self.hello)
        }

        @Test("deflate then inflate gives the input back", arguments: [0, 1, 100, 65_535, 65_536, 300_001])
        func roundTrip(count: Int) throws {
            let data = T.sampleText(count: count, seed: UInt64(count))
            let compressed = try FilterPipeline.deflate(data)
            #expect(FlateFilter.hasZlibHeader(compressed))
            #expect(try T.decode(compressed, "FlateDecode") == data)
        }

        @Test("deflate output is zlib-wrapped (header 78 9C) and shrinks repetitive text")
        func deflateHeader() throws {
            let compressed = try FilterPipeline.deflate(Self.hello)
            #expect(Array(compressed.prefix(2)) == [0x78, 0x9C])
            #expect(try T.decode(compressed, "FlateDecode") == Self.hello)
            let content = Array(String(repeating: "72.262 403.592 73.048 414.667 73.57 421.55 c\n", count: 200).utf8)
            #expect(try FilterPipeline.deflate(content).count < content.count / 20)
        }

        @Test("a truncated stream keeps the bytes inflated before the cut", arguments: [0.25, 0.5, 0.9])
        func truncatedKeepsPrefix(fraction: Double) throws {
            let data = T.sampleText(count: 200_000)
            let compressed = try FilterPipeline.deflate(data)
            let cut = Array(compressed.prefix(Int(Double(compressed.count) * fraction)))
            let decoded = try T.decode(cut, "FlateDecode")
            #expect(decoded.count > Int(Double(data.count) * fraction * 0.5))
            #expect(decoded.count < data.count)
            #expect(Array(data.prefix(decoded.count)) == decoded)
        }

        @Test("corruption midway keeps the bytes before it")
        func corruptedMidway() throws {
            let data = T.sampleText(count: 100_000)
            var compressed = try FilterPipeline.deflate(data)
            for index in (compressed.count / 2)..<(compressed.count / 2 + 64) { compressed[index] = 0xFF }
            // What zlib inflates after the damage and before noticing it is noise; what
            // comes before is the original.
            let decoded = try T.decode(compressed, "FlateDecode")
            let intact = zip(decoded, data).prefix { $0 == $1 }.count
            #expect(intact > data.count / 3)
            #expect(intact < data.count)
        }

        @Test("a wrong Adler-32 checksum still gives all the data")
        func badChecksum() throws {
            var compressed = try FilterPipeline.deflate(Self.hello)
            compressed[compressed.count - 1] ^= 0xFF
            #expect(try T.decode(compressed, "FlateDecode") == Self.hello)
        }

        @Test("bytes after the end of the deflate data are ignored")
        func trailingGarbage() throws {
            let compressed = try FilterPipeline.deflate(Self.hello) + T.ascii("\r\nendstream garbage")
            #expect(try T.decode(compressed, "FlateDecode") == Self.hello)
        }

        @Test("empty input and a lone header decode to nothing")
        func emptyInput() throws {
            #expect(try T.decode([], "FlateDecode") == [])
            #expect(try T.decode([0x78, 0x9C], "FlateDecode") == [])
        }

        @Test("data that is not deflate at all is an error")
        func notDeflate() throws {
            let error = #expect(throws: PDFError.self) {
                try T.decode(T.ascii("this is plain text, not compressed"), "FlateDecode")
            }
            #expect(error?.filterName == "FlateDecode")
        }

        @Test("a 20 MB zero bomb stops quickly at a 1 MB limit")
        func zeroBomb() throws {
            let bomb = try FilterPipeline.deflate([UInt8](repeating: 0, count: 20 << 20))
            #expect(bomb.count < 100_000)
            let start = ContinuousClock.now
            let error = #expect(throws: PDFError.self) {
                try T.decode(bomb, "FlateDecode", limits: T.limits(maxDecoded: 1 << 20))
            }
            #expect(error?.isLimitExceeded == true)
            #expect(ContinuousClock.now - start < .seconds(2))
            // The inflater itself stops, not only the pipeline after it.
            let direct = #expect(throws: PDFError.self) { try FlateFilter.decode(bomb, limit: 1 << 20) }
            #expect(direct?.isLimitExceeded == true)
        }

        @Test("a bomb stopped at a 64 MB limit ends within seconds, even unoptimised")
        func bombAtLargeLimit() throws {
            // 100 MB of zeros deflate to about 100 KB; growing the output to 64 MB must not
            // copy byte by byte (that took 20 s in a debug build).
            let bomb = try FilterPipeline.deflate([UInt8](repeating: 0, count: 100 << 20))
            let start = ContinuousClock.now
            let error = #expect(throws: PDFError.self) { try FlateFilter.decode(bomb, limit: 64 << 20) }
            #expect(error?.isLimitExceeded == true)
            #expect(ContinuousClock.now - start < .seconds(4))
        }

        @Test("output exactly at the limit passes; one byte over throws")
        func limitBoundary() throws {
            let data = T.sampleText(count: 70_000)
            let compressed = try FilterPipeline.deflate(data)
            #expect(try T.decode(compressed, "FlateDecode", limits: T.limits(maxDecoded: data.count)) == data)
            let error = #expect(throws: PDFError.self) {
                try T.decode(compressed, "FlateDecode", limits: T.limits(maxDecoded: data.count - 1))
            }
            #expect(error?.isLimitExceeded == true)
        }

        @Test("inflating several megabytes is fast")
        func largeInflateIsFast() throws {
            let data = T.sampleText(count: 8 << 20, seed: 42)
            let compressed = try FilterPipeline.deflate(data)
            let start = ContinuousClock.now
            let decoded = try T.decode(compressed, "FlateDecode")
            #expect(ContinuousClock.now - start < .seconds(3))
            #expect(decoded == data)
        }
    }
}
