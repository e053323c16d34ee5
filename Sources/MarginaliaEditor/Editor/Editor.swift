import Foundation
import Marginalia

/// The editor engine a UI drives: it owns the session (document, undo, saving), the
/// viewport, the tool settings and the current tool, and turns pointer events and stylus
/// gestures into operations. Every decision a user sees is made here, so it is tested here
/// without a screen; a UI only forwards events and draws ``live``, ``selection`` and the
/// document.
///
/// ```swift
/// let editor = try Editor(session: EditorSession(url: url), viewSize: CGSize(width: 1024, height: 768),
///                         preferencesStore: PreferencesStore(url: prefsURL))
/// editor.select(.draw)
/// for event in events { try editor.handle(event) }
/// try editor.session.save()
/// ```
///
/// Not `Sendable`: one event loop owns an editor.
public final class Editor {
    /// The open document, its undo history and saving.
    public let session: EditorSession
    /// Zoom, scroll, layout and the transform between view and page space.
    public var viewport: Viewport
    /// Every tool setting; change it with ``updatePreferences(_:)`` so it persists.
    public private(set) var preferences: ToolPreferences
    /// Where preferences persist, if anywhere.
    public let preferencesStore: PreferencesStore?
    /// Set when the preferences file was damaged (defaults were used) or could not be written.
    public private(set) var preferencesWarning: String?
    /// The current tool.
    public private(set) var tool: EditorTool = .draw
    /// The tool before the current one (for ``GestureAction/lastTool``).
    public private(set) var previousTool: EditorTool = .select
    /// The selected annotations (Select tool), as they are in the document now.
    public internal(set) var selection: [PDFAnnotation] = []
    /// What to draw for the interaction in progress (the latest pointer's), computed when
    /// asked, so a UI pays for it once a frame rather than once an event.
    public var live: LivePreview? {
        guard let id = livePointer, let interaction = interactions[id] else { return nil }
        switch interaction {
        case .draw(let draw, _, _):
            return .stroke(pageIndex: draw.pageIndex ?? 0, points: draw.preview, preset: draw.preset)
        case .erase(let eraser, let page, let center, _):
            return .eraser(pageIndex: page, center: center, size: eraser.size)
        case .drag(let tool, let page, let start, let current, _, _):
            return dragPreview(tool, pageIndex: page, from: start, to: current).map(LivePreview.annotation)
        case .select(let drag):
            return selectPreview(drag)
        case .gestureOnly:
            return nil
        }
    }
    /// Text the user is typing into a new or existing text box or note.
    public internal(set) var pendingText: PendingText?
    /// The form field being filled in (Form tool).
    public internal(set) var pendingField: PendingField?
    /// Why the last tap on a field did nothing (read-only, locked, a button or signature).
    public internal(set) var formRefusal: FormError?
    /// Which fields the UI highlights (default: those neither read-only nor locked).
    public var formPolicy: any FormFieldPolicy = DefaultFormFieldPolicy()
    /// The PNG or JPEG data the Image tool places next.
    public internal(set) var imageToPlace: (data: Data, size: CGSize)?
    /// The author written into new annotations.
    public var author: String?

    /// How far (view points) the pen may wander and still count as held still.
    public static let holdSlop: CGFloat = 3
    /// How long the pen must be held still at the end of a stroke to recognise a shape.
    public static let holdDuration: TimeInterval = 0.5
    /// How far (view points) a pointer must move before a press becomes a drag.
    public static let dragThreshold: CGFloat = 4
    /// The radius (view points) of the selection's resize handles.
    public static let handleRadius: CGFloat = 12

    var router: InputRouter
    let clock: any EditorClock
    let squeezes: SqueezeRecognizer
    var interactions: [Int: Interaction] = [:]
    /// The pointer whose interaction ``live`` shows (the latest to begin one).
    var livePointer: Int?

    /// An editor on `session` showing every page in a view of `viewSize`, with the
    /// preferences stored at `preferencesStore` (defaults when absent or damaged).
    public init(session: EditorSession, viewSize: CGSize = CGSize(width: 1024, height: 768),
                preferencesStore: PreferencesStore? = nil, clock: any EditorClock = SystemClock()) throws {
        self.session = session
        self.preferencesStore = preferencesStore
        self.clock = clock
        var preferences = ToolPreferences()
        if let preferencesStore {
            let (loaded, warning) = preferencesStore.load()
            preferences = loaded
            preferencesWarning = warning
        }
        self.preferences = preferences
        router = InputRouter(mode: preferences.inputMode)
        squeezes = SqueezeRecognizer(clock: clock, gestures: preferences.gestures)
        viewport = Viewport(pages: try Self.pageGeometries(of: session.document), viewSize: viewSize)
        session.setUndoDepth(preferences.undoDepth)
    }

    static func pageGeometries(of document: PDFDocument) throws -> [PageGeometry] {
        try (0..<document.pageCount).map { PageGeometry(page: try document.page(at: $0)) }
    }

    // MARK: - Tools and preferences

    /// Makes `tool` current; an interaction in progress is cancelled without a trace and any
    /// text being typed is kept (commit or cancel it separately).
    public func select(_ tool: EditorTool) {
        guard tool != self.tool else { return }
        cancelInteractions()
        if tool != .select { selection = [] }
        previousTool = self.tool
        self.tool = tool
    }

