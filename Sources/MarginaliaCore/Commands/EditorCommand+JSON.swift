#if !hasFeature(Embedded)
import Foundation
#endif

// The command protocol's JSON, written by hand: explicit keys, checked field by field with
// the path of the first bad one in the error.

extension EditorCommand {
    /// Decodes a command object (`{"type": "move", "ids": [...], "dx": 10, "dy": 0}`).
    ///
    /// The annotations of `add`, `change` and `paste` are read and checked here, once
    /// (``annotation(_:needsID:)``).
    ///
    /// - Throws: ``CommandError/malformed(_:)`` naming the path of the first bad field,
    ///   ``CommandError/invalidAnnotation(_:)`` for a bad field of an annotation, or
    ///   ``CommandError/tooLarge(_:_:)`` when a list is over its limit.
    public init(json field: JSONField) throws(CommandError) {
        let name = try field.member("type").string()
        guard let type = CommandType(rawValue: name) else {
            throw CommandError.malformed("\(field.path).type: unknown command \"\(name)\" (expected one of \(Self.typeNames.joined(separator: ", ")))")
        }
        switch type {
        case .add:
            // One annotation (`annotation`) or several added as one step (`annotations`).
            var annotations: [JSONField] = []
            if let one = try field.optionalMember("annotation") { annotations.append(one) }
            if let many = try field.optionalMember("annotations") { annotations += try many.array(maximumCount: Self.maximumIds) }
            guard !annotations.isEmpty, annotations.count <= Self.maximumIds else {
                throw CommandError.malformed("\(field.path): expected \"annotation\" or a non-empty \"annotations\"")
            }
            var read: [Annotation] = []
            for annotation in annotations { read.append(try Self.annotation(annotation, needsID: false)) }
            self = .add(read)
        case .change:
            self = .change(try Self.annotation(field.member("annotation"), needsID: true))
        case .remove:
            self = .remove(ids: try Self.ids(field))
        case .unlock:
            self = .unlock(ids: try Self.ids(field))
        case .move:
            self = .move(ids: try Self.ids(field), dx: try field.member("dx").coordinate(), dy: try field.member("dy").coordinate())
        case .paste:
            let list = try field.member("annotations").array(maximumCount: Self.maximumIds)
            guard !list.isEmpty else { throw CommandError.malformed("\(field.path).annotations: nothing to paste") }
            var read: [Annotation] = []
            for annotation in list { read.append(try Self.annotation(annotation, needsID: false)) }
            self = .paste(annotations: read, dx: try field.optionalMember("dx")?.coordinate() ?? 0,
                          dy: try field.optionalMember("dy")?.coordinate() ?? 0)
        case .arrange:
            let to = try field.member("to").string()
            guard to == "front" || to == "back" else { throw CommandError.malformed("\(field.path).to: expected \"front\" or \"back\"") }
            self = .arrange(ids: try Self.ids(field), toFront: to == "front")
        case .resize:
            let rect = try field.member("rect").boundedRect()
            self = .resize(id: try field.member("id").string(), rect: rect)
        case .restyle:
            self = .restyle(ids: try Self.ids(field), style: try Self.restyle(field))
        case .stroke:
            self = .stroke(try Self.stroke(field))
        case .erase:
            let mode = try field.optionalMember("mode")?.choice(EraserMode.self) ?? .stroke
            let size = try field.member("size").coordinate()
            guard size > 0 else { throw CommandError.malformed("\(field.path).size: expected a positive number") }
            var points: [CGPoint] = []
            for item in try field.member("points").array(maximumCount: Self.maximumPoints) { points.append(try item.boundedPoint()) }
            guard !points.isEmpty else { throw CommandError.malformed("\(field.path).points: no points") }
            self = .erase(Erase(pageIndex: try field.member("pageIndex").integer(), mode: mode,
                                size: size, points: points))
        case .fill:
            self = .fill(name: try field.member("name").string(), value: try FormValue(json: field.member("value")))
        case .insertPage:
            // A page is 3 to 14,400 points wide and high (ISO 32000-2, Annex C); Letter by default.
            let width = try field.optionalMember("width")?.number(in: Self.blankPageSideRange) ?? Double(Self.blankPageSize.width)
            let height = try field.optionalMember("height")?.number(in: Self.blankPageSideRange) ?? Double(Self.blankPageSize.height)
            self = .insertPage(index: try field.member("index").integer(), width: width, height: height)
        case .removePage:
            self = .removePage(index: try field.member("index").integer())
        case .rotatePage:
            let degrees = try field.member("degrees").integer(in: -3600...3600)
            guard degrees % 90 == 0 else { throw CommandError.malformed("\(field.path).degrees: expected a multiple of 90") }
            self = .rotatePage(index: try field.member("index").integer(), degrees: degrees)
        case .movePage:
            self = .movePage(from: try field.member("from").integer(),
                             to: try field.member("to").integer())
        case .undo: self = .undo
        case .redo: self = .redo
        case .duplicatePages, .insertPages, .rotatePages, .movePages, .removePages:
            self = try Self.pagesCommand(type, field)
        case .reply, .setState, .editReply, .deleteReply:
            self = try Self.comment(type, field)
        }
    }

