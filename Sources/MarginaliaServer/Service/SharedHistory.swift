import Foundation
import Marginalia
import MarginaliaEditor

/// The undo histories of one document: one per client, so each client undoes and redoes its
/// own steps only (docs/api.md, "Undo and redo").
///
/// Each client's history is the engine's ``UndoHistory`` (one step per user action, a new
/// action clears that client's redo, `depth` steps kept), whose steps carry the revision of
/// their log entry, so the service can tell whether someone else changed what a step touched
/// since (``DocumentEditing`` refuses such an undo). ``replay(_:_:client:revision:)`` rebuilds
/// the histories from the operation log without touching a document: after a restart the steps
/// before the last save are already in the stored file and only their bookkeeping must come
/// back. The histories survive reconnects: they are keyed by client id, which a browser tab
/// keeps across reloads.
struct SharedHistory {
    typealias Step = UndoHistory.Step

    let depth: Int
    /// The most clients whose histories are kept; the least recently active go first.
    let maximumClients: Int
    private(set) var clients: [String: UndoHistory] = [:]
    /// When each client last did something (a counter), to forget the least active.
    private var lastActive: [String: Int] = [:]
    private var clock = 0

    init(depth: Int = 100, maximumClients: Int = 1_000) {
        self.depth = max(1, depth)
        self.maximumClients = max(1, maximumClients)
    }

    /// The step `client` would undo next.
    func nextUndo(of client: String) -> Step? { clients[client]?.undoSteps.last }

    /// The step `client` would redo next.
    func nextRedo(of client: String) -> Step? { clients[client]?.redoSteps.last }

    /// Records an operation a client performed (already applied), logged at `revision`.
    mutating func record(_ applied: EditorOperation, client: String, revision: Int) {
        change(client) { $0.record(applied, revision: revision) }
    }

    /// Undoes `client`'s last step on `document`; the undo is logged at `revision`. Returns
    /// the operation applied (the inverse), or nil when the client has nothing to undo. On
    /// failure nothing changes.
    mutating func undo(client: String, revision: Int, on document: PDFDocument) throws -> EditorOperation? {
        guard nextUndo(of: client) != nil else { return nil }
        return try change(client) { try $0.undo(on: document, revision: revision) }
    }

    /// Redoes `client`'s last undone step on `document`, logged at `revision`; returns the
    /// operation applied, or nil.
    mutating func redo(client: String, revision: Int, on document: PDFDocument) throws -> EditorOperation? {
        guard nextRedo(of: client) != nil else { return nil }
        return try change(client) { try $0.redo(on: document, revision: revision) }
    }

    /// Drops `client`'s next undo step (it can no longer be undone: someone else changed what
    /// it touched), so that the client's next undo goes further back.
    mutating func dropNextUndo(of client: String) {
        change(client) { $0.dropNextUndo() }
    }

    /// Drops `client`'s next redo step.
    mutating func dropNextRedo(of client: String) {
        change(client) { $0.dropNextRedo() }
    }

    /// Moves `client`'s stacks as a logged entry at `revision` did, without applying anything.
    mutating func replay(_ kind: OperationKind, _ applied: EditorOperation, client: String, revision: Int) {
        let move: UndoHistory.Move = switch kind {
        case .do: .do
        case .undo: .undo
        case .redo: .redo
        }
        change(client) { $0.replay(move, applied, revision: revision) }
    }

    /// Runs `body` on `client`'s history (made when missing) and marks the client active,
    /// forgetting the least active one beyond ``maximumClients``. When `body` throws, the
    /// history is as before.
    @discardableResult
    private mutating func change<Result>(_ client: String, _ body: (inout UndoHistory) throws -> Result) rethrows -> Result {
        var history = clients[client] ?? UndoHistory(depth: depth)
        let result = try body(&history)
        clients[client] = history
        clock += 1
        lastActive[client] = clock
        if clients.count > maximumClients, let oldest = lastActive.min(by: { $0.value < $1.value })?.key {
            clients[oldest] = nil
            lastActive[oldest] = nil
        }
        return result
    }
}

