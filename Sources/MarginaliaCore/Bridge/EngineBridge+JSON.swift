#if !hasFeature(Embedded)
import Foundation
#endif

// The bridge's JSON: reading pages, events and log entries; writing outputs, previews, the
// viewport and the selection.

extension EngineBridge {
    // MARK: - Reading

    /// The most pages the engine lays out.
    static let maximumPageCount = 1_000_000

    /// `[{"box": [x1, y1, x2, y2], "rotation": 90}, ...]` (the API's page objects).
    static func pages(_ field: JSONField) throws(CommandError) -> [PageGeometry] {
        var pages: [PageGeometry] = []
        for item in try field.array(maximumCount: maximumPageCount) {
            let box = try item.member("box").rect()
            pages.append(PageGeometry(size: box.size, origin: box.origin, rotation: try item.optionalMember("rotation")?.integer() ?? 0))
        }
        return pages
    }

    static func size(_ field: JSONField?) throws(CommandError) -> CGSize {
        guard let numbers = try field?.numbers(count: 2...2, what: "[width, height]") else { return .zero }
        return CGSize(width: numbers[0], height: numbers[1])
    }

    /// A pointer event: `{"id", "kind", "phase", "x", "y", "pressure", "t"` (seconds)`,
    /// "tilt", "eraser", "barrel", "shift", "coalesced": [[x, y, pressure, t]...],
    /// "predicted": [...]}`, view coordinates.
    func pointerEvent(_ field: JSONField) throws(CommandError) -> PointerEvent {
        let time = try field.optionalMember("t")?.number() ?? clock.now
        clock.now = time
        func samples(_ key: String) throws(CommandError) -> [PointerSample] {
            guard let list = try field.optionalMember(key) else { return [] }
            var result: [PointerSample] = []
            for item in try list.array(maximumCount: 10_000) {
                let n = try item.numbers(count: 2...4, what: "[x, y, pressure, time]")
                result.append(PointerSample(location: CGPoint(x: n[0], y: n[1]), pressure: n.count > 2 ? n[2] : 0.5,
                                            timestamp: n.count > 3 ? n[3] : time))
            }
            return result
        }
        let sample = PointerSample(location: CGPoint(x: try field.member("x").number(), y: try field.member("y").number()),
                                   pressure: try field.optionalMember("pressure")?.number() ?? 0.5,
                                   tilt: try field.optionalMember("tilt")?.number(), timestamp: time)
        return PointerEvent(pointerID: try field.member("id").integer(), kind: try field.member("kind").choice(PointerEvent.Kind.self),
                            phase: try field.member("phase").choice(PointerEvent.Phase.self), sample: sample,
                            coalesced: try samples("coalesced"), predicted: try samples("predicted"),
                            isEraserEnd: try field.optionalMember("eraser")?.bool() ?? false,
                            barrelButton: try field.optionalMember("barrel")?.bool() ?? false,
                            shiftKey: try field.optionalMember("shift")?.bool() ?? false)
    }

    static func textRequest(_ field: JSONField) throws(CommandError) -> TextRequest {
        let page = try field.member("pageIndex").integer()
        let target = try field.member("target")
        switch try target.member("kind").string() {
        case "newTextBox": return TextRequest(pageIndex: page, target: .newTextBox(rect: try target.member("rect").rect()))
        case "newNote": return TextRequest(pageIndex: page, target: .newNote(at: try target.member("point").point()))
        default: return TextRequest(pageIndex: page, target: .existing(id: try target.member("id").string()))
        }
    }

