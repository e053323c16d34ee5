import Testing

@testable import PDFCore

extension FilterTests {
    /// ``CompressionEffort``: each effort compresses at its own level, whichever compressor
    /// the pool handed out last, and what it writes inflates back to the input.
    @Suite("Compression effort")
    struct CompressionEffortTests {
        typealias T = FilterTestSupport

        /// Lines of numbers and path operators, as an ink appearance holds.
        static let content: [UInt8] = {
            var bytes: [UInt8] = []
            var generator = SplitMix64(seed: 0xC0_4E47)
            for _ in 0..<3_000 {
                for _ in 0..<6 {
                    let value = Double(generator.next() % 600_000) / 1_000
                    NumberWriter.append(value, decimals: 3, to: &bytes)
                    bytes.append(0x20)
                }
                bytes.append(contentsOf: Array("c\n".utf8))
            }
            return bytes
        }()

        @Test("content and standard efforts alternate, each keeping its own level")
        func effortsKeepTheirLevels() throws {
            let standard = try FilterPipeline.deflate(Self.content, effort: .standard)
            let content = try FilterPipeline.deflate(Self.content, effort: .content)
            // Pooled compressors are reused in turn: each effort still gets its own level.
            for _ in 0..<3 {
                #expect(try FilterPipeline.deflate(Self.content, effort: .content) == content)
                #expect(try FilterPipeline.deflate(Self.content, effort: .standard) == standard)
            }
            #expect(content != standard)
            #expect(try FilterPipeline.deflate(Self.content) == standard)
            // Level 2 writes little more than level 6 on content: under 2% here.
            #expect(content.count < standard.count * 102 / 100)
            #expect(try T.decode(content, "FlateDecode") == Self.content)
            #expect(try T.decode(standard, "FlateDecode") == Self.content)
        }

        @Test("a stream compressed for content inflates to its bytes")
        func compressingForContent() throws {
            let stream = try PDFStream.compressing(Self.content, dictionary: PDFDictionary(), effort: .content)
            #expect(stream.dictionary["Filter"]?.nameValue == "FlateDecode")
            #expect(try stream.decodedBytes() == Self.content)
            #expect(stream.rawBytes == (try FilterPipeline.deflate(Self.content, effort: .content)))
        }

        @Test("a stream of at most 192 bytes is left as it is, a longer one compressed")
        func shortStreamsStayAsTheyAre() throws {
            let dictionary = PDFDictionary(["Subtype": .name("Form")])
            let short = Array(Self.content.prefix(PDFStream.longestUncompressed))
            let stored = try PDFStream.compressing(short, dictionary: dictionary, effort: .content)
            #expect(stored.rawBytes == short)
            #expect(stored.dictionary == dictionary)
            let longer = Array(Self.content.prefix(PDFStream.longestUncompressed + 1))
            let compressed = try PDFStream.compressing(longer, dictionary: dictionary, effort: .content)
            #expect(compressed.dictionary["Filter"]?.nameValue == "FlateDecode")
            #expect(compressed.rawBytes.count < longer.count)
            #expect(try compressed.decodedBytes() == longer)
            // A full rewrite compresses the streams it finds unfiltered by the same rule.
            #expect(try FullWriter.compressed(PDFStream(dictionary: dictionary, rawBytes: short)).rawBytes == short)
            let rewritten = try FullWriter.compressed(PDFStream(dictionary: dictionary, rawBytes: longer))
            #expect(rewritten.dictionary["Filter"]?.nameValue == "FlateDecode")
            #expect(try rewritten.decodedBytes() == longer)
        }
    }
}
