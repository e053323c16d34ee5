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
    /// a `pageIndex`. `field.path` names it in errors (`annotation 7f3a.opacity: expected a
    /// number`).
    ///
    /// - Throws: ``CommandError/malformed(_:)`` naming the first bad field.
    public init(json field: JSONField) throws(CommandError) {
        self = try Self.lenient(field)
    }

    private static func lenient(_ field: JSONField) throws(CommandError) -> Annotation {
        do throws(AnnotationJSONError) {
            let fields = try AnnotationJSONFields(json: field.value, path: field.path, reading: .lenient)
            return try Annotation(fields: fields, path: field.path, reading: .lenient)
        } catch {
            throw CommandError.malformed(error.description)
        }
    }

    /// A `quads` list: eight numbers per quadrilateral, corners in /QuadPoints order.
    static func quads(_ list: JSONField) throws(CommandError) -> [[CGPoint]] {
        var quads: [[CGPoint]] = []
        for quad in try list.array(maximumCount: Self.maximumPoints) {
            let n = try quad.numbers(count: 8...8, what: "eight numbers (a quadrilateral)")
            quads.append([CGPoint(x: n[0], y: n[1]), CGPoint(x: n[2], y: n[3]), CGPoint(x: n[4], y: n[5]), CGPoint(x: n[6], y: n[7])])
        }
        return quads
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
