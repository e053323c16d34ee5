import Foundation

/// A form value as Codable JSON, for the operation log (EditorOperation+JSON): the core's one
/// reading and writing (``FormValue/init(json:)``, ``FormValue/json``), called through
/// ``JSONValue``, not a second coding.
extension FormValue: Codable {
    /// Reads the value with ``init(json:)``.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when it is none of a string, true or false, or
    ///   an array of strings.
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        do {
            self = try FormValue(json: JSONField(json, path: "value"))
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "a form value is a string, true or false, or an array of strings"))
        }
    }

    /// Writes ``json``.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