    func setViewport(_ field: JSONField) throws(CommandError) {
        if let size = try field.optionalMember("viewSize") { engine.viewport.viewSize = try Self.size(size) }
        if let layout = try field.optionalMember("layout") {
            // The preferences keep the user's choice; this sets the view's alone (a test, a print).
            engine.viewport.choose(try layout.choice(PageLayout.self))
        }
        if let zoom = try field.optionalMember("zoom")?.number() {
            if let anchor = try field.optionalMember("anchor")?.point() {
                engine.viewport.zoom(to: zoom, anchor: anchor)
            } else {
                engine.viewport.zoom = zoom
            }
        }
        if let offset = try field.optionalMember("offset")?.point() { engine.viewport.contentOffset = offset }
        if try field.optionalMember("fitWidth")?.bool() == true { engine.viewport.fitWidth() }
        if try field.optionalMember("fitAutomatic")?.bool() == true { engine.viewport.fitAutomatic() }
        if let page = try field.optionalMember("fitPage")?.integer() { engine.viewport.fitPage(page) }
        if let page = try field.optionalMember("showPage")?.integer() { engine.viewport.showPage(page) }
        if let rotation = try field.optionalMember("viewRotation")?.integer() { engine.viewport.setViewRotation(rotation) }
        if let forward = try field.optionalMember("turnPage")?.bool() { engine.viewport.turnPage(forward: forward) }
    }

    /// `openingPlace`: where the editor's layout will show the page a document opens at, before
    /// the document's pages are known: `{zoom, frame: [x, y, width, height]}`, the zoom and the
    /// page's frame in the view (view points: the frame's origin less the offset, plus the
    /// centring inset) once `pageCount` pages the size of `page` (`{box, rotation?}`) are laid out
    /// in a view of `viewSize` and the `setViewport` request `view` (`fitAutomatic`, `fitWidth`,
    /// `zoom`, `showPage`...) is applied; the frame is that of page `view.showPage` (0 when it
    /// names none). Laid out in a viewport of its own: the engine's own view, pages and state
    /// are left as they were. The early page (earlypage.js) is drawn by it while the editor
    /// still starts; pages of other sizes, unknown there, can move the editor's page from it.
    func openingPlace(_ request: JSONField) throws(CommandError) -> JSONValue {
        let box = try request.member("page").member("box").rect()
        let page = PageGeometry(size: box.size, origin: box.origin,
                                rotation: try request.member("page").optionalMember("rotation")?.integer() ?? 0)
        let count = try request.member("pageCount").integer(in: 1...Self.maximumPageCount)
        let view = try request.member("view")
        let index = try view.optionalMember("showPage")?.integer(in: 0...(count - 1)) ?? 0
        let kept = engine.viewport
        defer { engine.viewport = kept }
        engine.viewport = Viewport(pages: Array(repeating: page, count: count), viewSize: try Self.size(request.member("viewSize")))
        try setViewport(view)
        let v = engine.viewport
        let frame = v.contentFrame(ofPage: index).offsetBy(dx: v.centringInset.x - v.contentOffset.x, dy: v.centringInset.y - v.contentOffset.y)
        return .object([("zoom", .number(Double(v.zoom))),
                         ("frame", .array([frame.minX, frame.minY, frame.width, frame.height].map { .number(Double($0)) }))])
    }

    // MARK: - Writing

    /// The engine's outputs, the preview to draw and the state a UI redraws from.
    func outputs(_ list: [EngineOutput]) -> JSONValue {
        var items: [JSONValue] = []
        var viewChanged = false
        for output in list {
            switch output {
            case .command(let command):
                items.append(.object([("type", .string("command")), ("command", attributed(command).json)]))
            case .editText(let request):
                items.append(.object([("type", .string("editText")), ("request", Self.json(request))]))
            case .activateField(let name, let page, let rect):
                items.append(.object([("type", .string("activateField")), ("name", .string(name)), ("pageIndex", .integer(page)),
                                      ("rect", .rect(rect))]))
            case .placeImage(let page, let rect):
                items.append(.object([("type", .string("placeImage")), ("pageIndex", .integer(page)), ("rect", .rect(rect))]))
            case .markText(let page, let from, let to), .markRedaction(let page, let from, let to):
                let type = if case .markText = output { "markText" } else { "markRedaction" }
                items.append(.object([("type", .string(type)), ("pageIndex", .integer(page)), ("from", .point(from)),
                                      ("to", .point(to))]))
            case .refused(let error):
                items.append(.object([("type", .string("refused")), ("reason", .string(Self.reason(error))),
                                      ("message", .string(error.message))]))
            case .toolChanged:
                items.append(.object([("type", .string("toolChanged")), ("tool", .string(engine.tool.rawValue))]))
            case .selectionChanged:
                items.append(.object([("type", .string("selectionChanged"))]))
            case .viewChanged:
                viewChanged = true
            case .followLink(let id):
                items.append(.object([("type", .string("followLink")), ("id", .string(id))]))
            }
        }
        return .object(omittingNils: [("outputs", .array(items)), ("preview", previewJSON()),
                                      ("viewport", viewChanged ? viewportJSON() : nil)])
    }

