import Foundation

/// A form value as Codable JSON, for the operation log (EditorOperation+JSON): the core's one
/// reading and writing (``FormValue/init(json:)``, ``FormValue/json``), called through
/// ``JSONValue``, not a second coding.
extension FormValue: Codable {
    /// Reads the value with ``init(json:)``.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when it is none of a string, true or false, or
    ///   an array of strings, with ``init(json:)``'s message naming the key it was under.
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        let path = decoder.codingPath.map(\.stringValue).joined(separator: ".")
        do throws(CommandError) {
            self = try FormValue(json: JSONField(json, path: path.isEmpty ? "value" : path))
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    /// Writes ``json``.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
