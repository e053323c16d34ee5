#if !hasFeature(Embedded)
import Foundation
#endif

/// The editor's decisions, Foundation-free: what each pointer event does with the current
/// tool (draw, erase, select, move, resize, place), what to show while it happens, and
/// which commands (``EditorCommand``) it ends in. The native editor (MarginaliaEditor's
/// `Editor`) applies those commands to its document; the browser runs this same engine as
/// WebAssembly and sends them to the server. Neither decides anything the engine decides.
///
/// The engine keeps what it needs of the document: the pages' geometry (``viewport``), every
/// annotation (the one ``Annotation`` value: ``upsert(_:)``, ``remove(id:)``) and the form widgets. The UI
/// keeps it in step after every change the document makes, its own or anyone else's.
///
/// Not `Sendable`: one event loop owns an engine.
public final class EditorEngine {
    /// Zoom, scroll, layout and the transform between view and page space.
    public var viewport: Viewport
    /// Every tool setting (``updatePreferences(_:)`` applies a change).
    public private(set) var preferences: ToolPreferences
    public private(set) var tool: EditorTool = .draw
    /// The tool before the current one (for ``GestureAction/lastTool`` and toggling the eraser).
    public private(set) var previousTool: EditorTool = .select
    /// The selected annotations' ids, all on ``selectionPage``.
    public internal(set) var selection: [String] = []
    /// The page the selection is on.
    public internal(set) var selectionPage: Int?
    /// The pixel size of the image the Image tool places next (the UI holds its bytes).
    public var imageToPlace: CGSize?
    /// The form fields' widgets, for the Form tool.
    public var widgets: [FieldWidget] = []
    /// Who uses the editor: the author of everything its commands make (nil: nobody named).
    public var user: String?
    /// The annotations as a reviewer sees them (the list, comment threads, review states).
    public let review = ReviewIndex()
    /// The links of the pages, for the Select tool (a tap on one follows it).
    public var links: [PageLink] = []
    /// Whether the form fields the highlight policy picks are marked on the pages (a tint and
    /// an outline): while the Form tool is active, and with every tool once the user turned
    /// ``ToolPreferences/highlightFields`` on. Otherwise a page shows only what the file
    /// draws, as other viewers show it.
    public var marksFormFields: Bool { tool == .form || preferences.highlightFields }

    /// How far (view points) the pen may wander and still count as held still.
    public static let holdSlop: CGFloat = 3
    /// How long the pen must be held still at the end of a stroke to recognise a shape.
    public static let holdDuration: Double = 0.5
    /// How far (view points) a pointer must move before a press becomes a drag.
    public static let dragThreshold: CGFloat = 4
    /// The radius (view points) of the selection's resize handles.
    public static let handleRadius: CGFloat = 12
    /// How far (view points) from a stroke a tap still selects it.
    public static let tapTolerance: CGFloat = 4
    /// How far (view points) beside a page a stroke may begin and still go onto that page
    /// (the nearest one), its points clipped to it: a pen set down in the gap between pages
    /// or in the viewer's margin, as the seed's viewer takes it. Farther away it draws nothing.
    public static let strokeReach: CGFloat = 24
    /// Default width of a text box made by a tap.
    public static let tappedTextBoxWidth: CGFloat = 200

    var router: InputRouter
    let clock: any EditorClock
    let squeezes: SqueezeRecognizer
    var indexes: [AnnotationGeometryIndex] = []
    /// The page of each annotation, by id.
    var pageOf: [String: Int] = [:]
    var interactions: [Int: EngineInteraction] = [:]
    /// The pointer whose interaction ``preview`` shows (the latest to begin one).
    var livePointer: Int?
    /// Two fingers resizing the selected image (``EditorEngine/pinchResize``), or nil.
    var pinching: PinchResize?

    public init(pages: [PageGeometry], viewSize: CGSize, preferences: ToolPreferences = ToolPreferences(),
                clock: any EditorClock) {
        self.viewport = Viewport(pages: pages, viewSize: viewSize, layout: preferences.pageLayout.viewportLayout(showing: 0))
        self.preferences = preferences
        self.clock = clock
        router = InputRouter(mode: preferences.inputMode)
        squeezes = SqueezeRecognizer(clock: clock, gestures: preferences.gestures)
        indexes = pages.map { _ in AnnotationGeometryIndex() }
        router.fingerUsesTool = !tool.marksPage
    }

    // MARK: - The document's state

