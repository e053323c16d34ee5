/// The entries of a standard security handler's /Encrypt dictionary (ISO 32000-2, 7.6.2
/// Table 20, 7.6.4.2 Table 21), read and checked once so the algorithms can trust them.
struct EncryptionDictionary: Sendable {
    /// /V: the algorithm family (1, 2, 4 or 5; 0 is read as 1).
    let version: Int
    /// /R: the revision of the standard security handler (2 to 6).
    let revision: Int
    /// The length of the file key in bytes (5 to 16 for RC4 and AES-128, 32 for AES-256).
    let keyLength: Int
    /// /O and /U: 32 bytes for R2-4, 48 bytes for R5-6 (longer values are trimmed).
    let ownerHash: [UInt8]
    let userHash: [UInt8]
    /// /OE and /UE (R5-6): the file key encrypted under keys derived from each password.
    let ownerEncryptedKey: [UInt8]?
    let userEncryptedKey: [UInt8]?
    /// /Perms (R5-6): the permissions encrypted under the file key.
    let encryptedPermissions: [UInt8]?
    /// /P, as the signed 32-bit value the key derivation uses.
    let permissions: Int32
    /// /EncryptMetadata (V4 and V5 only; true in every other case).
    let encryptMetadata: Bool
    /// The methods for strings (/StrF), streams (/StmF) and embedded files (/EFF).
    let stringMethod: CryptFilterMethod
    let streamMethod: CryptFilterMethod
    let embeddedFileMethod: CryptFilterMethod
    /// Every crypt filter in /CF whose method is known, by name, for streams that name one
    /// in a /Crypt filter (7.4.10). /Identity is always present.
    let namedFilters: [String: CryptFilterMethod]
    /// What was wrong with the dictionary and read the way qpdf reads it (a short /O or /U
    /// padded with zeros, a crypt filter name /CF does not define): the file's warnings.
    let notes: [String]

    /// Reads `dictionary`.
    ///
    /// - Throws: ``PDFError/unsupportedEncryption(_:)`` for another security handler or an
    ///   unknown /V, /R or /CFM; ``PDFError/invalidObject(_:message:)`` for missing or
    ///   malformed /O, /U, /OE, /UE or /P.
    init(_ dictionary: PDFDictionary) throws {
        if let filter = dictionary["Filter"]?.nameValue, filter != "Standard" {
            throw PDFError.unsupportedEncryption("security handler /\(filter) (only /Standard passwords are supported)")
        }
        if dictionary["Recipients"] != nil {
            throw PDFError.unsupportedEncryption("public-key security handler")
        }

        var version = dictionary["V"]?.integerValue ?? 0
        if version == 0 { version = 1 }  // V0 is undocumented; writers that use it mean V1.
        guard let revision = dictionary["R"]?.integerValue else {
            throw PDFError.invalidObject(nil, message: "the /Encrypt dictionary has no /R (revision)")
        }
        switch (version, revision) {
        case (1...2, 2...4), (4, 4), (5, 5...6): break
        case (3, _): throw PDFError.unsupportedEncryption("/V 3 (an unpublished algorithm)")
        case (1...2, _), (4, _), (5, _):
            throw PDFError.unsupportedEncryption("revision /R \(revision) with /V \(version)")
        default: throw PDFError.unsupportedEncryption("algorithm /V \(version)")
        }
        self.version = version
        self.revision = revision

        let hashLength = revision >= 5 ? 48 : 32
        var notes: [String] = []
        // Before R5 a writer that dropped trailing zero bytes leaves /O or /U short: qpdf pads
        // them back with zeros, which gives the key they were made with.
        let padding = revision <= 4
        ownerHash = try Self.bytes(dictionary, "O", atLeast: hashLength, padding: padding ? { notes.append($0) } : nil)
        userHash = try Self.bytes(dictionary, "U", atLeast: hashLength, padding: padding ? { notes.append($0) } : nil)
        if revision >= 5 {
            ownerEncryptedKey = try Self.optionalBytes(dictionary, "OE", atLeast: 32)
            userEncryptedKey = try Self.optionalBytes(dictionary, "UE", atLeast: 32)
            encryptedPermissions = try Self.optionalBytes(dictionary, "Perms", atLeast: 16)
        } else {
            ownerEncryptedKey = nil
            userEncryptedKey = nil
            encryptedPermissions = nil
        }
        guard let p = dictionary["P"]?.integerValue else {
            throw PDFError.invalidObject(nil, message: "the /Encrypt dictionary has no /P (permissions)")
        }
        // Some writers store /P unsigned (4294967292 for -4); the low 32 bits are the flags.
        permissions = Int32(truncatingIfNeeded: p)
        encryptMetadata = version >= 4 ? (dictionary["EncryptMetadata"]?.boolValue ?? true) : true

        if version >= 4 {
            let filters = Self.cryptFilters(dictionary["CF"]?.dictionaryValue ?? PDFDictionary())
            namedFilters = filters
            // A name /CF does not define means the filter the file was written with, as qpdf
            // reads it: the one /CF defines, else AES of the dictionary's version.
            let defined = Set(filters.filter { $0.key != "Identity" }.values)
            let assumed: CryptFilterMethod
            if defined.count == 1, let only = defined.first { assumed = only } else { assumed = version == 5 ? .aesV3 : .aesV2 }
            func method(_ key: String) throws -> CryptFilterMethod {
                let name = dictionary[key]?.nameValue ?? "Identity"
                if let method = filters[name] { return method }
                if let cf = dictionary["CF"]?.dictionaryValue?[name]?.dictionaryValue {
                    throw PDFError.unsupportedEncryption("crypt filter /\(name) (for /\(key)) has the unknown method /\(cf["CFM"]?.nameValue ?? "?")")
                }
                notes.append("the /Encrypt dictionary's /\(key) names /\(name), which /CF does not define: read as \(assumed.displayName)")
                return assumed
            }
            stringMethod = try method("StrF")
            streamMethod = try method("StmF")
            embeddedFileMethod = dictionary["EFF"] == nil ? streamMethod : try method("EFF")
        } else {
            namedFilters = ["Identity": .identity]
            stringMethod = .rc4
            streamMethod = .rc4
            embeddedFileMethod = .rc4
        }

        keyLength = try Self.keyLength(dictionary, version: version, revision: revision,
                                       methods: [stringMethod, streamMethod, embeddedFileMethod])
        self.notes = notes
    }

