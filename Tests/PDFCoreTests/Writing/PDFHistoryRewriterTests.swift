import Testing

@testable import PDFCore

/// The history rewriter keeps chosen versions, each reading as it did object for object, and
/// leaves nothing of the others in the bytes.
@Suite("History rewriter")
struct PDFHistoryRewriterTests {
    /// Four versions of TestPDF's document (objects in object streams), each an incremental
    /// update of the one before: v2 replaces the page content by "SECRET-TWO" and adds object
    /// `marker` under page 1's /X; v3 unlinks the marker (it stays in the file), writes
    /// "THREE" and frees the square annotation (object 7); v4 links the unchanged marker again.
    private static func versions() throws -> (versions: [[UInt8]], marker: Int) {
        let v1 = TestPDF.build(.objectStreams)
        let two = try open(v1)
        two.update(PDFReference(9, 0), with: content("SECRET-TWO"))
        let marker = two.add(.dictionary(PDFDictionary(["Marker": .string(Array("kept in v4".utf8))])))
        var page = try #require(try two.object(for: PDFReference(3, 0)).dictionaryValue)
        page["X"] = .reference(marker)
        two.update(PDFReference(3, 0), with: .dictionary(page))
        let v2 = try two.dataRepresentation()

        let three = try open(v2)
        three.update(PDFReference(9, 0), with: content("THREE"))
        page["X"] = nil
        three.update(PDFReference(3, 0), with: .dictionary(page))
        var annotated = try #require(try three.object(for: PDFReference(5, 0)).dictionaryValue)
        annotated["Annots"] = .array([])
        three.update(PDFReference(5, 0), with: .dictionary(annotated))
        three.delete(PDFReference(7, 0))
        let v3 = try three.dataRepresentation()

        let four = try open(v3)
        page["X"] = .reference(marker)
        four.update(PDFReference(3, 0), with: .dictionary(page))
        let v4 = try four.dataRepresentation()
        return ([v1, v2, v3, v4], marker.number)
    }

    private static func open(_ bytes: [UInt8]) throws -> PDFFile {
        try PDFFile(source: ByteSource(bytes: bytes))
    }

    private static func content(_ text: String) -> PDFObject {
        .stream(PDFStream(dictionary: PDFDictionary(), rawBytes: Array("BT /F1 12 Tf 72 720 Td (\(text)) Tj ET".utf8)))
    }

    /// What a reader sees: every object reachable from the trailer under its number, streams
    /// as their dictionary (without the entries that say how they are stored) and decoded data.
    private static func snapshot(_ bytes: some Collection<UInt8>) throws -> [Int: String] {
        let file = try open(Array(bytes))
        var objects = [-1: "\(String(describing: file.trailer["Root"]))", -2: "\(String(describing: file.trailer["Info"]))"]
        for number in try FullWriter(file: file).reachableObjects().0 {
            let object = try file.object(for: PDFReference(number, file.generation(of: number)))
            if case .stream(let stream) = object {
                var dictionary = stream.dictionary
                for key in ["Length", "Filter", "DecodeParms"] { dictionary[key] = nil }
                objects[number] = "\(dictionary) \(try stream.decodedBytes())"
            } else {
                objects[number] = "\(object)"
            }
        }
        return objects
    }

    private static func count(_ bytes: [UInt8], _ text: String) -> Int {
        let needle = Array(text.utf8)
        return bytes.indices.filter { bytes[$0...].starts(with: needle) }.count
    }

    private static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        count(bytes, text) > 0
    }

    @Test func theVersionsKeptReadAsBeforeAndTheOthersAreGone() throws {
        let (versions, marker) = try Self.versions()
        #expect(Self.contains(versions[3], "SECRET-TWO"))
        let result = try PDFHistoryRewriter.rewrite([versions[2], versions[3]])

        #expect(result.lengths.count == 2)
        #expect(result.lengths.last == result.bytes.count)
        #expect(try Self.snapshot(result.bytes.prefix(result.lengths[0])) == Self.snapshot(versions[2]))
        #expect(try Self.snapshot(result.bytes) == Self.snapshot(versions[3]))
        #expect(!Self.contains(result.bytes, "SECRET-TWO"))
        #expect(!Self.contains(result.bytes, "(Hello)"))
        #expect(!Self.contains(result.bytes, "square"))
        // The marker, unreachable in v3 and unchanged since, is written for v4.
        #expect(try Self.snapshot(result.bytes)[marker] != nil)
        #expect(try Self.open(Array(result.bytes.prefix(result.lengths[0]))).crossReference.entries[marker] == nil)
    }

    @Test func aSignedFirstVersionStaysByteForByte() throws {
        let (versions, _) = try Self.versions()
        let result = try PDFHistoryRewriter.rewrite([versions[1], versions[3]], keepsFirstAsItIs: true)
        #expect(result.lengths[0] == versions[1].count)
        #expect(result.bytes.starts(with: versions[1]))
        #expect(try Self.snapshot(result.bytes) == Self.snapshot(versions[3]))
        // v3 and v4 became one update.
        #expect(Self.count(result.bytes, "startxref") == Self.count(versions[1], "startxref") + 1)
    }

    @Test func everyVersionCanBeKept() throws {
        let (versions, _) = try Self.versions()
        let result = try PDFHistoryRewriter.rewrite(versions)
        for (index, version) in versions.enumerated() {
            #expect(try Self.snapshot(result.bytes.prefix(result.lengths[index])) == Self.snapshot(version), "version \(index + 1)")
        }
    }

    @Test func versionsThatDoNotExtendEachOtherAreRefused() throws {
        let (versions, _) = try Self.versions()
        #expect(throws: PDFError.self) { try PDFHistoryRewriter.rewrite([versions[2], versions[1]]) }
        #expect(throws: PDFError.self) { try PDFHistoryRewriter.rewrite([]) }
    }
}