    /// New page geometry (pages inserted, removed, turned or moved): the annotations and links
    /// are forgotten (set them again) and the selection is cleared.
    public func setPages(_ pages: [PageGeometry]) {
        cancelInteractions()
        viewport.pages = pages
        indexes = pages.map { _ in AnnotationGeometryIndex() }
        pageOf = [:]
        links = []
        clearSelection()
    }

    /// Replaces every annotation (each on its own page; those on pages that do not exist are
    /// left out).
    public func setAnnotations(_ annotations: [Annotation]) {
        indexes = viewport.pages.map { _ in AnnotationGeometryIndex() }
        pageOf = [:]
        for annotation in annotations { upsert(annotation) }
        keepSelectionValid()
    }

    /// Adds an annotation on top of its page, or updates it in place when known.
    public func upsert(_ annotation: Annotation) {
        if let old = pageOf[annotation.id], old != annotation.page, indexes.indices.contains(old) {
            indexes[old].remove(id: annotation.id)
            pageOf[annotation.id] = nil
        }
        guard indexes.indices.contains(annotation.page) else { return }
        indexes[annotation.page].update(annotation)
        pageOf[annotation.id] = annotation.page
    }

    /// Moves an annotation to `position` in its page's stacking order (0 is the bottom).
    public func arrange(id: String, position: Int) {
        guard let page = pageOf[id], indexes.indices.contains(page) else { return }
        indexes[page].move(id: id, toPosition: position)
    }

    public func remove(id: String) {
        guard let page = pageOf.removeValue(forKey: id), indexes.indices.contains(page) else { return }
        indexes[page].remove(id: id)
        if selection.contains(id) {
            selection.removeAll { $0 == id }
            if selection.isEmpty { selectionPage = nil }
        }
    }

    /// The annotation with this id, if known.
    public func annotation(id: String) -> Annotation? {
        guard let page = pageOf[id], indexes.indices.contains(page) else { return nil }
        return indexes[page].annotation(id: id)
    }

    /// The index of page `index`'s annotations.
    public func annotations(onPage index: Int) -> AnnotationGeometryIndex? {
        indexes.indices.contains(index) ? indexes[index] : nil
    }

    /// The crop box of page `index` (page space), or null.
    public func pageBounds(_ index: Int) -> CGRect {
        viewport.pages.indices.contains(index) ? viewport.pages[index].cropBox : .null
    }

    // MARK: - Tools and preferences

    /// Makes `tool` current; an interaction in progress is cancelled without a trace, and any
    /// tool but Select clears the selection.
    public func select(_ tool: EditorTool) {
        guard tool != self.tool else { return }
        cancelInteractions()
        if tool != .select { clearSelection() }
        previousTool = self.tool
        self.tool = tool
        router.fingerUsesTool = !tool.marksPage
    }

    /// Takes new settings; the input mode, the gesture map and the page layout (keeping the
    /// current page in view) take effect at once.
    public func updatePreferences(_ preferences: ToolPreferences) {
        self.preferences = preferences
        router.mode = preferences.inputMode
        squeezes.update(from: preferences.gestures)
        viewport.choose(preferences.pageLayout)
    }

    // MARK: - Stylus gestures

    /// A double tap on the pen's barrel (or a barrel-button press outside a stroke).
    public func stylusGesture(_ gesture: StylusGesture) -> [EngineOutput] {
        perform(preferences.gestures.action(for: gesture))
    }

    /// A squeeze of the pen ended (see ``SqueezeRecognizer``).
    public func squeezeEnded() -> [EngineOutput] {
        squeezes.squeezeEnded().flatMap { stylusGesture($0) }
    }

    /// Lets timed things happen (a single squeeze whose double-squeeze window passed).
    public func tick() -> [EngineOutput] {
        squeezes.tick().flatMap { stylusGesture($0) }
    }

    /// Does what a gesture's action says: a tool change, or undo and redo (as commands).
    public func perform(_ action: GestureAction) -> [EngineOutput] {
        let before = tool
        switch action {
        case .none: return []
        // PencilKit's convention: the eraser and the pen, back and forth (lastTool returns).
        case .toggleEraser: select(tool == .erase ? .draw : .erase)
        case .selectTool: select(.select)
        case .drawTool: select(.draw)
        case .eraserTool: select(.erase)
        case .textTool: select(.text)
        case .shapeTool: select(.shape)
        case .lastTool: select(previousTool)
        case .undo:
            cancelInteractions()
            return [.command(.undo)]
        case .redo:
            cancelInteractions()
            return [.command(.redo)]
        }
        return tool == before ? [] : [.toolChanged]
    }

    /// Abandons every interaction in progress without a trace.
    public func cancelInteractions() {
        interactions.removeAll()
        livePointer = nil
        pinching = nil
    }
}