    // MARK: - Helpers

    /// The named crypt filters of a /CF dictionary whose /CFM is known, plus /Identity.
    private static func cryptFilters(_ cf: PDFDictionary) -> [String: CryptFilterMethod] {
        var filters: [String: CryptFilterMethod] = [:]
        for (name, value) in cf {
            guard let entry = value.dictionaryValue,
                let method = CryptFilterMethod(cfm: entry["CFM"]?.nameValue)
            else { continue }
            filters[name] = method
        }
        // "Identity" is reserved (7.6.6): it cannot be redefined.
        filters["Identity"] = .identity
        return filters
    }

    /// The file key length in bytes (7.6.2 Table 20 /Length; Algorithm 2 step (i)).
    private static func keyLength(
        _ dictionary: PDFDictionary, version: Int, revision: Int, methods: [CryptFilterMethod]
    ) throws -> Int {
        if version == 5 { return 32 }
        if version == 1 || revision == 2 { return 5 }
        // AES-128 needs a 16-byte key whatever /Length claims.
        if methods.contains(.aesV2) { return 16 }
        var bits = dictionary["Length"]?.integerValue
        if bits == nil, version == 4 {
            // Without a top-level /Length, the crypt filters' own /Length (bytes in PDF 1.x
            // files, bits in PDF 2.0 ones) is the best evidence; 128 bits otherwise.
            let cf = dictionary["CF"]?.dictionaryValue
            let name = dictionary["StmF"]?.nameValue ?? dictionary["StrF"]?.nameValue ?? ""
            if let length = cf?[name]?.dictionaryValue?["Length"]?.integerValue {
                bits = (1...16).contains(length) ? length * 8 : length
            } else {
                bits = 128
            }
        }
        var length = bits ?? 40
        if (1...16).contains(length) { length *= 8 }  // a few writers give /Length in bytes
        guard length % 8 == 0, (40...128).contains(length) else {
            throw PDFError.unsupportedEncryption("key length of \(length) bits")
        }
        return length / 8
    }

    /// A required string entry, its first `count` bytes; with `padding`, a shorter one is
    /// padded with zeros and `padding` told so.
    private static func bytes(_ dictionary: PDFDictionary, _ key: String, atLeast count: Int,
                              padding: ((String) -> Void)? = nil) throws -> [UInt8] {
        if let padding, let short = dictionary[key]?.stringBytes, short.count < count {
            padding("/\(key) in the /Encrypt dictionary has \(short.count) bytes: padded with zeros to \(count)")
            return Array(short) + [UInt8](repeating: 0, count: count - short.count)
        }
        guard let value = try optionalBytes(dictionary, key, atLeast: count) else {
            throw PDFError.invalidObject(nil, message: "the /Encrypt dictionary has no /\(key) string")
        }
        return value
    }

    /// The first `count` bytes of a string entry. Longer values are trimmed: some writers pad
    /// /O and /U with zeros (to 127 bytes for early R5 files).
    private static func optionalBytes(_ dictionary: PDFDictionary, _ key: String, atLeast count: Int) throws -> [UInt8]? {
        guard let value = dictionary[key] else { return nil }
        guard let bytes = value.stringBytes else {
            throw PDFError.invalidObject(nil, message: "/\(key) in the /Encrypt dictionary is a \(value.typeName), not a string")
        }
        guard bytes.count >= count else {
            throw PDFError.invalidObject(nil, message: "/\(key) in the /Encrypt dictionary has \(bytes.count) bytes; \(count) are needed")
        }
        return Array(bytes.prefix(count))
    }
}
