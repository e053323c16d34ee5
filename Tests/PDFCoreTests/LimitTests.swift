import Testing
@testable import PDFCore

/// One test per ``PDFLimits`` bound that PDFCore enforces: each is reached with a small
/// configured value and ends in ``PDFError/limitExceeded(_:limit:max:)``, while input just under it
/// reads. (Strings: LexerTests.stringLengthLimit; one stream's decoded size: BadInputTests;
/// pages, page-tree depth and page content: MarginaliaTests' PageLimitTests.)
@Suite("Resource limits")
struct LimitTests {
    private func limits(_ change: (inout PDFLimits) -> Void) -> PDFLimits {
        var limits = PDFLimits()
        change(&limits)
        return limits
    }

    private func parse(_ text: String, _ limits: PDFLimits) throws -> PDFObject {
        var parser = ObjectParser(source: ByteSource(bytes: Array(text.utf8)), limits: limits)
        return try parser.parseObject()
    }

    private func flateStream(zeros count: Int) throws -> PDFObject {
        var dictionary = PDFDictionary()
        dictionary["Filter"] = .name("FlateDecode")
        return .stream(PDFStream(dictionary: dictionary, rawBytes: try PDFStream.deflate([UInt8](repeating: 0, count: count))))
    }

    @Test func everyDecodeCountsTowardsTheDocumentsTotal() throws {
        let file = try PDFFile(source: ByteSource(bytes: TestPDF.build(.classic)),
                               limits: limits { $0.maxDocumentDecodedSize = 250_000 })
        let streams = try (0..<2).map { _ in file.add(try flateStream(zeros: 100_000)) }
        #expect(try file.decodedData(of: .reference(streams[0])).count == 100_000)
        #expect(try file.decodedData(of: .reference(streams[1])).count == 100_000)
        // 50,000 bytes are left: reading the first stream again would pass them.
        #expect(throws: PDFError.limitExceeded(
            "decoding object \(streams[0].number) takes the document's streams past 250000 decoded bytes in all (maxDocumentDecodedSize)",
            limit: .maxDocumentDecodedSize, max: 250_000)) {
            try file.decodedData(of: .reference(streams[0]))
        }
        #expect(throws: PDFError.invalidObject(nil, message: "expected a stream, found integer")) {
            try file.decodedData(of: 5)
        }
    }

    @Test func crossReferenceAndObjectStreamsCountTowardsTheDocumentsTotal() throws {
        let bytes = TestPDF.build(.objectStreams)  // a 12-row cross-reference stream of 7-byte rows, one object stream
        #expect(throws: PDFError.limitExceeded("decoding cross-reference stream 11 takes the document's streams past 50 decoded bytes in all (maxDocumentDecodedSize)",
                                               limit: .maxDocumentDecodedSize, max: 50)) {
            try PDFFile(source: ByteSource(bytes: bytes), limits: limits { $0.maxDocumentDecodedSize = 50 })
        }
        let file = try PDFFile(source: ByteSource(bytes: bytes), limits: limits { $0.maxDocumentDecodedSize = 120 })
        #expect(throws: PDFError.self, "the object stream passes what is left") {
            try file.object(for: PDFReference(3, 0))
        }
        let roomy = try PDFFile(source: ByteSource(bytes: bytes), limits: limits { $0.maxDocumentDecodedSize = 100_000 })
        #expect(try roomy.object(for: PDFReference(3, 0)).dictionaryValue?.type == "Page")
    }

    @Test func objectNumbersAndSoCrossReferenceSizeAreBounded() throws {
        let bytes = TestPDF.build(.classic)  // "0 10" subsection
        #expect(throws: PDFError.self) {
            try PDFFile(source: ByteSource(bytes: bytes), limits: limits { $0.maxObjectNumber = 5 })
        }
        #expect(try PDFFile(source: ByteSource(bytes: bytes), limits: limits { $0.maxObjectNumber = 9 }).objectNumbers.count > 0)
    }

    /// Fuzz finding (FuzzPDFFile): a cross-reference stream numbered 9223372036854775807
    /// overflowed the file's size (its number plus one) and trapped on opening
    /// (Fuzz/regressions/FuzzPDFFile/xref-stream-numbered-int-max.pdf). Its number is
    /// bounded like the entries': past the limit the file is refused, saying which limit.
    @Test func aCrossReferenceStreamsOwnNumberIsBounded() throws {
        let sound = TestPDF.build(.xrefStream)  // the stream is object 10, the file's last
        let start = try CrossReferenceReader.findStartXref(in: ByteSource(bytes: sound))
        func numbered(_ number: String) -> [UInt8] {
            Array(sound[..<start]) + Array(number.utf8) + Array(sound[(start + 2)...])
        }
        #expect(throws: PDFError.limitExceeded("cross-reference stream at byte \(start) is object 9223372036854775807, past 8388607 (maxObjectNumber)",
                                               limit: .maxObjectNumber, max: 8_388_607)) {
            try PDFFile(source: ByteSource(bytes: numbered("9223372036854775807")))
        }
        #expect(throws: PDFError.limitExceeded("cross-reference stream at byte \(start) is object 11, past 10 (maxObjectNumber)", limit: .maxObjectNumber, max: 10)) {
            try PDFFile(source: ByteSource(bytes: numbered("11")), limits: limits { $0.maxObjectNumber = 10 })
        }
        let atTheLimit = try PDFFile(source: ByteSource(bytes: numbered("10")), limits: limits { $0.maxObjectNumber = 10 })
        #expect(atTheLimit.crossReference.kind == .stream && !atTheLimit.isRepaired)
    }

    /// Found reading the object-stream path (`marginalia check` crashed on it): objects each
    /// listed inside the object stream numbered one more were loaded one within the other,
    /// 100,000 deep, until the stack overflowed. Loading nests at most maxNestingDepth deep.
    @Test func objectsLoadedWithinOneAnotherAreBounded() throws {
        var out = Array("%PDF-1.7\n".utf8)
        var offsets: [Int] = []
        for body in ["<</Type/Catalog/Pages 2 0 R>>", "<</Type/Pages/Kids[]/Count 0>>"] {
            offsets.append(out.count)
            out += Array("\(offsets.count) 0 obj\n\(body)\nendobj\n".utf8)
        }
        // W [1 2 1]: objects 3 to 40 each in the object stream numbered one more; 41 is this stream.
        let start = out.count
        var rows: [UInt8] = [0, 0, 0, 0xFF]
        for offset in offsets { rows += [1] + TestPDF.be(offset, 2) + [0] }
        for number in 3...40 { rows += [2] + TestPDF.be(number + 1, 2) + [0] }
        rows += [1] + TestPDF.be(start, 2) + [0]
        out += Array("41 0 obj\n<</Type/XRef/W[1 2 1]/Size 42/Root 1 0 R/Length \(rows.count)>>\nstream\n".utf8) + rows
        out += Array("\nendstream\nendobj\nstartxref\n\(start)\n%%EOF\n".utf8)
        let chain = try PDFFile(source: ByteSource(bytes: out), limits: limits { $0.maxNestingDepth = 16 })
        #expect(throws: PDFError.limitExceeded("objects loaded within one another more than 16 deep at object 19 (maxNestingDepth)",
                                               limit: .maxNestingDepth, max: 16)) {
            try chain.object(for: PDFReference(3))
        }
        // An object in an object stream nests two deep (the object, then its stream): it reads.
        let sound = try PDFFile(source: ByteSource(bytes: TestPDF.build(.objectStreams)), limits: limits { $0.maxNestingDepth = 2 })
        #expect(try sound.dictionary(.reference(PDFReference(5)))?.type == "Page")
    }

    @Test func crossReferenceSectionsFollowedAlongPrevAreBounded() throws {
        let bytes = TestPDF.build(.incremental)  // two sections
        #expect(throws: PDFError.limitExceeded("more than 1 cross-reference sections", limit: .maxTreeDepth, max: 1)) {
            try PDFFile(source: ByteSource(bytes: bytes), limits: limits { $0.maxTreeDepth = 1 })
        }
        #expect(try PDFFile(source: ByteSource(bytes: bytes), limits: limits { $0.maxTreeDepth = 2 }).crossReference.sectionCount == 2)
    }

    @Test func arraysAndDictionariesAreBoundedInLength() throws {
        let small = limits { $0.maxCollectionCount = 5 }
        #expect(throws: PDFError.limitExceeded("array at byte 0 has more than 5 elements", limit: .maxCollectionCount, max: 5)) { try parse("[1 2 3 4 5 6]", small) }
        #expect(throws: PDFError.limitExceeded("dictionary at byte 0 has more than 5 entries", limit: .maxCollectionCount, max: 5)) {
            try parse("<</A 1/B 2/C 3/D 4/E 5/F 6>>", small)
        }
        #expect(try parse("[1 2 3 4 5]", small).arrayValue?.count == 5)
    }

    @Test func nestingIsBoundedAtTheConfiguredDepth() throws {
        let shallow = limits { $0.maxNestingDepth = 3 }
        #expect(throws: PDFError.limitExceeded("objects nested deeper than 3 at byte 3", limit: .maxNestingDepth, max: 3)) { try parse("[[[[1]]]]", shallow) }
        #expect(try parse("[[[1]]]", shallow).arrayValue?.count == 1)
    }
}
