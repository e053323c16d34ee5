#if !hasFeature(Embedded)
import Foundation
#endif

/// Reading an annotation from the annotation JSON (docs/annotations-json.md): the browser's
/// engine learns the document's annotations this way, from the same objects the server's
/// API answers with. The shared properties but the dates are read (the engine decides
/// nothing by them), tolerantly: a subtype the model does not know is kept as `.other`, and
/// what a file another application wrote may hold is taken as it is. A new annotation is read
/// by the checked reading, ``init(checking:path:)``, which reads every field.
extension Annotation {
    /// The most points one annotation may hold (the annotation JSON's limit).
    public static let maximumPoints = 1_000_000

    /// The annotation of one annotation JSON object, which must have an `id` and a
    /// `pageIndex`.
    ///
    /// - Throws: ``CommandError/malformed(_:)`` naming the first bad field.
    public init(json field: JSONField) throws(CommandError) {
        let type = try field.member("type").string()
        let id = try field.member("id").string()
        let pageIndex = try field.member("pageIndex").integer(in: 0...Int(Int32.max))
        var border = AnnotationBorder(width: try field.optionalMember("width")?.number() ?? 1)
        if let style = try field.optionalMember("borderStyle") {
            guard let known = AnnotationBorder.Style(jsonName: try style.string()) else {
                throw style.problem(AnnotationBorder.Style.expectedNames)
            }
            border.style = known
        }
        if let dash = try field.optionalMember("dash") { border.dashPattern = try dash.numbers(count: 0...Self.maximumPoints, what: "a dash pattern") }
        var flags: Flags = []
        if let names = try field.optionalMember("flags")?.strings(maximumCount: 32) {
            for name in names {
                if let flag = AnnotationFlags.jsonNames.first(where: { $0.0 == name })?.1 { flags.insert(flag) }
            }
        }
        let kind = try AnnotationKind(json: field, type: type)
        let rect = try field.optionalMember("rect")?.rect() ?? Self.bounds(of: kind, lineWidth: border.width)
        self.init(id: id, pageIndex: pageIndex, kind: kind, rect: rect, color: try field.optionalMember("color")?.color(),
                  interiorColor: try field.optionalMember("fill")?.color(),
                  opacity: try field.optionalMember("opacity")?.number() ?? 1, border: border,
                  contents: try field.optionalMember("contents")?.string(), author: try field.optionalMember("author")?.string(),
                  subject: try field.optionalMember("subject")?.string(), flags: flags,
                  inReplyTo: try field.optionalMember("inReplyTo")?.string(),
                  replyType: (try field.optionalMember("replyType")?.string()).flatMap(ReplyType.init(jsonName:)) ?? .reply,
                  state: try Self.state(field))
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

    /// `state` and `stateModel` (the model inferred from the state when absent).
    static func state(_ field: JSONField) throws(CommandError) -> AnnotationState? {
        let state = try field.optionalMember("state")?.string()
        let model = try field.optionalMember("stateModel")?.string()
        guard state != nil || model != nil else { return nil }
        let resolvedModel = model ?? state.flatMap { AnnotationState.model(ofState: $0) } ?? AnnotationState.reviewModel
        return AnnotationState(model: resolvedModel, state: state ?? AnnotationState.defaultState(ofModel: resolvedModel))
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
