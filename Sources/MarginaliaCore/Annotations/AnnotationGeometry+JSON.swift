#if !hasFeature(Embedded)
import Foundation
#endif

/// Reading the geometry from the annotation JSON (docs/annotations-json.md): the browser's
/// engine learns the document's annotations this way, from the same objects the server's
/// API answers with.
extension AnnotationGeometry {
    /// The most points one annotation may hold (the annotation JSON's limit).
    public static let maximumPoints = 1_000_000

    /// The geometry of one annotation JSON object, which must have an `id` and a `pageIndex`.
    ///
    /// - Throws: ``CommandError/malformed(_:)`` naming the first bad field.
    public init(json field: JSONField) throws(CommandError) {
        let type = try field.member("type").string()
        let id = try field.member("id").string()
        let pageIndex = try field.member("pageIndex").integer(in: 0...Int(Int32.max))
        let width = try field.optionalMember("width")?.number() ?? 1
        let filled = try field.optionalMember("fill") != nil
        var flags: Flags = []
        if let names = try field.optionalMember("flags")?.strings(maximumCount: 32) {
            for name in names {
                if let flag = Flags.names.first(where: { $0.0 == name })?.1 { flags.insert(flag) }
            }
        }
        let kind: Kind
        var brush = InkBrush.pen
        switch AnnotationSubtype(jsonType: type).flatMap({ $0.entry.isModelled ? $0 : nil }) {
        case .ink?:
            brush = try field.optionalMember("brush")?.choice(InkBrush.self) ?? .pen
            var paths: [[CGPoint]] = []
            for path in try field.member("paths").array(maximumCount: Self.maximumPoints) {
                paths.append(try path.points(maximumCount: Self.maximumPoints))
            }
            var pressures: [[Double]]?
            if let list = try field.optionalMember("pressures") {
                var all: [[Double]] = []
                for item in try list.array(maximumCount: Self.maximumPoints) {
                    var values: [Double] = []
                    for value in try item.array(maximumCount: Self.maximumPoints) { values.append(try value.number()) }
                    all.append(values)
                }
                pressures = all
            }
            kind = .ink(paths: paths, pressures: pressures)
        case .square?: kind = .square
        case .circle?: kind = .circle
        case .line?:
            let points = try field.member("points").points(maximumCount: 2)
            guard points.count == 2 else { throw field.problem("a line has exactly two points") }
            kind = .line(start: points[0], end: points[1])
        case .polygon?: kind = .polygon(try field.member("points").points(maximumCount: Self.maximumPoints))
        case .polyLine?: kind = .polyline(try field.member("points").points(maximumCount: Self.maximumPoints))
        case .highlight?, .underline?, .strikeOut?, .squiggly?:
            kind = .markup(type: type, quads: try Self.quads(field.member("quads")))
        case .redact?:
            // Over an area a mark has no quads: its rect is the area.
            kind = .redact(quads: try field.optionalMember("quads").map { (list) throws(CommandError) in try Self.quads(list) } ?? [])
        case .freeText?: kind = .freeText
        case .note?: kind = .note
        case .stamp?: kind = .stamp
        default: kind = .other(type: type)
        }
        let rect = try field.optionalMember("rect")?.rect() ?? Self.bounds(of: kind, lineWidth: width)
        self.init(id: id, pageIndex: pageIndex, kind: kind, rect: rect, lineWidth: width, filled: filled, flags: flags,
                  author: try field.optionalMember("author")?.string(), inReplyTo: try field.optionalMember("inReplyTo")?.string(),
                  replyType: try field.optionalMember("replyType")?.string() == "group" ? .group : .reply,
                  state: try Self.state(field), brush: brush)
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
    static func bounds(of kind: Kind, lineWidth: Double) -> CGRect {
        let points: [CGPoint]
        switch kind {
        case .ink(let paths, _): points = paths.flatMap { $0 }
        case .line(let start, let end): points = [start, end]
        case .polygon(let vertices), .polyline(let vertices): points = vertices
        case .markup(_, let quads), .redact(let quads): points = quads.flatMap { $0 }
        default: return .null
        }
        guard let first = points.first else { return .null }
        var box = CGRect(origin: first, size: .zero)
        for point in points { box = box.union(CGRect(origin: point, size: .zero)) }
        return box.insetBy(dx: -CGFloat(lineWidth), dy: -CGFloat(lineWidth))
    }
}
