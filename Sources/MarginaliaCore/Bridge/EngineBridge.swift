#if !hasFeature(Embedded)
import Foundation
#endif

/// The engine behind one JSON call at a time: how the browser's editor talks to the engine
/// core compiled to WebAssembly (Web/js/engine.js; docs/engine.md lists the calls). Each
/// call is `{"call": NAME, ...arguments}` and answers an object: the call's result, or
/// `{"error": MESSAGE}`, with the refusal's `reason` and `args` where it has one (``Reason``).
///
/// It is plain Swift, not a WebAssembly detail: natively the same bridge runs the parity
/// fixtures (Tests/Fixtures/parity), so the browser's engine and the native one are shown to
/// answer the same calls with the same JSON.
public final class EngineBridge {
    /// The engine's clock: the time of the latest event (the browser's clock, in seconds).
    final class EventClock: EditorClock {
        var now: Double = 0
    }

    let clock = EventClock()
    var engine: EditorEngine
    /// How many samples of the live stroke the browser has drawn (pieces are sent once).
    var strokeDrawn: (pointer: Int, count: Int)?
    var strokeFollowsPressure = false
    /// The latest binary answer of a pointer event (``pointer(numbers:)``): its numbers and the
    /// path text they count, kept between events so their storage is reused.
    var binaryAnswer: [Double] = []
    var binaryText: [UInt8] = []
    /// The words of the pages the browser gave (``PageWords``), by page index; dropped when the
    /// document or its pages change.
    var pageWords: [Int: PageWords] = [:]
    /// Each page's label from `setPages` (nil where it has none): the page box's (`pageEntry`).
    var pageLabels: [String?] = []
    /// The open document's annotations (their JSON, in drawing order) at a revision of its log:
    /// the browser's one copy, which feeds ``engine``'s geometry and review index
    /// (EngineBridge+Annotations.swift).
    var store = AnnotationStore()

    public init() {
        engine = EditorEngine(pages: [], viewSize: .zero, clock: clock)
    }

    /// Answers one call given as JSON text.
    public func call(_ request: [UInt8]) -> [UInt8] {
        let json: JSONValue
        do throws(JSONSyntaxError) {
            json = try JSONParser.parse(request)
        } catch {
            return JSONWriter.bytes(.object([("error", .string(error.description))]))
        }
        do throws(CommandError) {
            return JSONWriter.bytes(try call(JSONField(json, path: "")))
        } catch {
            return Self.errorAnswer(error)
        }
    }

    /// A refused call's answer: `{"error": MESSAGE}`, with the refusal's `reason` and `args`.
    static func errorAnswer(_ error: CommandError) -> [UInt8] {
        JSONWriter.bytes(.object(JSONObject(pairs: [("error", .string(error.message))] + (error.reason?.members ?? []))))
    }

