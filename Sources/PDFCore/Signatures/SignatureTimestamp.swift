import CCrypto

/// One exchange with an RFC 3161 time-stamp authority: the DER TimeStampReq in, the DER
/// TimeStampResp out (over HTTP, `application/timestamp-query` and `-reply`, RFC 3161 3.4).
/// The caller carries it, so that PDFCore holds no network code.
public typealias TimestampTransport = @Sendable (_ request: [UInt8]) throws -> [UInt8]

/// Signature time-stamps for PAdES baseline B-T (ETSI EN 319 142-1 5.3): a token over the
/// signer's signature value, asked of an authority and kept as the unsigned attribute
/// id-aa-timeStampToken (Sources/CCrypto/timestamp.c); and the check of one found.
enum SignatureTimestamp {
    /// What a token says and whether it holds.
    struct Report: Sendable, Equatable {
        var imprintMatches: Bool
        var signatureValid: Bool
        /// genTime, ISO 8601 UTC.
        var time: String?
    }

    /// `cms` with a signature time-stamp from the authority `transport` reaches, within
    /// `capacity` bytes.
    ///
    /// - Throws: ``SignatureError/timestamp(_:)`` when the authority refuses or answers
    ///   something other than a token over this signature; what `transport` throws;
    ///   ``SignatureError/contentsTooSmall(needed:reserved:)``.
    static func stamp(_ cms: [UInt8], transport: TimestampTransport, capacity: Int) throws -> [UInt8] {
        let value = try signatureValue(cms)
        let response = try transport(request(digest: CryptoPrimitives.sha256(value)))
        let token = try token(in: response)
        guard let report = check(token: token, stamped: value) else {
            throw SignatureError.timestamp("the authority's token is not a signed TSTInfo")
        }
        guard report.imprintMatches else { throw SignatureError.timestamp("the authority's token does not stamp this signature") }
        guard report.signatureValid else { throw SignatureError.timestamp("the authority's signature over its token does not verify") }
        var out = [UInt8](repeating: 0, count: capacity)
        var length = 0
        let result = cms.withUnsafeBufferPointer { der in
            token.withUnsafeBufferPointer { tokenBuffer in
                out.withUnsafeMutableBufferPointer { buffer in
                    marginalia_cms_add_timestamp(der.baseAddress, der.count, tokenBuffer.baseAddress, tokenBuffer.count,
                                                 buffer.baseAddress, buffer.count, &length)
                }
            }
        }
        switch result {
        case MARGINALIA_CMS_SIGNED: return Array(out.prefix(length))
        case MARGINALIA_CMS_TOO_LARGE: throw SignatureError.contentsTooSmall(needed: length, reserved: capacity)
        default: throw SignatureError.signingFailed
        }
    }

    /// A TimeStampReq (RFC 3161 2.4.1) for the SHA-256 `digest`: version 1, the message
    /// imprint, no policy and no nonce (the imprint binds the answer to this signature), and
    /// certReq TRUE so the token carries the authority's certificate for validators.
    static func request(digest: [UInt8]) -> [UInt8] {
        precondition(digest.count == 32, "a SHA-256 digest")
        let sha256: [UInt8] = [0x30, 0x0D, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00]
        let imprint: [UInt8] = [0x30, 0x31] + sha256 + [0x04, 0x20] + digest
        let body: [UInt8] = [0x02, 0x01, 0x01] + imprint + [0x01, 0x01, 0xFF]
        return [0x30, UInt8(body.count)] + body
    }