    static func reason(_ error: CommandError) -> String {
        switch error {
        case .locked: return "locked"
        case .readOnly: return "readOnly"
        case .malformed, .invalidAnnotation: return "malformed"
        case .tooLarge: return "tooLarge"
        case .pageOutOfRange: return "pageOutOfRange"
        case .unknownAnnotation: return "unknownAnnotation"
        case .notAllowed: return "notAllowed"
        case .notAuthor: return "notAuthor"
        }
    }

    static func json(_ request: TextRequest) -> JSONValue {
        let target: JSONValue
        switch request.target {
        case .newTextBox(let rect): target = .object([("kind", .string("newTextBox")), ("rect", .rect(rect))])
        case .newNote(let point): target = .object([("kind", .string("newNote")), ("point", .point(point))])
        case .existing(let id): target = .object([("kind", .string("existing")), ("id", .string(id))])
        }
        return .object([("pageIndex", .integer(request.pageIndex)), ("target", target)])
    }

    /// The preview (nil when nothing is in progress). A stroke sends the pieces the browser
    /// has not drawn yet (`append`; `reset` when everything must be drawn again) and its
    /// predicted tail.
    func previewJSON() -> JSONValue? {
        guard let preview = engine.preview else {
            strokeDrawn = nil
            return nil
        }
        switch preview {
        case .stroke(let page, let stroke) where stroke.preset.brush != .pen:
            strokeDrawn = nil
            return Self.brushedStrokeJSON(page: page, stroke)
        case .stroke(let page, let stroke):
            let (reset, append) = strokePieces(stroke)
            return .object([("type", .string("stroke")), ("pageIndex", .integer(page)),
                            ("color", .string(stroke.preset.paintHex)), ("opacity", .number(stroke.preset.opacity)),
                            ("reset", .bool(reset)), ("append", .string(append.svgPathData())),
                            ("tail", .string(stroke.tail.svgPathData()))])
        case .eraser(let page, let center, let size, let removed, let cut):
            let pieces: [JSONValue] = cut.compactMap { effect in
                guard case .cut(let id, let paths, let pressures) = effect, let original = engine.annotation(id: id) else { return nil }
                var remaining = original
                remaining.kind = .ink(AnnotationKind.Ink(paths: paths, pressures: pressures, brush: original.brush))
                return .object([("id", .string(id)), ("paths", Self.inkPaths(remaining)["paths"] ?? .array([]))])
            }
            return .object([("type", .string("eraser")), ("pageIndex", .integer(page)), ("center", .point(center)),
                            ("size", .number(size)), ("removed", .strings(removed)), ("cut", .array(pieces))])
        case .draft(let page, let annotation):
            return .object([("type", .string("draft")), ("pageIndex", .integer(page)), ("annotation", annotation)])
        case .lasso(let page, let points):
            return .object([("type", .string("lasso")), ("pageIndex", .integer(page)), ("points", .array(points.map { .point($0) }))])
        case .rubberBand(let page, let rect):
            return .object([("type", .string("rubberBand")), ("pageIndex", .integer(page)), ("rect", .rect(rect))])
        case .transform(let page, let ids, let t):
            return .object([("type", .string("transform")), ("pageIndex", .integer(page)), ("ids", .strings(ids)),
                            ("matrix", .matrix(t))])
        }
    }

