import Foundation

/// Document ids: 32 lowercase hexadecimal characters from 16 random bytes. An id is checked
/// with ``validate(_:)`` before it is used anywhere, above all in a file name.
public enum DocumentID {
    /// A new random id.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return String((0..<32).map { _ in digits[Int(generator.next() % 16)] })
    }

    /// Whether `id` matches `^[0-9a-f]{32}$`.
    public static func isValid(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        return bytes.count == 32 && bytes.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Returns `id` when valid.
    ///
    /// - Throws: ``StoreError/invalidID(_:)``.
    @discardableResult
    public static func validate(_ id: String) throws -> String {
        guard isValid(id) else { throw StoreError.invalidID(id) }
        return id
    }

    /// Checks a document name: 1 to 255 characters after trimming, no control characters.
    ///
    /// - Returns: the name trimmed of surrounding white space.
    /// - Throws: ``StoreError/invalidName(_:)``.
    public static func validateName(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw StoreError.invalidName("the name is empty") }
        guard trimmed.count <= 255 else { throw StoreError.invalidName("the name is longer than 255 characters") }
        guard !trimmed.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) else {
            throw StoreError.invalidName("the name contains control characters")
        }
        return trimmed
    }
}
