#if !hasFeature(Embedded)
import Foundation
#endif

/// The engine's reading of an annotation from the annotation JSON (docs/annotations-json.md):
/// the browser's engine learns the document's annotations this way, from the same objects the
/// server's API answers with. It is the one reading in its lenient mode
/// (``AnnotationJSONReading/lenient``): a subtype the model does not know is kept as
/// `.other`, and what a file another application wrote may hold is taken as it is, as
/// ``AnnotationJSONLeniency`` lists.
extension Annotation {
    /// The most points one annotation may hold (the annotation JSON's limit).
    public static let maximumPoints = 1_000_000

    /// The annotation of one annotation JSON object, read leniently; it must have an `id` and
    /// a `pageIndex` (a whole number from 0 to 2147483647), the engine keeping annotations by
    /// them. `field.path` names it in errors (`annotation 7f3a.opacity: expected a number`).
    ///
    /// - Throws: ``CommandError/malformed(_:)`` naming the first bad field.
    public init(json field: JSONField) throws(CommandError) {
        self = try Self.lenient(field, placed: true)
    }

    /// The annotation of one annotation JSON object, read leniently. `placed`: whether it
    /// must have an `id` and a `pageIndex`, as an annotation the engine keeps must; the
    /// bridge's `annotationDrawing` keeps nothing and draws drafts, which have neither.
    ///
    /// - Throws: ``CommandError/malformed(_:)`` naming the first bad field.
    static func lenient(_ field: JSONField, placed: Bool) throws(CommandError) -> Annotation {
        do throws(AnnotationJSONError) {
            let fields = try AnnotationJSONFields(json: field.value, path: field.path, reading: .lenient)
            if placed { try fields.checkPlace(path: field.path) }
            return try Annotation(fields: fields, path: field.path, reading: .lenient)
        } catch {
            throw CommandError.malformed(error.description)
        }
    }

    /// The bounds of a kind's points grown by the line width, for JSON without a `rect`.
    static func bounds(of kind: AnnotationKind, lineWidth: Double) -> CGRect {
        var points: [CGPoint] = []
        switch kind {
        case .ink(let ink): for path in ink.paths { points.append(contentsOf: path) }
        case .line(let line): points = [line.start, line.end]
        case .polygon(let vertices): points = vertices
        case .polyLine(let polyLine): points = polyLine.vertices
        case .textMarkup(_, let quads): for quad in quads { points.append(contentsOf: quad.points) }
        case .redact(let redact): for quad in redact.quads { points.append(contentsOf: quad.points) }
        default: return .null
        }
        guard let first = points.first else { return .null }
        var box = CGRect(origin: first, size: .zero)
        for point in points { box = box.union(CGRect(origin: point, size: .zero)) }
        return box.insetBy(dx: -CGFloat(lineWidth), dy: -CGFloat(lineWidth))
    }
}

extension AnnotationJSONFields {
    /// Refuses an annotation the engine could not keep: one without an `id`, or without a
    /// `pageIndex` the WebAssembly build's 32-bit `Int` holds.
    ///
    /// - Throws: ``AnnotationJSONError`` naming the field under `path`.
    fileprivate func checkPlace(path: String) throws(AnnotationJSONError) {
        guard id != nil else { throw AnnotationJSONError(path: "\(path).id", message: "missing") }
        guard let page = pageIndex else { throw AnnotationJSONError(path: "\(path).pageIndex", message: "missing") }
        guard Int64(page) <= Int64(Int32.max) else {
            throw AnnotationJSONError(path: "\(path).pageIndex", message: "expected a whole number from 0 to \(Int32.max)")
        }
    }
}