    /// The token of a TimeStampResp (RFC 3161 2.4.2): `{status PKIStatusInfo, timeStampToken}`
    /// when the status is granted (0) or grantedWithMods (1).
    static func token(in response: [UInt8]) throws -> [UInt8] {
        var reader = DERReader(response)
        guard let outer = reader.next(), outer.tag == 0x30 else { throw SignatureError.timestamp("the answer is not a TimeStampResp") }
        var inside = DERReader(response, range: outer.content)
        guard let statusInfo = inside.next(), statusInfo.tag == 0x30 else {
            throw SignatureError.timestamp("the answer has no PKIStatusInfo")
        }
        var statusReader = DERReader(response, range: statusInfo.content)
        guard let status = statusReader.next(), status.tag == 0x02, status.content.count == 1 else {
            throw SignatureError.timestamp("the answer's status is not a small INTEGER")
        }
        let code = response[status.content.lowerBound]
        guard code <= 1 else {
            let names = [2: "rejection", 3: "waiting", 4: "revocationWarning", 5: "revocationNotification"]
            throw SignatureError.timestamp("the authority answered status \(code) (\(names[Int(code)] ?? "unknown"))")
        }
        guard let token = inside.next(), token.tag == 0x30 else { throw SignatureError.timestamp("the answer holds no token") }
        return Array(response[token.whole])
    }

    /// The token checked against the bytes it stamps; nil when it is not a signed TSTInfo.
    static func check(token: [UInt8], stamped: [UInt8]) -> Report? {
        var report = marginalia_timestamp_report()
        let parsed = token.withUnsafeBufferPointer { tokenBuffer in
            stamped.withUnsafeBufferPointer { stampedBuffer in
                marginalia_timestamp_check(tokenBuffer.baseAddress, tokenBuffer.count, stampedBuffer.baseAddress,
                                           stampedBuffer.count, &report)
            }
        }
        return parsed == 1 ? Report(report) : nil
    }

    /// The signature time-stamp of the signer of `cms`, checked; nil when it has none.
    static func check(cms: [UInt8]) -> Report? {
        var report = marginalia_timestamp_report()
        let parsed = cms.withUnsafeBufferPointer { marginalia_cms_timestamp($0.baseAddress, $0.count, &report) }
        return parsed == 1 ? Report(report) : nil
    }

    private static func signatureValue(_ cms: [UInt8]) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 2_048)
        var length = 0
        let found = cms.withUnsafeBufferPointer { der in
            out.withUnsafeMutableBufferPointer { marginalia_cms_signature_value(der.baseAddress, der.count, $0.baseAddress, $0.count, &length) }
        }
        guard found == 1 else { throw SignatureError.signingFailed }
        return Array(out.prefix(length))
    }
}

extension SignatureTimestamp.Report {
    init(_ report: marginalia_timestamp_report) {
        let time = withUnsafeBytes(of: report.time) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        self.init(imprintMatches: report.imprint_matches == 1, signatureValid: report.signature_valid == 1,
                  time: time.isEmpty ? nil : time)
    }
}

/// Reads DER TLVs one after another within a range (X.690 8.1): the tag (one byte: the
/// universal and context tags RFC 3161 answers use) and a definite length.
struct DERReader {
    struct Element {
        var tag: UInt8
        var content: Range<Int>
        var whole: Range<Int>
    }

    private let bytes: [UInt8]
    private var position: Int
    private let end: Int

    init(_ bytes: [UInt8], range: Range<Int>? = nil) {
        self.bytes = bytes
        position = range?.lowerBound ?? 0
        end = range?.upperBound ?? bytes.count
    }

    /// The next element, or nil at the end or when the bytes are not DER.
    mutating func next() -> Element? {
        let start = position
        guard position + 2 <= end else { return nil }
        let tag = bytes[position]
        var length = Int(bytes[position + 1])
        position += 2
        if length & 0x80 != 0 {
            let octets = length & 0x7F
            guard (1...4).contains(octets), position + octets <= end else { return nil }
            length = bytes[position..<position + octets].reduce(0) { $0 << 8 | Int($1) }
            position += octets
        }
        guard length <= end - position else { return nil }
        defer { position += length }
        return Element(tag: tag, content: position..<position + length, whole: start..<position + length)
    }
}
