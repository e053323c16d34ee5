// Checking the signatures of a file: the /ByteRange against the file's bytes, the CMS
// against the covered bytes (SignatureCMS), and the objects updates added after each.

extension PDFFile {
    /// Checks every signature of the form (``signatures()``), in field order.
    ///
    /// - Parameter trustAnchors: PEM certificates the signer's chain must reach, or nil to
    ///   leave the chain unchecked.
    public func verifySignatures(trustAnchors: [UInt8]? = nil) -> [PDFSignatureVerification] {
        let revisionEnds = self.revisionEnds()
        return signatures().map { verify($0, trustAnchors: trustAnchors, revisionEnds: revisionEnds) }
    }

    private func verify(_ signature: PDFSignature, trustAnchors: [UInt8]?, revisionEnds: [Int]) -> PDFSignatureVerification {
        var result = PDFSignatureVerification(
            signature: signature, byteRange: nil, problem: nil, coversWholeFile: false, signedRevision: nil,
            revisionCount: revisionEnds.count, digestMatches: false, signatureValid: false, signer: nil,
            cmsSigningTime: nil, digestAlgorithm: nil, hasSigningCertificateV2: false, hasTimestamp: false,
            timestampTime: nil, timestampValid: nil, chain: .notChecked, laterChanges: [])
        let range: SignatureByteRange
        do {
            range = try SignatureByteRange.check(signature.byteRange, field: signature.fieldName, in: source)
        } catch let error as SignatureError {
            result.problem = error
            return result
        } catch {
            return result
        }
        result.byteRange = range
        result.coversWholeFile = range.end == source.count
        // The version a signature covers ends at one of the file's %%EOF markers (with its
        // end-of-line); a range ending elsewhere is still numbered by the markers before it.
        result.signedRevision = revisionEnds.filter { $0 <= range.end }.count + (revisionEnds.contains(range.end) ? 0 : 1)
        result.laterChanges = changes(after: range.end)
        let subFilter = signature.subFilter ?? ""
        let encapsulated: Bool
        switch subFilter {
        case "ETSI.CAdES.detached", "adbe.pkcs7.detached": encapsulated = false
        case "adbe.pkcs7.sha1": encapsulated = true
        default:
            result.problem = .unsupportedSubFilter(field: signature.fieldName, subFilter: subFilter)
            return result
        }
        let contents = range.contents(in: source)
        guard let report = SignatureCMS.verify(contents, content: range.coveredBytes(in: source),
                                               encapsulatedSHA1: encapsulated, trustAnchors: trustAnchors) else {
            result.problem = .unreadableCMS(field: signature.fieldName)
            return result
        }
        result.digestMatches = report.digestMatches
        result.signatureValid = report.signatureValid
        result.signer = report.subject
        result.cmsSigningTime = report.signingTime
        result.digestAlgorithm = report.digestAlgorithm
        result.hasSigningCertificateV2 = report.hasSigningCertificateV2
        result.hasTimestamp = report.hasTimestamp
        if report.hasTimestamp, let stamp = SignatureTimestamp.check(cms: contents) {
            result.timestampTime = stamp.time
            result.timestampValid = stamp.imprintMatches && stamp.signatureValid
        }
        switch report.chainTrusted {
        case nil: result.chain = .notChecked
        case true?: result.chain = .trusted
        case false?: result.chain = .untrusted(report.chainError ?? "the chain does not verify")
        }
        return result
    }

    /// The offsets just past each `%%EOF` marker (and its end-of-line), in file order: where
    /// each version of the file ends.
    func revisionEnds() -> [Int] {
        let marker = Array("%%EOF".utf8)
        var ends: [Int] = []
        var position = 0
        while let found = source.firstIndex(of: marker, from: position) {
            var end = found + marker.count
            if source[end] == 0x0D { end += 1 }
            if source[end] == 0x0A { end += 1 }
            ends.append(end)
            position = found + marker.count
        }
        return ends
    }

    /// The objects whose newest definition lies at or after `offset`: what the updates after
    /// a signed version added or changed. The file's structure (cross-reference and object
    /// streams) is left out.
    func changes(after offset: Int) -> [PDFSignatureChange] {
        let entries = crossReference.entries
        func isAfter(_ entry: CrossReferenceEntry?, depth: Int = 0) -> Bool {
            switch entry {
            case .inFile(let at, _)?: return at >= offset
            case .inObjectStream(let stream, _)? where depth == 0: return isAfter(entries[stream], depth: 1)
            default: return false
            }
        }
        var changes: [PDFSignatureChange] = []
        for number in entries.keys.sorted() where isAfter(entries[number]) {
            guard !crossReference.crossReferenceStreamNumbers.contains(number),
                  let object = try? self.object(for: PDFReference(number, generation(of: number))) else { continue }
            if let change = Self.describe(object, number: number) { changes.append(change) }
        }
        return changes
    }

    /// The objects changed in memory and not yet written, named as ``changes(after:)`` names
    /// what was appended: what the next save would add after the signatures.
    public func pendingChanges() -> [PDFSignatureChange] {
        changedObjects.keys.sorted().compactMap { number in
            changedObjects[number].flatMap { Self.describe($0, number: number) }
        }
    }

    static func describe(_ object: PDFObject, number: Int) -> PDFSignatureChange? {
        let dictionary: PDFDictionary
        switch object {
        case .dictionary(let d): dictionary = d
        case .stream(let stream): dictionary = stream.dictionary
        default: return PDFSignatureChange(object: number, kind: .other, detail: nil)
        }
        let type = dictionary["Type"]?.nameValue
        let subtype = dictionary["Subtype"]?.nameValue
        let fieldName = dictionary["T"]?.stringBytes.map(PDFTextString.decode)
        switch type {
        case "ObjStm", "XRef": return nil
        case "Sig", "DocTimeStamp": return PDFSignatureChange(object: number, kind: .signature, detail: type)
        case "Page": return PDFSignatureChange(object: number, kind: .page, detail: nil)
        case "Pages": return PDFSignatureChange(object: number, kind: .pages, detail: nil)
        case "Catalog": return PDFSignatureChange(object: number, kind: .catalog, detail: nil)
        case "Metadata": return PDFSignatureChange(object: number, kind: .metadata, detail: nil)
        default: break
        }
        if dictionary["FT"] != nil || (subtype == "Widget" && fieldName != nil) {
            return PDFSignatureChange(object: number, kind: .field, detail: fieldName)
        }
        if type == "Annot" || (subtype != nil && dictionary["Rect"] != nil) {
            return PDFSignatureChange(object: number, kind: .annotation, detail: subtype)
        }
        if fieldName != nil { return PDFSignatureChange(object: number, kind: .field, detail: fieldName) }
        if subtype == "Form" || subtype == "Image" { return PDFSignatureChange(object: number, kind: .appearance, detail: subtype) }
        return PDFSignatureChange(object: number, kind: .other, detail: type)
    }
}
