import Foundation
import Testing
@testable import Marginalia

@Suite("Metadata")
struct MetadataTests {
    static let xmp = """
        <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xap="http://ns.adobe.com/xap/1.0/" xap:CreatorTool="Old tool">
        <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Original title</rdf:li></rdf:Alt></dc:title>
        <dc:format>application/pdf</dc:format>
        </rdf:Description>
        </rdf:RDF></x:xmpmeta>
        <?xpacket end="w"?>
        """

    @Test func readInfo() throws {
        let document = try TestDocuments.pages(1)
        let metadata = try document.metadata
        #expect(metadata.title == "Original title")
        #expect(metadata.author == "Tester")
        #expect(metadata.subject == nil)
    }

    @Test func writeInfoAndXMP() throws {
        let document = try TestDocuments.pages(1, xmp: MetadataTests.xmp)
        var metadata = try document.metadata
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        metadata.title = "New <title> & more"
        metadata.subject = "Straße, 東京"
        metadata.creator = "Marginalia"
        metadata.keywords = "a, b"
        metadata.modificationDate = date
        try document.setMetadata(metadata)
        let saved = try TestDocuments.reopen(document)
        let read = try saved.metadata
        #expect(read.title == "New <title> & more")
        #expect(read.subject == "Straße, 東京")
        #expect(read.modificationDate == date)
        #expect(read.author == "Tester")
        let info = try saved.file.dictionary(saved.file.trailer["Info"])
        #expect(info?["Custom"] == .string(Array("kept".utf8)), "keys the model does not know are kept")

        guard case .stream(let stream) = try saved.file.resolve(try saved.file.catalog()["Metadata"] ?? .null) else {
            Issue.record("no metadata stream")
            return
        }
        let packet = String(decoding: try stream.decodedBytes(), as: UTF8.self)
        #expect(packet.contains("<rdf:li xml:lang=\"x-default\">New &lt;title&gt; &amp; more</rdf:li>"))
        #expect(!packet.contains("Original title"))
        #expect(packet.contains("xap:CreatorTool=\"Marginalia\""), "the packet's own prefix and form are kept")
        #expect(packet.contains("<pdf:Keywords>a, b</pdf:Keywords>"))
        #expect(packet.contains("<xmp:ModifyDate>2023-11-14T22:13:20+00:00</xmp:ModifyDate>"))
        #expect(packet.contains("<dc:format>application/pdf</dc:format>"), "other properties are untouched")
    }

    @Test(arguments: [
        ("D:20231114221320Z", 1_700_000_000.0), ("D:20231114231320+01'00'", 1_700_000_000),
        ("D:20231114231320+01'00", 1_700_000_000), ("20231114221320", 1_700_000_000),
        ("D:2023", 1_672_531_200), ("D:20231114171320-05'00'", 1_700_000_000),
    ])
    func parseDates(text: String, seconds: Double) {
        #expect(PDFDate.parse(text)?.timeIntervalSince1970 == seconds)
    }

    @Test func formatDate() {
        #expect(PDFDate.format(Date(timeIntervalSince1970: 1_700_000_000)) == "D:20231114221320+00'00'")
        #expect(PDFDate.parse("not a date") == nil)
        #expect(PDFDate.parse("D:20231399") == nil)
    }

    @Test func textStrings() {
        #expect(PDFTextString.decode([0xFE, 0xFF, 0x00, 0x41, 0x6C, 0x34]) == "A水")
        #expect(PDFTextString.decode([0x80, 0x41, 0xA0]) == "•A€")
        #expect(PDFTextString.encode("plain") == Array("plain".utf8))
        #expect(PDFTextString.encode("•€") == [0x80, 0xA0])
        #expect(PDFTextString.encode("東") == [0xFE, 0xFF, 0x67, 0x71])
    }
}
