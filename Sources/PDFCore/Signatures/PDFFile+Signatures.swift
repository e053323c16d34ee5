// Finding the signatures of a file's form: the one walk of its field tree that the verifier,
// the signer and the writers' checks (what a signature covers) all use.

extension PDFFile {
    /// The signature fields whose value is a signature dictionary, in the order of the form's
    /// field tree (12.7.5.5). Damaged entries are skipped; the walk goes at most
    /// ``PDFLimits/maxTreeDepth`` levels of `/Kids` deep and visits each field once.
    public func signatures() -> [PDFSignature] {
        guard let form = try? dictionary(try catalog()["AcroForm"]),
              let fields = try? resolve(form["Fields"] ?? .null).arrayValue else { return [] }
        let certifying = (try? dictionary(try catalog()["Perms"]))?["DocMDP"]?.referenceValue
        var found: [PDFSignature] = []
        var seen = Set<Int>()
        func visit(_ field: PDFObject, parentName: String?, inheritedType: String?, depth: Int) {
            guard depth <= limits.maxTreeDepth else { return }
            if case .reference(let reference) = field, !seen.insert(reference.number).inserted { return }
            guard let dictionary = try? self.dictionary(field) else { return }
            let type = dictionary["FT"]?.nameValue ?? inheritedType
            var name = parentName
            if let part = (try? resolve(dictionary["T"] ?? .null))?.stringBytes {
                let text = PDFTextString.decode(part)
                name = parentName.map { "\($0).\(text)" } ?? text
            }
            if type == "Sig", let value = dictionary["V"], let signature = try? self.dictionary(value) {
                found.append(self.signature(signature, reference: value.referenceValue, fieldName: name ?? "",
                                            certifying: certifying))
            }
            for kid in (try? resolve(dictionary["Kids"] ?? .null).arrayValue) ?? [] {
                visit(kid, parentName: name, inheritedType: type, depth: depth + 1)
            }
        }
        for field in fields { visit(field, parentName: nil, inheritedType: nil, depth: 0) }
        return found
    }

    /// Where each signature in the form ends: for every signature whose value has a valid
    /// `/ByteRange` (12.8.1), the offset just past the last byte it covers. A signature
    /// covers the file as it was when signed, so the version of that length is the signed
    /// one, and every byte before that end must stay as it is for the signature to hold.
    public func signatureCoverage() -> [Int] {
        signatures().compactMap(\.coveredEnd).sorted()
    }

    /// Refuses a full rewrite of a signed file: a rewrite renumbers and moves objects, so the
    /// bytes a signature covers would no longer be the file's (an incremental update keeps them).
    ///
    /// - Throws: ``SignatureError/rewriteBreaksSignatures(fields:)`` naming the signed fields.
    public func checkRewriteKeepsSignatures() throws {
        let signed = signatures().filter { $0.coveredEnd != nil }
        guard signed.isEmpty else { throw SignatureError.rewriteBreaksSignatures(fields: signed.map(\.fieldName)) }
    }

    /// Refuses the pending changes when the document's certification does not allow them
    /// (DocMDP, 12.8.2.2; the rules are ``PDFCertification/allows(_:in:)``): P=1 allows no
    /// change, P=2 form filling and signing but no annotation, P=3 annotations too; under
    /// P=2 and P=3 a page may change only in its `/Annots`, so a page added, turned, resized
    /// or given other content is refused.
    ///
    /// - Throws: ``SignatureError/certificationForbids(permission:change:)`` naming the
    ///   first change refused.
    public func checkCertificationAllowsChanges() throws {
        guard let certification = certification() else { return }
        for change in pendingChanges() where !certification.allows(change, in: self) {
            throw SignatureError.certificationForbids(permission: certification.permission, change: change)
        }
    }

    private func signature(_ dictionary: PDFDictionary, reference: PDFReference?, fieldName: String,
                           certifying: PDFReference?) -> PDFSignature {
        func text(_ key: String) -> String? {
            (try? resolve(dictionary[key] ?? .null))?.stringBytes.map(PDFTextString.decode)
        }
        let range = ((try? resolve(dictionary["ByteRange"] ?? .null))?.arrayValue ?? []).map { $0.integerValue ?? -1 }
        return PDFSignature(fieldName: fieldName, reference: reference, filter: dictionary["Filter"]?.nameValue,
                            subFilter: dictionary["SubFilter"]?.nameValue, byteRange: range, signingTime: text("M"),
                            name: text("Name"), reason: text("Reason"), location: text("Location"),
                            contactInfo: text("ContactInfo"),
                            docMDPPermission: docMDPPermission(of: dictionary, reference: reference, certifying: certifying))
    }

    /// The P of a DocMDP transform in the signature's `/Reference` (12.8.2.2; 2 when absent),
    /// when the signature is the catalog's `/Perms /DocMDP` or names that transform itself.
    private func docMDPPermission(of dictionary: PDFDictionary, reference: PDFReference?,
                                  certifying: PDFReference?) -> Int? {
        let references = (try? resolve(dictionary["Reference"] ?? .null))?.arrayValue ?? []
        for item in references {
            guard let entry = try? self.dictionary(item), entry["TransformMethod"]?.nameValue == "DocMDP" else { continue }
            let parameters = try? self.dictionary(entry["TransformParams"])
            let p = parameters?["P"]?.integerValue ?? 2
            return (1...3).contains(p) ? p : 2
        }
        if let reference, reference == certifying { return 2 }
        return nil
    }
}
