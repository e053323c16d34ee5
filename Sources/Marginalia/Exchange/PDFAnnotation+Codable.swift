import Foundation

/// An annotation encodes as one object of the project's annotation JSON
/// (docs/annotations-json.md), so operations and the server carry annotations in the same
/// form as files do. Decoding is only a bridge for the `Codable` types that hold annotations
/// (the operation log's `EditorOperation`): the value is read as JSON and handed to the core's
/// one reading (``AnnotationJSONFields``, ``Annotation/init(checking:path:)``). Subtypes
/// Marginalia cannot create encode but do not decode.
extension PDFAnnotation: Codable {
    public init(from decoder: any Decoder) throws {
        do {
            let fields = try AnnotationJSONFields(json: try DecodedJSON(from: decoder).value, path: "annotation")
            self = try PDFAnnotation(reading: fields, path: "annotation")
        } catch let error as AnnotationJSONError {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try AnnotationJSON.Record(self).encode(to: encoder)
    }
}

/// Any JSON value read from a `Decoder`, for annotations inside other JSON.
private struct DecodedJSON: Decodable {
    let value: JSONValue

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() { value = .null; return }
            if let flag = try? container.decode(Bool.self) { value = .bool(flag); return }
            if let number = try? container.decode(Double.self) { value = .number(number); return }
            if let text = try? container.decode(String.self) { value = .string(text); return }
        }
        if var list = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !list.isAtEnd { items.append(try list.decode(DecodedJSON.self).value) }
            value = .array(items)
            return
        }
        let object = try decoder.container(keyedBy: Key.self)
        value = .object(try object.allKeys.map { ($0.stringValue, try object.decode(DecodedJSON.self, forKey: $0).value) })
    }
}
