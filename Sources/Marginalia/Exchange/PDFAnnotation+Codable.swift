import Foundation

/// An annotation encodes as one object of the project's annotation JSON
/// (docs/annotations-json.md), so operations and the server carry annotations in the same
/// form as files do: the core's one writing (``AnnotationJSONFields/write(to:)``) into the
/// encoder's container (an encoder that does not sort keys, the API's, writes them in its
/// own dictionary's order, which changes from run to run: docs/engine.md). Decoding is only a bridge for the `Codable` types that hold annotations
/// (the operation log's `EditorOperation`): the value is read as JSON and handed to the core's
/// one reading (``AnnotationJSONFields``, ``Annotation/init(checking:path:reading:)``), as the
/// decoder's ``CodingUserInfoKey/annotationJSONReading`` says: by default as Marginalia keeps it
/// (``AnnotationJSONReading/kept``: the log, autosave). Subtypes Marginalia cannot create encode
/// but do not decode.
extension CodingUserInfoKey {
    /// How a decoder reads the annotations it decodes (an ``AnnotationJSONReading``):
    /// ``AnnotationJSONReading/kept`` when not set; ``AnnotationJSONReading/checked`` for what a
    /// client sends (the requests of protocol 0), which may not give what only a file's may have.
    public static let annotationJSONReading = CodingUserInfoKey(rawValue: "annotationJSONReading")!
}

extension PDFAnnotation: Codable {
    public init(from decoder: any Decoder) throws {
        do {
            let mode = decoder.userInfo[.annotationJSONReading] as? AnnotationJSONReading ?? .kept
            let fields = try AnnotationJSONFields(json: try DecodedJSON(from: decoder).value, path: "annotation")
            self = try PDFAnnotation(reading: fields, path: "annotation", mode: mode)
        } catch let error as AnnotationJSONError {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var sink = EncodingSink(container: encoder.container(keyedBy: EncodingSink.Key.self))
        jsonFields.write(to: &sink)
        if let failure = sink.failure { throw failure }
    }

    /// The fields of the annotation JSON that write this annotation: its value's, and
    /// `foreignAppearance` (what only a file has).
    var jsonFields: AnnotationJSONFields {
        AnnotationJSONFields(annotation, foreignAppearance: hasForeignAppearance)
    }
}

extension PDFAnnotation {
    /// The annotation JSON of an annotation as a document lists it (`GET …/annotations`):
    /// ``PDFAnnotation``'s encoding and `object`, the annotation's object in the file the list
    /// was read from, as PDF writes a reference (`"12 0 R"`). A viewer drawing that file pairs
    /// its own annotations with the list by it (the browser editor: pdf.js's `id` names the
    /// same object), whatever `/NM` they have or lack. Left out for an annotation without an
    /// object of its own (a dictionary written directly in `/Annots`). Read-only: written in
    /// lists, never read.
    public struct Listed: Encodable, Sendable {
        /// The annotation, as read from its file (its ``PDFAnnotation/reference`` included).
        public var annotation: PDFAnnotation

        public init(_ annotation: PDFAnnotation) {
            self.annotation = annotation
        }

        /// The key of the annotation's object in the list's JSON.
        public static let objectKey = "object"

        public func encode(to encoder: any Encoder) throws {
            var sink = EncodingSink(container: encoder.container(keyedBy: EncodingSink.Key.self))
            annotation.jsonFields.write(to: &sink)
            if let failure = sink.failure { throw failure }
            if let reference = annotation.reference {
                try sink.container.encode(reference.description, forKey: EncodingSink.Key(stringValue: Self.objectKey))
            }
        }
    }
}

/// Encodes each member into a keyed container, as a synthesized `Encodable` would (numbers
/// as `Double`, whole ones as `Int`); the first error the container throws is kept for
/// ``PDFAnnotation/encode(to:)`` to throw, and nothing more is encoded.
private struct EncodingSink: AnnotationJSONSink {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    var container: KeyedEncodingContainer<Key>
    var failure: (any Error)?

    private mutating func encode<Value: Encodable>(_ value: Value, _ key: AnnotationJSONKey) {
        // After a refusal the encoder is not to be used again (swift-foundation traps).
        guard failure == nil else { return }
        do {
            try container.encode(value, forKey: Key(stringValue: key.rawValue))
        } catch {
            failure = error
        }
    }

    mutating func write(_ key: AnnotationJSONKey, string: String) { encode(string, key) }
    mutating func write(_ key: AnnotationJSONKey, strings: [String]) { encode(strings, key) }
    mutating func write(_ key: AnnotationJSONKey, integer: Int) { encode(integer, key) }
    mutating func write(_ key: AnnotationJSONKey, number: Double) { encode(number, key) }
    mutating func write(_ key: AnnotationJSONKey, bool: Bool) { encode(bool, key) }
    mutating func write(_ key: AnnotationJSONKey, numbers: [Double]) { encode(numbers, key) }
    mutating func write(_ key: AnnotationJSONKey, numberLists: [[Double]]) { encode(numberLists, key) }
    mutating func write(_ key: AnnotationJSONKey, pointLists: [[[Double]]]) { encode(pointLists, key) }
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
