import Foundation

/// Reading annotation JSON: the text is parsed by the engine core's ``JSONParser`` (the parser
/// the command protocol uses), and each annotation is read by the core's one reading
/// (``AnnotationJSONFields``, ``Annotation/init(checking:path:reading:)``), with errors that name the
/// JSON path (`annotations[2].paths[0][1]`). Foundation's `JSONDecoder` with `Codable` took a
/// third of `marginalia annotate` on 200 strokes of 300 points.
extension AnnotationJSON {
    /// The fields of each annotation of a whole file: `{"annotations": [...]}`.
    static func fields(in document: JSONValue) throws(AnnotationJSONError) -> [AnnotationJSONFields] {
        guard case .object(let object) = document else {
            throw AnnotationJSONError(path: "", message: "expected an object with \"annotations\"")
        }
        guard let list = object["annotations"] else {
            throw AnnotationJSONError(path: "annotations", message: "missing")
        }
        guard case .array(let items) = list else {
            throw AnnotationJSONError(path: "annotations", message: "expected a list of annotations")
        }
        guard items.count <= maximumAnnotations else {
            throw AnnotationJSONError(path: "annotations", message: "more than \(maximumAnnotations) annotations")
        }
        var read: [AnnotationJSONFields] = []
        read.reserveCapacity(items.count)
        for (index, item) in items.enumerated() { read.append(try AnnotationJSONFields(json: item, path: "annotations[\(index)]")) }
        return read
    }
}