    /// Answers one call.
    public func call(_ request: JSONField) throws(CommandError) -> JSONValue {
        let name = try request.member("call").string()
        switch name {
        case "init":
            let user = engine.user  // who uses the editor stays when another document opens
            engine = EditorEngine(pages: try Self.pages(request.member("pages")), viewSize: try Self.size(request.optionalMember("viewSize")),
                                  preferences: ToolPreferences(json: request.value["preferences"] ?? .null), clock: clock)
            engine.user = user
            strokeDrawn = nil
            pageWords = [:]
            pageLabels = try Self.labels(request.member("pages"))
            _ = store.set([], revision: 0)  // stamps keep growing: a kept stamp never names other JSON
            return viewportJSON()
        case "setPages":
            engine.setPages(try Self.pages(request.member("pages")))
            pageLabels = try Self.labels(request.member("pages"))
            pageWords = [:]
            _ = store.set([], revision: 0)  // forgotten with the geometry: the list is given again
            return viewportJSON()
        case "setWidgets":
            var widgets: [FieldWidget] = []
            for item in try request.member("widgets").array() {
                widgets.append(FieldWidget(name: try item.member("name").string(), pageIndex: try item.member("pageIndex").integer(),
                                           rect: try item.member("rect").rect()))
            }
            engine.widgets = widgets
            return .object([])
        case "setLinks":
            // One page's links, replacing those it had.
            let page = try request.member("pageIndex").integer()
            var links = engine.links.filter { $0.pageIndex != page }
            for item in try request.member("links").array() {
                links.append(PageLink(id: try item.member("id").string(), pageIndex: page, rect: try item.member("rect").rect()))
            }
            engine.links = links
            return .object([])
        case "preferences":
            return engine.preferences.json
        case "defaultPreferences":
            return ToolPreferences().json
        case "setPreferences":
            engine.updatePreferences(ToolPreferences(json: request.value["preferences"] ?? .null))
            return engine.preferences.json
        case "assignGesture":
            var preferences = engine.preferences
            preferences.gestures.assign(try request.member("action").choice(GestureAction.self),
                                        to: try request.member("gesture").choice(StylusGesture.self))
            engine.updatePreferences(preferences)
            return engine.preferences.json
        case "setTool":
            engine.select(try request.member("tool").choice(EditorTool.self))
            return stateJSON()
        case "toolChanges":
            // The change each tool makes, which a certified document must allow (EditorTool.certifiedChange).
            return .object([("tools", .object(EditorTool.allCases.map { tool in
                (tool.rawValue, tool.certifiedChange.map { .string($0.rawValue) } ?? .null)
            }))])
        case "fieldMarks":
            return .object([("shown", .bool(engine.marksFormFields))])
        case "gesture":
            return outputs(engine.perform(try request.member("action").choice(GestureAction.self)))
        case "stylusGesture":
            return outputs(engine.stylusGesture(try request.member("gesture").choice(StylusGesture.self)))
        case "tick":
            clock.now = try request.member("time").number()
            return outputs(engine.tick())
        case "pointer":
            var all: [EngineOutput] = []
            for event in try request.member("events").array() { all += engine.handle(try pointerEvent(event)) }
            return outputs(all)
        case "cancel":
            engine.cancelInteractions()
            return outputs([])
        case "viewport":
            return viewportJSON()
        case "setViewport":
            try setViewport(request)
            return viewportJSON()
        case "openingPlace":
            return try openingPlace(request)
        case "toPage":
            guard let (page, point) = engine.viewport.convertToPage(try request.member("point").point()) else { return .object([]) }
            return .object([("pageIndex", .integer(page)), ("point", .point(point))])
        case "selection":
            return selectionJSON()
        case "select":
            engine.selectAnnotations(try request.member("ids").strings())
            return selectionJSON()
        case "deleteSelection":
            return outputs(engine.deleteSelection())
        case "restyleSelection":
            var style = request.value
            if case .object(var object) = style { object["type"] = .string(CommandType.restyle.rawValue); object["ids"] = .strings(["-"]); style = .object(object) }
            guard case .restyle(_, let restyle) = try EditorCommand(json: JSONField(style, path: "style")) else { return outputs([]) }
            return outputs(engine.restyleSelection(restyle))
        case "arrangeSelection":
            let to = try request.member("to").string()
            guard to == "front" || to == "back" else { throw CommandError.malformed("to: expected \"front\" or \"back\"") }
            return outputs(engine.arrangeSelection(toFront: to == "front"))
        case "paste":
            let annotations = try request.member("annotations").array(maximumCount: EditorCommand.maximumIds).map { $0.value }
            let command = engine.pasteCommand(annotations, toPage: try request.member("pageIndex").integer(),
                                              samePage: try request.optionalMember("samePage")?.bool() ?? false,
                                              count: try request.optionalMember("count")?.integer(in: 0...10_000) ?? 0)
            return outputs(command.map { [.command($0)] } ?? [])
        case "pasteText":
            return outputs(engine.pasteTextCommand(try request.member("text").string()).map { [.command($0)] } ?? [])
        case "pasteImage":
            return outputs(engine.pasteImage(size: try Self.size(request.member("size"))))
        case "clearMarkup":
            return outputs(engine.clearMarkupCommand(page: try request.member("pageIndex").integer()))
        case "nudgeSelection":
            return outputs(engine.nudgeSelection(dx: try request.member("dx").number(), dy: try request.member("dy").number()))
        case "setImageToPlace":
            let size = try request.optionalMember("size")?.numbers(count: 2...2, what: "[width, height]")
            engine.imageToPlace = size.map { CGSize(width: $0[0], height: $0[1]) }
            return .object([])
        case "textCommand":
            let textRequest = try Self.textRequest(request.member("request"))
            let text = try request.member("text").string()
            return .object(omittingNils: [("command", engine.textCommand(for: textRequest, text: text).map { attributed($0).json })])
        case "inkPaths":
            return try Self.inkPaths(Annotation(json: request.member("annotation")))
        case "annotationDrawing":
            return try Self.annotationDrawingJSON(request.member("annotation"))
        case "textBoxLayout":
            return try textBoxLayoutJSON(request)
        case "textBoxCaret":
            return try textBoxCaretJSON(request)
        case "textBoxLineMove":
            return try textBoxLineMoveJSON(request)
        case "fontFace":
            return try fontFaceJSON(request)
        case "brushSample":
            return try brushSample(request)
        case "visibleArea":
            guard let (page, rect) = engine.visibleArea else { return .object([]) }
            return .object([("pageIndex", .integer(page)), ("rect", .rect(rect))])
        case "pressSelectsText":
            let kind = try request.member("kind").choice(PointerEvent.Kind.self)
            let shift = try request.optionalMember("shift")?.bool() ?? false
            return .object([("selectsText", .bool(engine.pressSelectsText(atView: try request.member("point").point(), kind: kind, shift: shift)))])
        case "longPressSelectsText":
            let selects = engine.longPressSelectsText(pointerID: try request.member("id").integer(), atView: try request.member("point").point())
            return .object([("selectsText", .bool(selects))])
        case "keyboardOrder":
            return keyboardOrderJSON(page: try request.member("pageIndex").integer())
        case "widgetOrder":
            return .object([("widgets", .array(engine.widgetOrder.map { widget in
                .object([("name", .string(widget.name)), ("pageIndex", .integer(widget.pageIndex)), ("rect", .rect(widget.rect))])
            }))])
        case "hitTest":
            let page = try request.member("pageIndex").integer()
            return .object(omittingNils: [("id", engine.hitTest(try request.member("point").point(), onPage: page).map { .string($0.id) })])
        case "screenPlacements":
            // The annotations of a page that keep their size on screen, and where to draw them.
            let placements = engine.screenPlacements(onPage: try request.member("pageIndex").integer())
            return .object([("placements", .array(placements.map { .object([("id", .string($0.annotation.id)), ("matrix", .matrix($0.placement))]) }))])
        case "benchFinishStroke":
            return benchFinishStroke(points: try request.member("points").integer(in: 2...1_000_000))
        case "benchStrokes":
            return benchStrokes(count: try request.member("count").integer(in: 1...1_000_000))
        case "selectPages", "pageDropSlot", "pageCommand", "blankPage":
            return try pagesCall(name, request)
        case "checkCommand":
            let command = try EditorCommand(json: request.member("command"))
            try command.check(pageCount: engine.viewport.pages.count) { self.engine.annotation(id: $0) }
            return .object([("ok", .bool(true))])
        default:
            if let answer = try annotationsCall(name, request) { return answer }
            if let answer = try reviewCall(name, request) { return answer }
            if let answer = try stylingCall(name, request) { return answer }
            if let answer = vocabularyCall(name) { return answer }
            if let answer = settingRangesCall(name) { return answer }
            if let answer = try imageCall(name, request) { return answer }
            if let answer = try textCall(name, request) { return answer }
            if let answer = try pageEntryCall(name, request) { return answer }
            if let answer = try signatureCall(name, request) { return answer }
            throw CommandError.malformed("call: unknown call \"\(name)\"")
        }
    }
}