    /// Changes settings and writes them to the preferences file. The input mode, gesture map
    /// and undo depth take effect at once.
    public func updatePreferences(_ change: (inout ToolPreferences) -> Void) {
        change(&preferences)
        router.mode = preferences.inputMode
        squeezes.update(from: preferences.gestures)
        session.setUndoDepth(preferences.undoDepth)
        guard let preferencesStore else { return }
        do {
            try preferencesStore.save(preferences)
        } catch {
            preferencesWarning = "could not save preferences to \(preferencesStore.url.path): \(error)"
        }
    }

    /// Gives `gesture` the action `action`; another gesture that had it loses it.
    public func assign(_ action: GestureAction, to gesture: StylusGesture) {
        updatePreferences { $0.gestures.assign(action, to: gesture) }
    }

    // MARK: - Stylus gestures

    /// A double tap on the pen's barrel (or a barrel-button press outside a stroke).
    public func stylusGesture(_ gesture: StylusGesture) throws {
        try perform(preferences.gestures.action(for: gesture))
    }

    /// A squeeze of the pen ended: a double squeeze acts now; a single one acts now when
    /// double squeezes do nothing, else after ``SqueezeRecognizer/doubleSqueezeWindow``
    /// (on a later ``tick()``).
    public func squeezeEnded() throws {
        for gesture in squeezes.squeezeEnded() { try stylusGesture(gesture) }
    }

    /// Lets timed things happen: a single squeeze whose double-squeeze window passed, and
    /// the autosave after a few idle seconds. Call it from a timer or every frame.
    public func tick() throws {
        for gesture in squeezes.tick() { try stylusGesture(gesture) }
        try session.tick()
    }

    /// Does what a gesture's action says.
    public func perform(_ action: GestureAction) throws {
        switch action {
        case .none: break
        // PencilKit's convention: the eraser and the pen, back and forth (lastTool returns).
        case .toggleEraser: select(tool == .erase ? .draw : .erase)
        case .selectTool: select(.select)
        case .drawTool: select(.draw)
        case .eraserTool: select(.erase)
        case .textTool: select(.text)
        case .shapeTool: select(.shape)
        case .lastTool: select(previousTool)
        case .undo: try undo()
        case .redo: try redo()
        }
    }

    // MARK: - Undo, pages, selection

    /// Applies `operation` as one undoable step and keeps the view and selection in step.
    @discardableResult
    public func perform(_ operation: EditorOperation) throws -> EditorOperation {
        let applied = try session.perform(operation)
        try documentChanged(by: applied)
        return applied
    }

    /// Undoes the last step (an interaction in progress is cancelled first).
    @discardableResult
    public func undo() throws -> EditorOperation? {
        cancelInteractions()
        let applied = try session.undo()
        if let applied { try documentChanged(by: applied) }
        return applied
    }

    /// Redoes the last undone step.
    @discardableResult
    public func redo() throws -> EditorOperation? {
        cancelInteractions()
        let applied = try session.redo()
        if let applied { try documentChanged(by: applied) }
        return applied
    }

    /// Inserts a blank page after the current page, the same size as it (one undo step).
    public func insertPageAfterCurrent() throws {
        let current = viewport.currentPage ?? 0
        let applied = try session.insertBlankPage(after: current)
        try documentChanged(by: applied)
        viewport.showPage(current + 1)
    }

    /// Removes the current page (one undo step); the last page cannot be removed.
    public func removeCurrentPage() throws {
        guard try session.document.pageCount > 1 else { throw OperationError.invalid("the only page of a document cannot be removed") }
        let current = viewport.currentPage ?? 0
        let applied = try session.removePage(current)
        try documentChanged(by: applied)
    }

    /// Deletes the selection (one undo step).
    public func deleteSelection() throws {
        guard let operation = SelectionTool.delete(selection) else { return }
        try perform(operation)
        selection = []
    }

    /// Gives the selection a new colour (one undo step).
    public func recolorSelection(_ color: Color) throws {
        if let operation = SelectionTool.recolor(selection, to: color) { try perform(operation) }
    }

    /// Gives the selection a new line width (one undo step).
    public func setSelectionWidth(_ width: Double) throws {
        if let operation = SelectionTool.setWidth(selection, to: width) { try perform(operation) }
    }

    /// After any change: page geometry when pages changed, and the selection re-read.
    func documentChanged(by operation: EditorOperation) throws {
        if operation.changesPages {
            viewport.pages = try Self.pageGeometries(of: session.document)
            selection = []
            return
        }
        selection = try selection.compactMap { selected in
            guard let page = selected.pageIndex else { return nil }
            return try session.document.annotation(id: selected.id, onPage: page)
        }
    }

    /// The crop box of page `index` (page space).
    func pageBounds(_ index: Int) -> CGRect {
        index >= 0 && index < viewport.pages.count ? viewport.pages[index].cropBox : .null
    }
}

extension EditorOperation {
    /// Whether applying this inserts, removes, restores, turns or moves pages.
    var changesPages: Bool {
        switch self {
        case .insertPage, .removePage, .restorePage, .rotatePage, .movePage: return true
        case .group(_, let operations): return operations.contains { $0.changesPages }
        case .addAnnotation, .removeAnnotation, .changeAnnotation, .fillField: return false
        }
    }
}
