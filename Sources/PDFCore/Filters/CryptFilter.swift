/// The `/Crypt` filter (7.4.10): it names the crypt filter that decrypts the stream.
///
/// Decryption belongs to the security handler (7.6), which runs before the filter chain;
/// the pipeline only lets through the cases that need nothing: the `/Identity` crypt
/// filter, which by definition leaves data unchanged, and a `/Crypt` entry without
/// `/Name`, which 7.4.10 (Table 14) says means `/Identity`.
enum CryptFilter {
    static func decode(_ data: [UInt8], parameters: PDFDictionary?) throws -> [UInt8] {
        let name = parameters?["Name"]?.nameValue ?? "Identity"
        guard name == "Identity" else {
            throw PDFError.filter(
                name: StandardFilter.crypt.rawValue,
                reason: "crypt filter /\(name) must be applied by the security handler")
        }
        return data
    }
}
