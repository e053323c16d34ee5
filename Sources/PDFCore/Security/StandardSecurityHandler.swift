// Placeholder until the security handler lands (replaced by the helper-security branch).
final class StandardSecurityHandler: @unchecked Sendable {
    init(encryptDictionary: PDFDictionary, fileID: [UInt8], password: String?) throws {
        throw PDFError.unsupportedEncryption("not yet")
    }
    var revision: Int { 0 }
    var version: Int { 0 }
    var keyLengthBits: Int { 0 }
    var permissions: Int32 { 0 }
    var authenticatedAsOwner: Bool { false }
    var encryptsMetadata: Bool { true }
    var methodDescription: String { "" }
    func decryptString(_ bytes: [UInt8], reference: PDFReference) -> [UInt8] { bytes }
    func encryptString(_ bytes: [UInt8], reference: PDFReference) -> [UInt8] { bytes }
    func decryptStream(_ bytes: [UInt8], dictionary: PDFDictionary, reference: PDFReference) -> [UInt8] { bytes }
    func encryptStream(_ bytes: [UInt8], dictionary: PDFDictionary, reference: PDFReference) -> [UInt8] { bytes }
}
