import Testing

@testable import PDFCore

/// The signed update: the placeholder's /ByteRange is patched to cover all but the /Contents
/// hole, the signer is given the SHA-256 of exactly those bytes, and its CMS lands in the hole.
@Suite("Signed incremental update")
struct SignedUpdateTests {
    @Test(arguments: [TestPDF.Flavour.classic, .xrefStream, .objectStreams])
    func theSignerSeesTheCoveredBytesAndItsCMSFillsTheHole(flavour: TestPDF.Flavour) throws {
        let original = TestPDF.build(flavour)
        let file = try PDFFile(source: ByteSource(bytes: original))
        let signature = file.add(.dictionary(SignaturePlaceholder.dictionary(
            subFilter: "ETSI.CAdES.detached", time: "D:20260101000000Z", name: "N", reason: nil, location: nil,
            docMDP: 2, contentsCapacity: 64)))
        var catalog = try file.catalog()
        catalog["AcroForm"] = .dictionary(PDFDictionary([
            "Fields": [.reference(file.add(.dictionary(PDFDictionary(["FT": .name("Sig"), "T": .string([0x53]),
                                                                      "V": .reference(signature)]))))],
        ]))
        file.update(PDFReference(1, 0), with: .dictionary(catalog))
        var digestSeen: [UInt8] = []
        let cms: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x2A]
        let out = try file.signedIncrementalUpdate(contentsCapacity: 64) { digest in
            digestSeen = digest
            return cms
        }
        #expect(Array(out.prefix(original.count)) == original)
        let written = try PDFFile(source: ByteSource(bytes: out))
        let found = try #require(written.signatures().first)
        let range = try SignatureByteRange.check(found.byteRange, field: found.fieldName, in: written.source)
        #expect(range.end == out.count)
        #expect(digestSeen == CryptoPrimitives.sha256(range.coveredBytes(in: written.source)))
        #expect(Array(range.contents(in: written.source).prefix(cms.count)) == cms)
        #expect(range.contents(in: written.source).dropFirst(cms.count).allSatisfy { $0 == 0 })
        #expect(found.docMDPPermission == 2)
    }

    @Test func aCMSLargerThanTheRoomIsRefused() throws {
        let file = try TestPDF.open(.classic)
        _ = file.add(.dictionary(SignaturePlaceholder.dictionary(
            subFilter: "ETSI.CAdES.detached", time: "D:20260101000000Z", name: nil, reason: nil, location: nil,
            docMDP: nil, contentsCapacity: 4)))
        #expect(throws: SignatureError.contentsTooSmall(needed: 5, reserved: 4)) {
            try file.signedIncrementalUpdate(contentsCapacity: 4) { _ in [1, 2, 3, 4, 5] }
        }
    }

    @Test func theVersionsOfAFileEndAtEachEOFMarker() throws {
        let file = try PDFFile(source: ByteSource(bytes: TestPDF.build(.incremental)))
        #expect(file.revisionEnds().count == 2)
        #expect(file.revisionEnds().last == file.source.count)
    }

    @Test func theChangesAfterAVersionAreTheObjectsItsUpdatesWrote() throws {
        let file = try TestPDF.open(.incremental)
        let firstEnd = try #require(file.revisionEnds().first)
        #expect(file.changes(after: firstEnd) == [
            PDFSignatureChange(object: 3, kind: .page, detail: nil),
            PDFSignatureChange(object: 8, kind: .other, detail: nil),
        ])
        #expect(file.changes(after: file.source.count).isEmpty)
    }
}