    private static func ids(_ field: JSONField) throws(CommandError) -> [String] {
        let ids = try field.member("ids").strings(maximumCount: maximumIds)
        guard !ids.isEmpty else { throw CommandError.malformed("\(field.path).ids: no annotations named") }
        return ids
    }

    private static func restyle(_ field: JSONField) throws(CommandError) -> Restyle {
        var style = Restyle()
        style.color = try field.optionalMember("color")?.color()
        if let width = try field.optionalMember("width")?.number() {
            guard Restyle.widthRange.contains(width) else { throw CommandError.malformed("\(field.path).width: expected \(Restyle.widthRange.spelled) points") }
            style.width = width
        }
        if let opacity = try field.optionalMember("opacity")?.number() {
            guard Restyle.opacityRange.contains(opacity) else { throw CommandError.malformed("\(field.path).opacity: expected \(Restyle.opacityRange.spelled)") }
            style.opacity = opacity
        }
        if let fill = try field.optionalMember("fill") {
            style.fill = try fill.string() == "none" ? Restyle.Fill.none : .color(try fill.color())
        }
        if let size = try field.optionalMember("fontSize")?.number() {
            guard Restyle.fontSizeRange.contains(size) else { throw CommandError.malformed("\(field.path).fontSize: expected \(Restyle.fontSizeRange.spelled) points") }
            style.fontSize = size
        }
        style.bold = try field.optionalMember("bold")?.bool()
        style.italic = try field.optionalMember("italic")?.bool()
        style.family = try field.optionalMember("family")?.choice(Restyle.FontFamily.self)
        style.alignment = try field.optionalMember("alignment")?.choice(Restyle.TextAlignment.self)
        style.icon = try field.optionalMember("icon")?.choice(NoteIcon.self)
        guard !style.isEmpty else {
            throw CommandError.malformed("\(field.path): nothing to change (color, width, opacity, fill, fontSize, bold, italic, family, alignment or icon)")
        }
        return style
    }

    private static func stroke(_ field: JSONField) throws(CommandError) -> Stroke {
        let list = try field.member("points").array(maximumCount: maximumPoints)
        guard !list.isEmpty else { throw CommandError.malformed("\(field.path).points: no points") }
        var samples: [StrokeSample] = []
        samples.reserveCapacity(list.count)
        for item in list {
            let n = try item.numbers(count: 2...4, what: "[x, y], [x, y, pressure] or [x, y, pressure, time]")
            guard CoordinateLimit.contains(n[0]), CoordinateLimit.contains(n[1]) else {
                throw item.problem("expected [x, y] with numbers \(CoordinateLimit.description)")
            }
            samples.append(StrokeSample(point: CGPoint(x: n[0], y: n[1]), pressure: n.count > 2 ? n[2] : 1,
                                        time: n.count > 3 ? n[3] : 0))
        }
        let ink = try field.optionalMember("ink").map { (ink) throws(CommandError) -> InkPreset in try InkPreset(json: ink) } ?? .pen
        let zoom = try field.optionalMember("zoom")?.number(in: 0...1000) ?? 1
        guard zoom > 0 else { throw CommandError.malformed("\(field.path).zoom: expected a positive number") }
        return Stroke(pageIndex: try field.member("pageIndex").integer(), samples: samples, ink: ink,
                      zoom: zoom, recognizeShape: try field.optionalMember("recognizeShape")?.bool() ?? false,
                      author: try field.optionalMember("author")?.string())
    }

