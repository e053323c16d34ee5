/// The `/Crypt` filter (7.4.10): it names the crypt filter that decrypts the stream.
///
/// Decryption belongs to the security handler (7.6), which applies the crypt filter named
/// by `/DecodeParms /Name` (or `/Identity`, the default of Table 14) before the filter
/// chain runs: ``PDFStream/rawBytes`` are already decrypted. So here `/Crypt` passes data
/// through, whatever crypt filter it names. Throwing for a name other than `/Identity`
/// would break every stream the handler has just decrypted with, say, `/StdCF`; and a
/// name the document's `/Encrypt` dictionary does not define is left alone by the handler
/// too, since guessing would only produce garbage.
enum CryptFilter {
    static func decode(_ data: [UInt8]) -> [UInt8] {
        data
    }
}