    /// The pieces of a pen stroke's preview the browser has not drawn yet, and whether it must
    /// start over (`reset`: another pointer's stroke, or the widths began to follow pressure);
    /// notes them as drawn. The one bookkeeping of the JSON answer (`previewJSON`) and the
    /// binary one (``pointer(samples:)``).
    func strokePieces(_ stroke: StrokePreview) -> (reset: Bool, append: BezierPath) {
        let pointer = engine.livePointer ?? -1
        var from = 0
        var reset = true
        if let drawn = strokeDrawn, drawn.pointer == pointer, drawn.count <= stroke.samples.count,
           stroke.followsPressure == strokeFollowsPressure {
            from = drawn.count
            reset = false
        }
        strokeDrawn = (pointer, stroke.samples.count)
        strokeFollowsPressure = stroke.followsPressure
        return (reset, stroke.pieces(from: from))
    }

    /// How the ink of `annotation` is drawn: one path per stroke, filled (pressure) or
    /// stroked with `width` (``InkOutline``).
    /// Brushed ink: the brush's layers, each `{d, filled, width?, cap?, dash?, alpha,
    /// blendMode?}` (``brushedInkJSON(brush:paths:pressures:width:)``).
    static func inkPaths(_ annotation: Annotation) -> JSONValue {
        guard case .ink(let ink) = annotation.kind else { return .object([("paths", .array([]))]) }
        if ink.brush != .pen {
            return brushedInkJSON(brush: ink.brush, paths: ink.paths, pressures: ink.pressures, width: annotation.lineWidth)
        }
        let drawn: [JSONValue] = ink.paths.enumerated().map { index, points in
            let stroke = InkOutline.path(points: points, pressures: ink.pressures.map { index < $0.count ? $0[index] : [] },
                                         width: annotation.lineWidth)
            return .object([("d", .string(stroke.path.svgPathData(decimals: 3))), ("filled", .bool(stroke.filled))])
        }
        return .object([("paths", .array(drawn)), ("width", .number(annotation.lineWidth))])
    }

    /// The layout a viewer draws: the layout's name, the zoom, the scroll offset, the
    /// content's size and inset, each page's frame in content coordinates, its page-to-frame
    /// transform and whether the layout shows it (a single page shows one).
    func viewportJSON() -> JSONValue {
        let v = engine.viewport
        let inset = v.centringInset
        let shown = v.shownSinglePage
        let pages: [JSONValue] = v.pages.indices.map { index in
            let frame = v.contentFrame(ofPage: index)
            let t = v.pageToFrame(index)
            return .object([("frame", .array([frame.minX, frame.minY, frame.width, frame.height].map { .number(Double($0)) })),
                            ("matrix", .matrix(t)), ("shown", .bool(shown == nil || shown == index))])
        }
        return .object([("layout", .string(PageLayout(v.layout).rawValue)), ("zoom", .number(Double(v.zoom))), ("offset", .point(v.contentOffset)),
                        ("contentSize", .array([.number(Double(v.contentSize.width)), .number(Double(v.contentSize.height))])),
                        ("inset", .point(inset)), ("currentPage", v.currentPage.map { .integer($0) } ?? .null),
                        ("pages", .array(pages))])
    }

    func selectionJSON() -> JSONValue {
        .object(omittingNils: [("pageIndex", engine.selectionPage.map { .integer($0) }), ("ids", .strings(engine.selection)),
                               ("bounds", engine.selectionBounds.map { .rect($0) }),
                               ("handles", .array(engine.selectionHandles.map { .point($0) })),
                               ("changeable", .bool(engine.selectedAnnotations.allSatisfy { EditorCommand.isChangeable($0) }))])
    }

    func stateJSON() -> JSONValue {
        .object([("tool", .string(engine.tool.rawValue)), ("previousTool", .string(engine.previousTool.rawValue))])
    }
}
