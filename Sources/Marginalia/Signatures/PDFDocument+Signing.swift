import Foundation
import PDFCore

extension PDFDocument {
    /// The document signed as `request` asks: an incremental update (the original bytes stay
    /// a prefix, so earlier signatures hold) that adds or fills a signature field whose value
    /// is a `/Sig` dictionary with `/SubFilter /ETSI.CAdES.detached`, and, for certification,
    /// the catalog's `/Perms /DocMDP` (12.8.2.2). The document itself is left unchanged only
    /// in its bytes: the field and dictionary are among its changes afterwards.
    ///
    /// - Throws: ``SignatureError`` (the field cannot be signed, the PKCS#12 file does not
    ///   open, the file is encrypted), ``PDFError`` for a page out of range.
    public func signedData(_ request: SignatureRequest) throws -> [UInt8] {
        guard !file.isEncrypted else { throw SignatureError.encryptedFile }
        let signatures = file.signatures()
        if request.certification != nil, !signatures.isEmpty {
            throw SignatureError.fieldNotSignable(name: signatures[0].fieldName,
                                                  reason: "a certification must be the document's first signature")
        }
        // Fail on a bad key or password before anything is written.
        _ = try PDFFile.padesSigner(pkcs12: request.pkcs12, password: request.password,
                                    capacity: request.contentsCapacity)([UInt8](repeating: 0, count: 32))
        let time = PDFDate.format(request.date)
        let signature = file.add(.dictionary(SignaturePlaceholder.dictionary(
            subFilter: "ETSI.CAdES.detached", time: time, name: request.name, reason: request.reason,
            location: request.location, docMDP: request.certification?.rawValue,
            contentsCapacity: request.contentsCapacity)))
        // Who a visible signature says signed: the name given, else the certificate's.
        let signer = request.name ?? PDFFile.signerCommonName(pkcs12: request.pkcs12, password: request.password)
        switch request.placement {
        case .field(let name):
            try fillSignatureField(named: name, with: signature, request: request, signer: signer)
        case .page(let pageIndex, let rect, let name):
            try addSignatureField(named: name, pageIndex: pageIndex, rect: rect, signature: signature, request: request,
                                  signer: signer)
        case .invisible(let name):
            try addSignatureField(named: name, pageIndex: 0, rect: .zero, signature: signature, request: request,
                                  signer: signer)
        }
        if request.certification != nil {
            var catalog = try file.catalog()
            var permissions = try file.dictionary(catalog["Perms"]) ?? PDFDictionary()
            permissions["DocMDP"] = .reference(signature)
            catalog["Perms"] = .dictionary(permissions)
            try updateCatalog(catalog)
        }
        return try file.signedIncrementalUpdate(
            contentsCapacity: request.contentsCapacity,
            sign: PDFFile.padesSigner(pkcs12: request.pkcs12, password: request.password,
                                      capacity: request.contentsCapacity, timestamp: request.timestamp))
    }

    private func fillSignatureField(named name: String, with signature: PDFReference, request: SignatureRequest,
                                    signer: String?) throws {
        guard let field = try acroForm().field(named: name) else { throw SignatureError.fieldNotFound(name: name) }
        guard field.type == .signature else {
            throw SignatureError.fieldNotSignable(name: name, reason: "it is a \(field.type.rawValue) field")
        }
        guard field.value == nil else { throw SignatureError.fieldNotSignable(name: name, reason: "it is already signed") }
        guard let reference = field.reference, var dictionary = try file.dictionary(.reference(reference)) else {
            throw SignatureError.fieldNotSignable(name: name, reason: "it is not an indirect object")
        }
        dictionary["V"] = .reference(signature)
        file.update(reference, with: .dictionary(dictionary))
        for widget in field.widgets where widget.rect.width > 0 && widget.rect.height > 0 {
            guard let widgetReference = widget.reference, var widgetDictionary = try file.dictionary(.reference(widgetReference)),
                  let pageIndex = widget.pageIndex else { continue }
            let page = try self.page(at: pageIndex, readingAnnotations: false)
            widgetDictionary["AP"] = .dictionary(PDFDictionary(["N": .reference(try signatureAppearance(
                rect: widget.rect, pageRotation: page.rotation, request: request, signer: signer))]))
            file.update(widgetReference, with: .dictionary(widgetDictionary))
        }
        try setSignatureFlags(adding: nil)
    }

    private func addSignatureField(named name: String?, pageIndex: Int, rect: CGRect, signature: PDFReference,
                                   request: SignatureRequest, signer: String?) throws {
        let page = try self.page(at: pageIndex, readingAnnotations: false)
        let existing = Set(try acroForm().fields.map(\.name))
        if let name, existing.contains(name) {
            throw SignatureError.fieldNotSignable(name: name, reason: "a field of that name exists (sign it with --field)")
        }
        let fieldName = name ?? (1...).lazy.map { "Signature\($0)" }.first { !existing.contains($0) } ?? "Signature"
        var widget = PDFDictionary()
        widget["Type"] = .name("Annot")
        widget["Subtype"] = .name(AnnotationSubtype.widget.pdfName)
        widget["FT"] = .name("Sig")
        widget["T"] = .string(PDFTextString.encode(fieldName))
        widget["V"] = .reference(signature)
        widget["Rect"] = AnnotationWriter.rectangle(rect)
        widget["P"] = .reference(page.reference)
        // Print and Locked (12.5.3): shown on paper, not moved or resized by a viewer.
        widget["F"] = .integer(4 | 128)
        if rect.width > 0 && rect.height > 0 {
            widget["AP"] = .dictionary(PDFDictionary(["N": .reference(try signatureAppearance(
                rect: rect, pageRotation: page.rotation, request: request, signer: signer))]))
        }
        let reference = file.add(.dictionary(widget))
        try setAnnotationEntries(try annotationEntries(of: page) + [.reference(reference)], of: page)
        try setSignatureFlags(adding: reference)
    }

    /// Adds `field` to the form's `/Fields` (making the form when there is none) and sets
    /// `/SigFlags` 3 (12.7.3, Table 225): the document has signatures and is to be appended to.
    private func setSignatureFlags(adding field: PDFReference?) throws {
        var catalog = try file.catalog()
        let formReference = catalog["AcroForm"]?.referenceValue
        var form = try file.dictionary(catalog["AcroForm"]) ?? PDFDictionary()
        if let field {
            let fields = try file.resolve(form["Fields"] ?? .null).arrayValue ?? []
            if let fieldsReference = form["Fields"]?.referenceValue {
                file.update(fieldsReference, with: .array(fields + [.reference(field)]))
            } else {
                form["Fields"] = .array(fields + [.reference(field)])
            }
        }
        form["SigFlags"] = .integer(3)
        if let formReference {
            file.update(formReference, with: .dictionary(form))
        } else {
            catalog["AcroForm"] = .dictionary(form)
            try updateCatalog(catalog)
        }
    }

    private func updateCatalog(_ catalog: PDFDictionary) throws {
        guard let root = file.trailer["Root"]?.referenceValue else {
            throw PDFError.invalidObject(nil, message: "the trailer has no /Root")
        }
        file.update(root, with: .dictionary(catalog))
    }
}
