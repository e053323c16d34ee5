// MARK: - Strings and streams (ISO 32000-2, 7.6.2, 7.6.6)

extension StandardSecurityHandler {
    /// Decrypts a string of the indirect object `reference` (or of the object holding it),
    /// with the /StrF crypt filter.
    func decryptString(_ bytes: [UInt8], reference: PDFReference) -> [UInt8] {
        encryption.stringMethod.decrypt(bytes, fileKey: fileKey, reference: reference)
    }

    /// Encrypts a string of the indirect object `reference` for writing.
    func encryptString(_ bytes: [UInt8], reference: PDFReference) -> [UInt8] {
        encryption.stringMethod.encrypt(bytes, fileKey: fileKey, reference: reference)
    }

    /// Decrypts the data of the stream `reference` whose dictionary is `dictionary`.
    /// Cross-reference streams are never encrypted and must not be passed here.
    func decryptStream(_ bytes: [UInt8], dictionary: PDFDictionary, reference: PDFReference) -> [UInt8] {
        streamMethod(for: dictionary).decrypt(bytes, fileKey: fileKey, reference: reference)
    }

    /// Encrypts the data of the stream `reference` for writing, by the same rules.
    func encryptStream(_ bytes: [UInt8], dictionary: PDFDictionary, reference: PDFReference) -> [UInt8] {
        streamMethod(for: dictionary).encrypt(bytes, fileKey: fileKey, reference: reference)
    }

    /// The crypt filter method that applies to a stream:
    /// - metadata streams are left alone when /EncryptMetadata is false (7.6.4.2 Table 21);
    /// - a /Crypt filter in the stream's own /Filter chooses the crypt filter named by its
    ///   /DecodeParms /Name, /Identity by default (7.4.10); a name the /Encrypt dictionary
    ///   does not define leaves the data alone, since guessing would only produce garbage;
    /// - embedded file streams use /EFF (7.6.6 Table 27);
    /// - every other stream uses /StmF.
    func streamMethod(for dictionary: PDFDictionary) -> CryptFilterMethod {
        if !encryption.encryptMetadata, dictionary.type == "Metadata" { return .identity }
        let stream = PDFStream(dictionary: dictionary, rawBytes: [])
        let filters = stream.filterNames
        if let index = filters.firstIndex(of: "Crypt") {
            let parameters = stream.decodeParameters
            let name = (index < parameters.count ? parameters[index]?["Name"]?.nameValue : nil) ?? "Identity"
            return encryption.namedFilters[name] ?? .identity
        }
        if dictionary.type == "EmbeddedFile" { return encryption.embeddedFileMethod }
        return encryption.streamMethod
    }
}
