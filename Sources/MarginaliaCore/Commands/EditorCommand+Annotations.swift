#if !hasFeature(Embedded)
import Foundation
#endif

// The annotations `add`, `change` and `paste` carry: read and checked once, when the command is
// read, by the core's one checked reading; written back by its one writing.

extension EditorCommand {
    /// The path the annotations of a command are named by in errors (`annotation.opacity: ...`),
    /// whichever list they came in: what the server has always answered.
    static let annotationPath = "annotation"

    /// One annotation of a command: an object with a `type` and a `pageIndex` (and an `id`,
    /// for a change), then every field by the core's checked reading
    /// (``Annotation/init(checking:path:reading:)``): the defaults a new annotation takes, no id when
    /// it gives none (``EditorCommand/add(_:)`` and ``EditorCommand/paste(annotations:dx:dy:)``
    /// make one), no dates it does not give.
    ///
    /// - Throws: ``CommandError/malformed(_:)`` naming `field`'s path when it is no annotation
    ///   object, ``CommandError/invalidAnnotation(_:)`` naming the first bad field.
    static func annotation(_ field: JSONField, needsID: Bool) throws(CommandError) -> Annotation {
        guard case .object = field.value else { throw field.problem("expected an annotation object") }
        _ = try field.member("type").string()
        _ = try field.member("pageIndex").integer()
        if needsID { _ = try field.member("id").string() }
        do throws(AnnotationJSONError) {
            return try Annotation(checking: AnnotationJSONFields(json: field.value, path: annotationPath), path: annotationPath)
        } catch {
            throw CommandError.invalidAnnotation(error)
        }
    }

    /// The command that adds the annotations of `drafts` (annotation JSON the engine made), as
    /// one step; nil when one of them is refused by the checked reading.
    static func adding(_ drafts: [JSONValue]) -> EditorCommand? {
        var annotations: [Annotation] = []
        for draft in drafts {
            guard let annotation = try? annotation(JSONField(draft, path: annotationPath), needsID: false) else { return nil }
            annotations.append(annotation)
        }
        return annotations.isEmpty ? nil : .add(annotations)
    }

    /// An annotation of a command as annotation JSON, by the core's one writing
    /// (``AnnotationJSONFields/write(to:)``): the `id` left out while it has none, and the
    /// colour while it is its kind's default, which the reading takes back exactly (`#FFD933`
    /// would read as another yellow than the default's 0.85 green).
    static func json(of annotation: Annotation) -> JSONValue {
        var sink = JSONValueSink()
        AnnotationJSONFields(annotation, foreignAppearance: false).write(to: &sink)
        let defaultColor = annotation.color == Annotation.defaultColor(of: annotation.kind)
        return .object(sink.members.filter { member in
            switch member.0 {
            case AnnotationJSONKey.id.rawValue: return !annotation.id.isEmpty
            case AnnotationJSONKey.color.rawValue: return !defaultColor
            default: return true
            }
        })
    }
}

/// Collects the members ``AnnotationJSONFields/write(to:)`` sends, in its order, as JSON values.
private struct JSONValueSink: AnnotationJSONSink {
    var members: [(String, JSONValue)] = []

    private static func numbers(_ values: [Double]) -> JSONValue { .array(values.map { .number($0) }) }

    mutating func write(_ key: AnnotationJSONKey, string: String) { members.append((key.rawValue, .string(string))) }
    mutating func write(_ key: AnnotationJSONKey, strings: [String]) { members.append((key.rawValue, .strings(strings))) }
    mutating func write(_ key: AnnotationJSONKey, integer: Int) { members.append((key.rawValue, .integer(integer))) }
    mutating func write(_ key: AnnotationJSONKey, number: Double) { members.append((key.rawValue, .number(number))) }
    mutating func write(_ key: AnnotationJSONKey, bool: Bool) { members.append((key.rawValue, .bool(bool))) }
    mutating func write(_ key: AnnotationJSONKey, numbers: [Double]) { members.append((key.rawValue, Self.numbers(numbers))) }
    mutating func write(_ key: AnnotationJSONKey, numberLists: [[Double]]) {
        members.append((key.rawValue, .array(numberLists.map { Self.numbers($0) })))
    }
    mutating func write(_ key: AnnotationJSONKey, pointLists: [[[Double]]]) {
        members.append((key.rawValue, .array(pointLists.map { list in .array(list.map { Self.numbers($0) }) })))
    }
}
