import Foundation
import Marginalia

/// The editor a native UI drives: the engine core's decisions (``EditorEngine``, the same
/// engine the browser runs as WebAssembly) applied to an open document. It owns the session
/// (document, undo, saving), keeps the engine in step with the document, applies the
/// commands the engine's decisions end in, and keeps what only a native UI needs (the text
/// being typed, the field being filled, the image's bytes). A UI forwards events and draws
/// ``live``, ``selection`` and the document.
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
    /// The decisions: tools, input routing, selection, previews.
    public let engine: EditorEngine
    /// Where preferences persist, if anywhere.
    public let preferencesStore: PreferencesStore?
    /// Set when the preferences file was damaged (defaults were used) or could not be written.
    public private(set) var preferencesWarning: String?
    /// Text the user is typing into a new or existing text box or note.
    public internal(set) var pendingText: PendingText?
    /// The form field being filled in (Form tool).
    public internal(set) var pendingField: PendingField?
    /// Why the last tap on a field did nothing (read-only, locked, a button or signature).
    public internal(set) var formRefusal: FormError?
    /// Why the last gesture changed nothing (a locked or read-only annotation), for the UI to say.
    public internal(set) var refusal: CommandError?
    /// Which fields the UI highlights (default: those neither read-only nor locked).
    public var formPolicy: any FormFieldPolicy = DefaultFormFieldPolicy()
    /// The PNG or JPEG data the Image tool places next.
    public internal(set) var imageToPlace: (data: Data, size: CGSize)?
    /// What Copy or Cut took last (``copySelection()``), pasted by ``paste(toPage:)``.
    public internal(set) var clipboard: EditorClipboard?
    /// The author written into new annotations.
    public var author: String?

    /// How far (view points) the pen may wander and still count as held still.
    public static let holdSlop = EditorEngine.holdSlop
    /// How long the pen must be held still at the end of a stroke to recognise a shape.
    public static let holdDuration: TimeInterval = EditorEngine.holdDuration
    /// How far (view points) a pointer must move before a press becomes a drag.
    public static let dragThreshold = EditorEngine.dragThreshold
    /// The radius (view points) of the selection's resize handles.
    public static let handleRadius = EditorEngine.handleRadius

    let clock: any EditorClock

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
        engine = EditorEngine(pages: try Self.pageGeometries(of: session.document), viewSize: viewSize,
                              preferences: preferences, clock: clock)
        session.setUndoDepth(preferences.undoDepth)
        try resynchronise()
    }

    static func pageGeometries(of document: PDFDocument) throws -> [PageGeometry] {
        try (0..<document.pageCount).map { PageGeometry(page: try document.page(at: $0)) }
    }

    // MARK: - The engine's state, as the editor's API

    /// Zoom, scroll, layout and the transform between view and page space.
    public var viewport: Viewport {
        get { engine.viewport }
        set { engine.viewport = newValue }
    }

    /// Every tool setting; change it with ``updatePreferences(_:)`` so it persists.
    public var preferences: ToolPreferences { engine.preferences }
    /// The current tool.
    public var tool: EditorTool { engine.tool }
    /// The tool before the current one (for ``GestureAction/lastTool`` and toggling the eraser).
    public var previousTool: EditorTool { engine.previousTool }

    /// The selected annotations (Select tool), as they are in the document now.
    public var selection: [PDFAnnotation] {
        guard let page = engine.selectionPage else { return [] }
        return engine.selection.compactMap { try? session.document.annotation(id: $0, onPage: page) }
    }

    /// Selects these annotations (by id, on one page).
    public func setSelection(_ annotations: [PDFAnnotation]) {
        engine.selectAnnotations(annotations.map(\.id))
    }

    // MARK: - Tools and preferences

    /// Makes `tool` current; an interaction in progress is cancelled without a trace and any
    /// text being typed is kept (commit or cancel it separately).
    public func select(_ tool: EditorTool) {
        engine.select(tool)
    }

    /// Changes settings and writes them to the preferences file. The input mode, gesture map
    /// and undo depth take effect at once.
    public func updatePreferences(_ change: (inout ToolPreferences) -> Void) {
        var preferences = engine.preferences
        change(&preferences)
        engine.updatePreferences(preferences)
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

    // MARK: - Stylus gestures and time

    /// A double tap on the pen's barrel (or a barrel-button press outside a stroke).
    public func stylusGesture(_ gesture: StylusGesture) throws {
        _ = try process(engine.stylusGesture(gesture))
    }

    /// A squeeze of the pen ended (see ``SqueezeRecognizer``).
    public func squeezeEnded() throws {
        _ = try process(engine.squeezeEnded())
    }

    /// Lets timed things happen: a single squeeze whose double-squeeze window passed, and
    /// the autosave after a few idle seconds. Call it from a timer or every frame.
    public func tick() throws {
        _ = try process(engine.tick())
        try session.tick()
    }

    /// Does what a gesture's action says.
    public func perform(_ action: GestureAction) throws {
        _ = try process(engine.perform(action))
    }
}
