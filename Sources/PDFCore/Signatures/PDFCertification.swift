/// What a certified document allows after its certification signature: the DocMDP
/// permission P of ISO 32000-2 12.8.2.2. The one place the rules live: the CLI's and the
/// server's check of pending changes (``PDFFile/checkCertificationAllowsChanges()``) and what
/// the editor greys (the server's `certification` object, docs/signatures.md) both read them.
public struct PDFCertification: Sendable, Equatable {
    /// The certifying signature's field.
    public var fieldName: String
    /// P: 1 (no change), 2 (form filling and signing) or 3 (those and annotations).
    public var permission: Int

    public init(fieldName: String, permission: Int) {
        self.fieldName = fieldName
        self.permission = permission
    }

    /// Filling form fields and signing signature fields (P 2 and 3).
    public var allowsFormFilling: Bool { permission >= 2 }
    /// Adding, changing and removing annotations (P 3 only).
    public var allowsAnnotations: Bool { permission >= 3 }
    /// Adding, removing, turning, moving or resizing pages: no P allows it (12.8.2.2 allows
    /// pages only through page templates, which Marginalia does not instantiate).
    public var allowsPageChanges: Bool { false }

    /// What P allows, in a user's words ("form filling and signing only").
    public var allowedChanges: String {
        switch permission {
        case 1: return "no change"
        case 2: return "form filling and signing only"
        default: return "form filling, signing and annotations only"
        }
    }

    /// Whether P allows `change`, one of a file's pending changes: an annotation when
    /// annotations are allowed; a page only when it is not new and only its `/Annots` changed
    /// (a signature's widget or an annotation listed), and with P=2 keeping every annotation
    /// it listed (removing one is an annotation change); the page tree never; the rest (fields,
    /// their appearances, the signature, the catalog's form) when anything is allowed.
    func allows(_ change: PDFSignatureChange, in file: PDFFile) -> Bool {
        guard permission > 1 else { return false }
        switch change.kind {
        case .annotation: return allowsAnnotations
        case .page: return file.changesOnlyAnnots(change.object, keepingEntries: !allowsAnnotations)
        case .pages: return allowsPageChanges
        default: return true
        }
    }
}

extension PDFFile {
    /// The document's certification: the first signature that certifies it (its DocMDP
    /// permission, 12.8.2.2), nil for a document nobody certified.
    public func certification() -> PDFCertification? {
        signatures().lazy.compactMap { signature in
            signature.docMDPPermission.map { PDFCertification(fieldName: signature.fieldName, permission: $0) }
        }.first
    }

    /// Whether object `number`'s pending change is to a stored page and keeps everything but
    /// `/Annots` as stored; with `keepingEntries`, the changed `/Annots` also keeps every
    /// entry the stored one had.
    func changesOnlyAnnots(_ number: Int, keepingEntries: Bool) -> Bool {
        guard let stored = storedObject(number)?.dictionaryValue,
              var changed = changedObjects[number]?.dictionaryValue else { return false }
        if keepingEntries {
            // The stored list as stored (an indirect one read from the file, not its change).
            var listed = stored["Annots"]
            if case .reference(let list)? = listed { listed = storedObject(list.number) }
            let kept = Set(((try? resolve(changed["Annots"] ?? .null))?.arrayValue ?? []).compactMap(\.referenceValue))
            guard (listed?.arrayValue ?? []).compactMap(\.referenceValue).allSatisfy(kept.contains) else { return false }
        }
        var before = stored
        before["Annots"] = nil
        changed["Annots"] = nil
        return before == changed
    }
}

extension PDFFile {
    /// The fields of the signatures this file holds that `replacement` would not: those whose
    /// signed version (the bytes up to where the signature ends) is not where `replacement`
    /// begins. Replacing this file's content by such a file (a restore of an older version)
    /// drops those signatures.
    public func signatures(notKeptBy replacement: ByteSource) -> [String] {
        signatures().filter { signature in
            guard let end = signature.coveredEnd else { return false }
            guard end <= replacement.count, end <= source.count else { return true }
            let chunk = 1 << 20
            return stride(from: 0, to: end, by: chunk).contains { start in
                let range = start..<min(end, start + chunk)
                return source.bytes(in: range) != replacement.bytes(in: range)
            }
        }.map(\.fieldName)
    }
}