/// What an operation touches, for telling whether two clients' steps meet: the annotations
/// (by id) and form fields (by name) it changes, and whether it changes the page order.
struct OperationFootprint: Equatable {
    var annotations: Set<String> = []
    /// The annotation JSON's type name of each annotation it touches, where it knows it.
    var types: [String: String] = [:]
    var fields: Set<String> = []
    /// Pages inserted, removed, restored or moved: page indices change for everything.
    var reordersPages = false
    /// Pages turned (indices stay: only a step that reorders pages meets it).
    var turnsPages = false
    /// The annotations whose comment threads it adds to, changes or takes from (the parents
    /// of the replies and review states it touches): undoing the making of an annotation
    /// someone else has since commented on would take their comments away.
    var threads: Set<String> = []

    init(_ operation: EditorOperation) {
        add(operation)
    }

    var isEmpty: Bool { annotations.isEmpty && fields.isEmpty && !reordersPages && !turnsPages }

    private mutating func add(_ operation: EditorOperation) {
        switch operation {
        case .addAnnotation(let a), .removeAnnotation(let a):
            annotations.insert(a.id)
            types[a.id] = AnnotationJSON.typeName(of: a)
            if let parent = a.inReplyTo { threads.insert(parent) }
        case .changeAnnotation(let before, let after):
            annotations.formUnion([before.id, after.id])
            types[after.id] = AnnotationJSON.typeName(of: after)
            if let parent = after.inReplyTo { threads.insert(parent) }
        case .arrangeAnnotation(let id, _, _, _): annotations.insert(id)
        case .insertPage, .removePage, .restorePage, .movePage, .copyPages: reordersPages = true
        case .rotatePage: turnsPages = true
        case .fillField(let name, _, _): fields.insert(name)
        case .group(_, let operations): for inner in operations { add(inner) }
        }
    }

    /// Why a step with this footprint cannot be undone after `other` (another client's entry),
    /// or nil when they do not meet. A page order changed by someone else moves the pages
    /// every step refers to by index, so it blocks every step; and a step that changed the page
    /// order is blocked by any change of someone else's (undoing an inserted page would take
    /// away what was drawn on it since).
    func conflict(with other: OperationFootprint) -> Conflict? {
        if other.reordersPages { return .pagesReordered }
        if reordersPages, !other.isEmpty { return .documentEdited }
        if let id = annotations.intersection(other.annotations).sorted().first {
            return .annotationChanged(type: other.types[id] ?? types[id])
        }
        if let id = annotations.intersection(other.threads).sorted().first { return .annotationCommented(type: types[id]) }
        if let name = fields.intersection(other.fields).sorted().first { return .fieldFilled(name) }
        return nil
    }

    /// What another client's entry did to something a step touched, said to the person whose
    /// undo or redo it refuses: by type and name, never by id.
    enum Conflict: Equatable {
        case pagesReordered
        case documentEdited
        /// `type` is the annotation JSON's type name (`ink`, `freeText`), nil when not known.
        case annotationChanged(type: String?)
        case annotationCommented(type: String?)
        case fieldFilled(String)

        /// "Ana has changed this ink annotation since", with "someone else" for an entry
        /// made without a name.
        func sentence(by author: String?) -> String {
            let who = author.map { $0.isEmpty ? "someone else" : $0 } ?? "someone else"
            switch self {
            case .pagesReordered: return "\(who) has inserted, removed or moved pages since"
            case .documentEdited: return "\(who) has edited the document since"
            case .annotationChanged(let type): return "\(who) has changed \(Self.annotation(type)) since"
            case .annotationCommented(let type): return "\(who) has commented on \(Self.annotation(type)) since"
            case .fieldFilled(let name): return "\(who) has filled the form field \(name) since"
            }
        }

        /// "this ink annotation", "this free text annotation": the type name's words.
        private static func annotation(_ type: String?) -> String {
            guard let type else { return "this annotation" }
            let words = type.reduce(into: "") { words, character in
                if character.isUppercase { words += " " + character.lowercased() } else { words.append(character) }
            }
            return "this \(words) annotation"
        }
    }
}
