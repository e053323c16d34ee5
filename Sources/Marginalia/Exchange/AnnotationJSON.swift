import Foundation
import MarginaliaCore

/// The project's annotation JSON (docs/annotations-json.md): `{"annotations": [...]}`, one
/// object per annotation with `type`, `pageIndex`, `id`, `rect` and the fields of its type,
/// coordinates in page space.
public enum AnnotationJSON {
    /// Encodes annotations (every subtype; the ones Marginalia cannot create come with their
    /// common fields and their PDF subtype as `type`, lowercased).
    public static func encode(_ annotations: [PDFAnnotation]) throws -> Data {
        let document = Document(annotations: annotations)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document)
    }

    /// Decodes annotations to add to a document: new ones (``PDFAnnotation/init(creating:)``),
    /// with a new id when one has none and the time of reading for the dates left out.
    ///
    /// - Throws: ``AnnotationJSONError`` naming the JSON path of the first bad value
    ///   (`annotations[2].paths[0][1]`).
    public static func decode(_ data: Data) throws -> [PDFAnnotation] {
        try decodeKeepingText(data).annotations
    }

    /// Decodes as ``decode(_:)`` does, and hands back what was read on the way (the parsed
    /// JSON, one array per point), for a caller about to exit to keep rather than free:
    /// freeing it took "ink" a seventh of its time (docs/benchmarks.md). A caller that goes
    /// on running uses ``decode(_:)``.
    ///
    /// - Throws: as ``decode(_:)``.
    public static func decodeKeepingText(_ data: Data) throws -> (annotations: [PDFAnnotation], text: Any) {
        let document: JSONValue
        do {
            document = try JSONParser.parse([UInt8](data))
        } catch {
            throw AnnotationJSONError(path: "", message: "not JSON: \(error.description)")
        }
        let read = try fields(in: document)
        var annotations: [PDFAnnotation] = []
        annotations.reserveCapacity(read.count)
        for (index, fields) in read.enumerated() {
            let path = "annotations[\(index)]"
            let value = try Annotation(checking: fields, path: path)
            try value.checkNewValues(keeping: nil, path: path)
            annotations.append(PDFAnnotation(creating: value))
        }
        return (annotations, ReadText(document: document, fields: read))
    }

    /// What ``decodeKeepingText(_:)`` read on the way to its annotations.
    private struct ReadText {
        let document: JSONValue
        let fields: [AnnotationJSONFields]
    }

    /// Reads one annotation from JSON already parsed (an operation's `annotation`, read by the
    /// engine core's ``JSONParser``), by the checks of ``decode(_:)`` but as it was written: no
    /// date is made up for it (``PDFAnnotation/init(reading:path:)``).
    ///
    /// - Throws: ``AnnotationJSONError`` naming `path` and the bad value's place under it.
    public static func annotation(from json: JSONValue, path: String) throws -> PDFAnnotation {
        try PDFAnnotation(reading: AnnotationJSONFields(json: json, path: path), path: path)
    }

    /// The JSON `type` of an annotation (`ink`, `freeText`, `note`...; other subtypes lowercased).
    public static func typeName(of annotation: PDFAnnotation) -> String {
        annotation.kind.jsonType
    }

    /// The most annotations one file may hold.
    public static let maximumAnnotations = 100_000
    /// The most points one annotation may hold.
    public static let maximumPoints = Annotation.maximumPoints

    struct Document: Encodable {
        var annotations: [PDFAnnotation]
    }
}
