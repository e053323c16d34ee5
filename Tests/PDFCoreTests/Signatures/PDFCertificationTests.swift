import Testing

@testable import PDFCore

/// What a certification allows of the changes made after it (DocMDP, 12.8.2.2), on a stored
/// file certified with a signed update: the certification read back, annotations removed or
/// added, pages added, and which files keep the signature a restore would need.
@Suite("Certification")
struct PDFCertificationTests {
    /// TestPDF's classic file (page 5, object 5, lists the square 7) certified with P `p` by
    /// the field `Certifier`, as stored bytes (the CMS a placeholder: nothing here checks it).
    private static func certified(_ p: Int) throws -> [UInt8] {
        let file = try PDFFile(source: ByteSource(bytes: TestPDF.build(.classic)))
        let signature = file.add(.dictionary(SignaturePlaceholder.dictionary(
            subFilter: "ETSI.CAdES.detached", time: "D:20260101000000Z", name: nil, reason: nil, location: nil,
            docMDP: p, contentsCapacity: 64)))
        let field = file.add(.dictionary(PDFDictionary(["FT": .name("Sig"), "T": .string(Array("Certifier".utf8)),
                                                        "V": .reference(signature)])))
        var catalog = try file.catalog()
        catalog["AcroForm"] = .dictionary(PDFDictionary(["Fields": [.reference(field)]]))
        catalog["Perms"] = .dictionary(PDFDictionary(["DocMDP": .reference(signature)]))
        file.update(PDFReference(1, 0), with: .dictionary(catalog))
        return try file.signedIncrementalUpdate(contentsCapacity: 64) { _ in [0x30, 0x00] }
    }

    private static func page5(of file: PDFFile, annots: [PDFObject]) throws {
        var page = try #require(try file.dictionary(.reference(PDFReference(5, 0))))
        page["Annots"] = .array(annots)
        file.update(PDFReference(5, 0), with: .dictionary(page))
    }

    @Test(arguments: [1, 2, 3])
    func theCertificationIsReadBackWithWhatItAllows(p: Int) throws {
        let file = try PDFFile(source: ByteSource(bytes: try Self.certified(p)))
        let certification = try #require(file.certification())
        #expect(certification == PDFCertification(fieldName: "Certifier", permission: p))
        #expect(certification.allowsFormFilling == (p >= 2))
        #expect(certification.allowsAnnotations == (p == 3))
        #expect(!certification.allowsPageChanges)
        #expect(try PDFFile(source: ByteSource(bytes: TestPDF.build(.classic))).certification() == nil)
    }

    @Test(arguments: [(2, false), (3, true)])
    func removingAnAnnotationIsAnAnnotationChange(p: Int, allowed: Bool) throws {
        let file = try PDFFile(source: ByteSource(bytes: try Self.certified(p)))
        try Self.page5(of: file, annots: [])
        if allowed {
            try file.checkCertificationAllowsChanges()
        } else {
            #expect(throws: SignatureError.certificationForbids(
                permission: p, change: PDFSignatureChange(object: 5, kind: .page, detail: nil))) {
                try file.checkCertificationAllowsChanges()
            }
        }
    }

    @Test func aSignatureWidgetListedBesideTheAnnotationsIsAllowedUnderP2() throws {
        let file = try PDFFile(source: ByteSource(bytes: try Self.certified(2)))
        let widget = file.add(.dictionary(PDFDictionary(["Type": .name("Annot"), "Subtype": .name("Widget"), "FT": .name("Sig"),
                                                         "T": .string(Array("Approver".utf8)), "Rect": [0, 0, 0, 0]])))
        try Self.page5(of: file, annots: [.reference(PDFReference(7, 0)), .reference(widget)])
        try file.checkCertificationAllowsChanges()
    }

    @Test(arguments: [2, 3])
    func aNewPageIsRefused(p: Int) throws {
        let file = try PDFFile(source: ByteSource(bytes: try Self.certified(p)))
        let page = file.add(.dictionary(PDFDictionary(["Type": .name("Page"), "Parent": .reference(PDFReference(2, 0))])))
        var pages = try #require(try file.dictionary(.reference(PDFReference(2, 0))))
        pages["Kids"] = [.reference(PDFReference(3, 0)), .reference(PDFReference(4, 0)), .reference(page)]
        pages["Count"] = 4
        file.update(PDFReference(2, 0), with: .dictionary(pages))
        #expect(throws: SignatureError.self) { try file.checkCertificationAllowsChanges() }
        let refused = file.pendingChanges().filter { !(file.certification()?.allows($0, in: file) ?? true) }
        #expect(Set(refused.map(\.kind)) == [.page, .pages])
    }

    @Test func aReplacementKeepsTheSignatureOnlyWhenItBeginsWithTheSignedVersion() throws {
        let signed = try Self.certified(2)
        let file = try PDFFile(source: ByteSource(bytes: signed))
        #expect(file.signatures(notKeptBy: ByteSource(bytes: signed)).isEmpty)
        #expect(file.signatures(notKeptBy: ByteSource(bytes: signed + Array("\n% appended\n".utf8))).isEmpty)
        #expect(file.signatures(notKeptBy: ByteSource(bytes: TestPDF.build(.classic))) == ["Certifier"])
        var changed = signed
        changed[10] ^= 1
        #expect(file.signatures(notKeptBy: ByteSource(bytes: changed)) == ["Certifier"])
    }
}