    /// The command as JSON, with the protocol's keys.
    public var json: JSONValue {
        var pairs: [(String, JSONValue?)] = [("type", .string(type.rawValue))]
        switch self {
        case .add(let annotations):
            if annotations.count == 1 {
                pairs.append(("annotation", Self.json(of: annotations[0])))
            } else {
                pairs.append(("annotations", .array(annotations.map { Self.json(of: $0) })))
            }
        case .change(let annotation):
            pairs.append(("annotation", Self.json(of: annotation)))
        case .remove(let ids), .unlock(let ids):
            pairs.append(("ids", .strings(ids)))
        case .move(let ids, let dx, let dy):
            pairs += [("ids", .strings(ids)), ("dx", .number(dx)), ("dy", .number(dy))]
        case .paste(let annotations, let dx, let dy):
            pairs += [("annotations", .array(annotations.map { Self.json(of: $0) })), ("dx", .number(dx)), ("dy", .number(dy))]
        case .arrange(let ids, let toFront):
            pairs += [("ids", .strings(ids)), ("to", .string(toFront ? "front" : "back"))]
        case .resize(let id, let rect):
            pairs += [("id", .string(id)), ("rect", .rect(rect))]
        case .restyle(let ids, let style):
            pairs += [("ids", .strings(ids)), ("color", style.color.map { .string($0.hex) }),
                      ("width", style.width.map { .number($0) }), ("opacity", style.opacity.map { .number($0) })]
            switch style.fill {
            case .none?: pairs.append(("fill", .string("none")))
            case .color(let color)?: pairs.append(("fill", .string(color.hex)))
            case nil: break
            }
            pairs += [("fontSize", style.fontSize.map { .number($0) }), ("bold", style.bold.map { .bool($0) }),
                      ("italic", style.italic.map { .bool($0) }), ("family", style.family.map { .string($0.rawValue) }),
                      ("alignment", style.alignment.map { .string($0.rawValue) }), ("icon", style.icon.map { .string($0.rawValue) })]
        case .stroke(let stroke):
            pairs += [("pageIndex", .number(Double(stroke.pageIndex))),
                      ("points", .array(stroke.samples.map { s in
                          .array([.number(Double(s.point.x)), .number(Double(s.point.y)), .number(s.pressure), .number(s.time)])
                      })),
                      ("ink", stroke.ink.json), ("zoom", .number(stroke.zoom)),
                      ("recognizeShape", .bool(stroke.recognizeShape)), ("author", stroke.author.map { .string($0) })]
        case .erase(let erase):
            pairs += [("pageIndex", .number(Double(erase.pageIndex))), ("mode", .string(erase.mode.rawValue)),
                      ("size", .number(erase.size)), ("points", .array(erase.points.map { .point($0) }))]
        case .fill(let name, let value):
            pairs += [("name", .string(name)), ("value", value.json)]
        case .insertPage(let index, let width, let height):
            pairs += [("index", .number(Double(index))), ("width", .number(width)), ("height", .number(height))]
        case .removePage(let index):
            pairs.append(("index", .number(Double(index))))
        case .rotatePage(let index, let degrees):
            pairs += [("index", .number(Double(index))), ("degrees", .number(Double(degrees)))]
        case .movePage(let from, let to):
            pairs += [("from", .number(Double(from))), ("to", .number(Double(to)))]
        case .reply, .setState, .editReply, .deleteReply:
            pairs += commentPairs
        case .duplicatePages, .insertPages, .rotatePages, .movePages, .removePages:
            pairs += pagesFields
        case .undo, .redo:
            break
        }
        return .object(omittingNils: pairs)
    }
}
