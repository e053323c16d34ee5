import Testing
@testable import PDFCore

@Suite("Cross-reference reading and repair")
struct CrossReferenceTests {
    @Test(arguments: TestPDF.Flavour.allCases)
    func everyFlavourOpensWithAllObjects(flavour: TestPDF.Flavour) throws {
        let file = try TestPDF.open(flavour)
        let catalog = try file.catalog()
        #expect(catalog.type == "Catalog")
        let annotation = try file.object(for: PDFReference(7, 0))
        #expect(annotation.dictionaryValue?["Subtype"] == .name("Square"))
        #expect(annotation.dictionaryValue?["Contents"] == .string(Array("A (square)".utf8)))
        let content = try file.object(for: PDFReference(9, 0))
        #expect(content.streamValue?.rawBytes == Array(TestPDF.content.utf8))
        // Damaged files are repaired (possibly lazily, on the first object read).
        #expect(file.isRepaired == flavour.isDamaged, "data before %PDF- is allowed (PDF 2.0), not damage")
        if flavour.isDamaged { #expect(file.warnings.contains { $0.contains("rebuilt") }) }
    }

    @Test func kindOfNewestSection() throws {
        #expect(try TestPDF.open(.classic).crossReference.kind == .table)
        #expect(try TestPDF.open(.xrefStream).crossReference.kind == .stream)
        #expect(try TestPDF.open(.objectStreams).crossReference.kind == .stream)
        let hybrid = try TestPDF.open(.hybrid)
        #expect(hybrid.crossReference.kind == .table)
        #expect(hybrid.crossReference.isHybrid)
        #expect(hybrid.crossReference.entries[7] == .inObjectStream(streamNumber: 10, index: 4))
    }

    @Test func newestDefinitionWins() throws {
        let file = try TestPDF.open(.incremental)
        #expect(file.crossReference.sectionCount == 2)
        let info = try file.dictionary(file.trailer["Info"])
        #expect(info?["Title"] == .string(Array("Updated title".utf8)))
        #expect(try file.object(for: PDFReference(3, 0)).dictionaryValue?["Rotate"] == 180)
        #expect(file.trailer["Prev"] == nil)
    }

    @Test func prevLoopIsRepaired() throws {
        // A section whose /Prev points at itself: damage, repaired by scanning (more cases in
        // CrossReferenceDamageTests).
        var bytes = Array("%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj\n".utf8)
        let start = bytes.count
        bytes += Array("xref\n0 3\n0000000000 65535 f\r\n0000000009 00000 n\r\n0000000054 00000 n\r\n".utf8)
        bytes += Array("trailer <</Size 3/Root 1 0 R/Prev \(start)>>\nstartxref\n\(start)\n%%EOF".utf8)
        let file = try PDFFile(source: ByteSource(bytes: bytes))
        #expect(try file.catalog().type == "Catalog")
        #expect(file.isRepaired)
        #expect(file.warnings == ["cross-reference rebuilt by scanning the file (syntax error at byte \(start): the cross-reference sections loop: /Prev leads back to the section at byte \(start))"])
    }

    @Test func firstSubsectionNumberedFromOneIsRenumbered() throws {
        var bytes = Array("%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj\n".utf8)
        let start = bytes.count
        bytes += Array("xref\n1 3\n0000000000 65535 f\r\n0000000009 00000 n\r\n0000000054 00000 n\r\n".utf8)
        bytes += Array("trailer <</Size 3/Root 1 0 R>>\nstartxref\n\(start)\n%%EOF".utf8)
        let file = try PDFFile(source: ByteSource(bytes: bytes))
        #expect(try file.catalog().type == "Catalog")
        #expect(!file.isRepaired)
    }

    @Test func repairFindsCatalogWithoutTrailer() throws {
        let bytes = Array("%PDF-1.4\n1 0 obj <</Type/Pages/Kids[]/Count 0>> endobj\n2 0 obj <</Type/Catalog/Pages 1 0 R>> endobj\n".utf8)
        let file = try PDFFile(source: ByteSource(bytes: bytes))
        #expect(try file.catalog()["Pages"] == .reference(PDFReference(1, 0)))
        #expect(file.isRepaired)
    }

    @Test(arguments: [
        "", "garbage that is not a PDF at all", "%PDF-1.7\n", "%PDF-1.7\n1 0 obj\n<</Type/Catalog",
        "%PDF-1.4\nxref\n0 1\n0000000000 65535 f\r\ntrailer<</Root 1 0 R>>\nstartxref\n9\n%%EOF",
    ])
    func garbageEndsInTypedError(text: String) {
        #expect(throws: PDFError.self) { try PDFFile(source: ByteSource(bytes: Array(text.utf8))) }
    }

    @Test func referenceCycleResolvesToNull() throws {
        var bytes = Array("%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R/Loop 3 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj\n3 0 obj 4 0 R endobj\n4 0 obj 3 0 R endobj\n".utf8)
        let start = bytes.count
        bytes += Array("xref\n0 5\n0000000000 65535 f\r\n".utf8)
        // Offsets found by scanning, so the test does not depend on hand-counting.
        for n in 1...4 {
            let header = Array("\(n) 0 obj".utf8)
            let offset = ByteSource(bytes: bytes).firstIndex(of: header, from: 0) ?? 0
            bytes += Array("\(TestPDF.pad(offset)) 00000 n\r\n".utf8)
        }
        bytes += Array("trailer <</Size 5/Root 1 0 R>>\nstartxref\n\(start)\n%%EOF".utf8)
        let file = try PDFFile(source: ByteSource(bytes: bytes))
        #expect(try file.resolve(try file.catalog()["Loop"] ?? .null) == .null)
    }
}

@Suite("Lazy loading")
struct LazyLoadingTests {
    @Test(arguments: [TestPDF.Flavour.classic, .xrefStream, .objectStreams])
    func openingParsesOnlyTheCatalog(flavour: TestPDF.Flavour) throws {
        let file = try TestPDF.open(flavour)
        // The catalog is read to check the trailer (and, in an object stream, its container).
        #expect(file.cachedObjectCount <= 2)
        _ = try file.object(for: PDFReference(7, 0))
        #expect(file.cachedObjectCount <= 3)
    }
}
