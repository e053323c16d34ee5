// Writing a signed incremental update (ISO 32000-2 12.8.1): the update is written with a
// placeholder signature dictionary, /ByteRange is patched to cover everything but the
// /Contents hole, and the CMS over those bytes is written into the hole.

/// The signature dictionary of a signature about to be made, with the room its `/ByteRange`
/// and `/Contents` take reserved.
public enum SignaturePlaceholder {
    /// What each `/ByteRange` number is written as before it is known: ten digits are room
    /// for any offset below 10 GB.
    static let rangeNumber = 9_999_999_999
    /// The `/ByteRange` as first written, found again in the written update.
    static let rangeText = Array("[0 9999999999 9999999999 9999999999]".utf8)

    /// A `/Sig` dictionary (12.8.1, Table 255) with room for a CMS of `contentsCapacity` bytes.
    ///
    /// - Parameters:
    ///   - subFilter: `ETSI.CAdES.detached` for PAdES.
    ///   - time: `/M`, a PDF date string.
    ///   - docMDP: the P of a certification signature (12.8.2.2), or nil for an approval one.
    public static func dictionary(subFilter: String, time: String, name: String?, reason: String?, location: String?,
                                  docMDP: Int?, contentsCapacity: Int) -> PDFDictionary {
        var dictionary = PDFDictionary()
        dictionary["Type"] = .name("Sig")
        dictionary["Filter"] = .name("Adobe.PPKLite")
        dictionary["SubFilter"] = .name(subFilter)
        dictionary["ByteRange"] = .array([.integer(0), .integer(rangeNumber), .integer(rangeNumber), .integer(rangeNumber)])
        dictionary["Contents"] = .string([UInt8](repeating: 0, count: contentsCapacity))
        dictionary["M"] = .string(PDFTextString.encode(time))
        if let name { dictionary["Name"] = .string(PDFTextString.encode(name)) }
        if let reason { dictionary["Reason"] = .string(PDFTextString.encode(reason)) }
        if let location { dictionary["Location"] = .string(PDFTextString.encode(location)) }
        if let docMDP {
            var parameters = PDFDictionary()
            parameters["Type"] = .name("TransformParams")
            parameters["P"] = .integer(docMDP)
            parameters["V"] = .name("1.2")
            var reference = PDFDictionary()
            reference["Type"] = .name("SigRef")
            reference["TransformMethod"] = .name("DocMDP")
            reference["TransformParams"] = .dictionary(parameters)
            dictionary["Reference"] = .array([.dictionary(reference)])
        }
        return dictionary
    }
}

extension PDFFile {
    /// The file's changes as an incremental update signed by `sign`, which the caller added as
    /// a ``SignaturePlaceholder`` dictionary among the changes.
    ///
    /// - Parameters:
    ///   - contentsCapacity: the bytes reserved for the CMS (the placeholder's `/Contents`).
    ///   - sign: given the SHA-256 of the covered bytes, the DER CMS to write.
    /// - Throws: ``SignatureError/encryptedFile``, ``SignatureError/placeholderNotFound``,
    ///   ``SignatureError/contentsTooSmall(needed:reserved:)`` or what `sign` throws.
    public func signedIncrementalUpdate(contentsCapacity: Int, sign: ([UInt8]) throws -> [UInt8]) throws -> [UInt8] {
        guard !isEncrypted else { throw SignatureError.encryptedFile }
        var out = try IncrementalWriter(file: self).write()
        let start = source.count
        let holeText = [UInt8(ascii: "<")] + [UInt8](repeating: UInt8(ascii: "0"), count: 2 * contentsCapacity) + [UInt8(ascii: ">")]
        guard let rangeAt = Self.find(SignaturePlaceholder.rangeText, in: out, from: start),
              let holeStart = Self.find(holeText, in: out, from: start) else { throw SignatureError.placeholderNotFound }
        let holeEnd = holeStart + holeText.count
        var range = Array("[0 \(holeStart) \(holeEnd) \(out.count - holeEnd)]".utf8)
        guard range.count <= SignaturePlaceholder.rangeText.count else { throw SignatureError.placeholderNotFound }
        // Pad inside the brackets: the dictionary's length must not change.
        range.insert(contentsOf: [UInt8](repeating: 0x20, count: SignaturePlaceholder.rangeText.count - range.count),
                     at: range.count - 1)
        out.replaceSubrange(rangeAt..<rangeAt + range.count, with: range)
        let digest = CryptoPrimitives.sha256(Array(out[..<holeStart]) + Array(out[holeEnd...]))
        let cms = try sign(digest)
        guard cms.count <= contentsCapacity else {
            throw SignatureError.contentsTooSmall(needed: cms.count, reserved: contentsCapacity)
        }
        let digits = Array("0123456789ABCDEF".utf8)
        for (index, byte) in cms.enumerated() {
            out[holeStart + 1 + 2 * index] = digits[Int(byte >> 4)]
            out[holeStart + 2 + 2 * index] = digits[Int(byte & 0x0F)]
        }
        return out
    }

    /// Signs with the key of a PKCS#12 file: the `sign` of ``signedIncrementalUpdate(contentsCapacity:sign:)``
    /// for a PAdES baseline B-B signature (``SignatureCMS/sign(pkcs12:password:digest:capacity:)``),
    /// or B-T with `timestamp`, the way to a time-stamp authority: its token over the
    /// signature value is added to the CMS (``SignatureTimestamp``).
    public static func padesSigner(pkcs12: [UInt8], password: String, capacity: Int,
                                   timestamp: TimestampTransport? = nil) -> ([UInt8]) throws -> [UInt8] {
        { digest in
            let cms = try SignatureCMS.sign(pkcs12: pkcs12, password: password, digest: digest, capacity: capacity)
            guard let timestamp else { return cms }
            return try SignatureTimestamp.stamp(cms, transport: timestamp, capacity: capacity)
        }
    }

    /// The commonName of the PKCS#12 file's certificate (the signer's name a visible
    /// signature shows), or nil when the file does not open with `password` or has none.
    public static func signerCommonName(pkcs12: [UInt8], password: String) -> String? {
        SignatureCMS.commonName(pkcs12: pkcs12, password: password)
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var index = start
        while index <= bytes.count - pattern.count {
            if bytes[index] == first && bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
