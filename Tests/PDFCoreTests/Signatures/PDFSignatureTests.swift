import Testing

@testable import PDFCore

/// Reading signature fields: the qualified name through /Kids, the dictionary's keys, the
/// DocMDP permission; and the rules built on them (what a rewrite would break).
@Suite("Signature fields")
struct PDFSignatureTests {
    /// A form with a parent field `Approvals` whose kid `Manager` inherits /FT /Sig and is
    /// signed, and an unsigned signature field `Empty`.
    private static func signedForm(reference: [PDFObject] = [], certify: Bool = false) throws -> PDFFile {
        let file = try PDFFile.newDocument()
        var signature = PDFDictionary([
            "Type": .name("Sig"), "Filter": .name("Adobe.PPKLite"), "SubFilter": .name("ETSI.CAdES.detached"),
            "ByteRange": [0, 10, 20, 30], "Contents": .string([0, 0]), "M": .string(Array("D:20260101120000Z".utf8)),
            "Reason": .string(Array("Approved".utf8)),
        ])
        if !reference.isEmpty { signature["Reference"] = .array(reference) }
        let signatureReference = file.add(.dictionary(signature))
        let kid = file.add(.dictionary(PDFDictionary(["T": .string(Array("Manager".utf8)), "V": .reference(signatureReference)])))
        let parent = file.add(.dictionary(PDFDictionary(["T": .string(Array("Approvals".utf8)), "FT": .name("Sig"),
                                                         "Kids": [.reference(kid)]])))
        let empty = file.add(.dictionary(PDFDictionary(["T": .string(Array("Empty".utf8)), "FT": .name("Sig")])))
        var catalog = try file.catalog()
        catalog["AcroForm"] = .dictionary(PDFDictionary(["Fields": [.reference(parent), .reference(empty)]]))
        if certify { catalog["Perms"] = .dictionary(PDFDictionary(["DocMDP": .reference(signatureReference)])) }
        file.update(PDFReference(1, 0), with: .dictionary(catalog))
        return file
    }

    private static func docMDP(_ p: Int?) -> PDFObject {
        var parameters = PDFDictionary(["Type": .name("TransformParams")])
        if let p { parameters["P"] = .integer(p) }
        return .dictionary(PDFDictionary(["Type": .name("SigRef"), "TransformMethod": .name("DocMDP"),
                                          "TransformParams": .dictionary(parameters)]))
    }

    @Test func aSignedKidIsFoundByItsQualifiedName() throws {
        let signatures = try Self.signedForm().signatures()
        #expect(signatures.count == 1)
        let signature = try #require(signatures.first)
        #expect(signature.fieldName == "Approvals.Manager")
        #expect(signature.subFilter == "ETSI.CAdES.detached")
        #expect(signature.filter == "Adobe.PPKLite")
        #expect(signature.byteRange == [0, 10, 20, 30])
        #expect(signature.coveredEnd == 50)
        #expect(signature.signingTime == "D:20260101120000Z")
        #expect(signature.reason == "Approved")
        #expect(signature.docMDPPermission == nil)
    }

    @Test(arguments: [(1, 1), (3, 3), (nil, 2), (7, 2)] as [(Int?, Int)])
    func theDocMDPPermissionComesFromTheReference(p: Int?, expected: Int) throws {
        let signature = try #require(try Self.signedForm(reference: [Self.docMDP(p)]).signatures().first)
        #expect(signature.docMDPPermission == expected)
    }

    @Test func theCatalogsDocMDPCertifiesWithTheDefaultPermission() throws {
        let signature = try #require(try Self.signedForm(certify: true).signatures().first)
        #expect(signature.docMDPPermission == 2)
    }

    @Test func aRewriteOfASignedFileIsRefusedNamingTheField() throws {
        #expect(throws: SignatureError.rewriteBreaksSignatures(fields: ["Approvals.Manager"])) {
            try Self.signedForm().checkRewriteKeepsSignatures()
        }
        try PDFFile.newDocument().checkRewriteKeepsSignatures()
    }

    @Test(arguments: [(2, false), (3, true)])
    func aCertificationDecidesWhetherAnAnnotationMayBeAdded(p: Int, allowed: Bool) throws {
        let file = try Self.signedForm(reference: [Self.docMDP(p)])
        try file.checkCertificationAllowsChanges()
        let square = file.add(.dictionary(PDFDictionary(["Type": .name("Annot"), "Subtype": .name("Square"),
                                                         "Rect": [0, 0, 10, 10]])))
        if allowed {
            try file.checkCertificationAllowsChanges()
        } else {
            #expect(throws: SignatureError.certificationForbids(
                permission: p, change: PDFSignatureChange(object: square.number, kind: .annotation, detail: "Square"))) {
                try file.checkCertificationAllowsChanges()
            }
        }
    }

    @Test func noChangeAtAllIsAllowedUnderP1() throws {
        #expect(throws: SignatureError.self) {
            try Self.signedForm(reference: [Self.docMDP(1)]).checkCertificationAllowsChanges()
        }
    }

    @Test func theCoverageIsWhereEachSignatureEnds() throws {
        #expect(try Self.signedForm().signatureCoverage() == [50])
    }
}
