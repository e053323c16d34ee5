import Foundation
import Marginalia

/// Undo and redo of applied operations, per user: every user action is one step; a user's new
/// action clears that user's redo; each user's oldest steps fall off beyond `depth`. Saving
/// does not touch it, so undo keeps working across saves.
///
/// The engine's editor has one user (the default, `""`). The server keeps one history per
/// document with a user per client, whose edits interleave: each client undoes and redoes
/// only its own steps, and a step someone else has changed since cannot be undone
/// (``undo(on:revision:by:since:)`` refuses it with an ``UndoRefusal`` and drops it). Steps
/// carry the revision of their entry in the server's operation log, and ``replay(_:_:revision:by:)``
/// moves the stacks as a logged entry did, to rebuild the history from the log after a restart
/// or another replica's edits. The least recently active users beyond ``maximumUsers`` are
/// forgotten.
public struct UndoHistory: Sendable {
    /// One step: an operation as applied, and the revision of its log entry (0 where no
    /// log is kept).
    public struct Step: Sendable {
        /// The operation as applied (an undo applies its inverse).
        public var operation: EditorOperation
        /// The revision of its log entry.
        public var revision: Int

        /// A step of `operation` as applied, logged at `revision`.
        public init(operation: EditorOperation, revision: Int = 0) {
            self.operation = operation
            self.revision = revision
        }
    }

    /// How an action moved its user's stacks (and how the server's log records it): a new
    /// action, an undo or a redo.
    public enum Move: String, Codable, Sendable {
        /// A new user action.
        case `do`
        /// An undo; the operation applied is the inverse of the step undone.
        case undo
        /// A redo; the operation applied is the step's operation again.
        case redo
    }

    /// An edit made after a step, by its user or someone else: what an undo or redo checks
    /// the step against (``undo(on:revision:by:since:)``).
    public struct Edit: Sendable {
        /// Whose edit it is (a client id on the server).
        public var user: String
        /// The name the edit is signed with, said in a refusal; nil or empty for none.
        public var author: String?
        /// The operation it applied.
        public var operation: EditorOperation

        /// An edit `user` made (signed `author`) that applied `operation`.
        public init(user: String, author: String? = nil, operation: EditorOperation) {
            self.user = user
            self.author = author
            self.operation = operation
        }
    }

    /// One user's stacks.
    private struct Stacks: Sendable {
        var undo: [Step] = []
        var redo: [Step] = []
    }

    /// How many steps are kept per user (100 by default; at least 1).
    public var depth: Int {
        didSet {
            depth = max(1, depth)
            for user in stacks.keys { trim(user) }
        }
    }
    /// The most users whose stacks are kept (1,000 by default); the least recently active go
    /// first.
    public let maximumUsers: Int
    private var stacks: [String: Stacks] = [:]
    /// When each user last did something (a counter), to forget the least active.
    private var lastActive: [String: Int] = [:]
    private var clock = 0

    /// An empty history keeping `depth` steps per user for at most `maximumUsers` users (each
    /// at least 1).
    public init(depth: Int = 100, maximumUsers: Int = 1_000) {
        self.depth = max(1, depth)
        self.maximumUsers = max(1, maximumUsers)
    }

    /// `user`'s undo steps, oldest first.
    public func undoSteps(of user: String = "") -> [Step] { stacks[user]?.undo ?? [] }
    /// `user`'s redo steps, the next to redo last.
    public func redoSteps(of user: String = "") -> [Step] { stacks[user]?.redo ?? [] }
    /// The single user's undo operations, oldest first.
    public var undoStack: [EditorOperation] { undoSteps().map(\.operation) }
    /// The single user's redo operations, the next to redo last.
    public var redoStack: [EditorOperation] { redoSteps().map(\.operation) }
    /// Whether the single user has a step to undo.
    public var canUndo: Bool { canUndo(by: "") }
    /// Whether the single user has a step to redo.
    public var canRedo: Bool { canRedo(by: "") }
    /// Whether `user` has a step to undo.
    public func canUndo(by user: String) -> Bool { stacks[user]?.undo.isEmpty == false }
    /// Whether `user` has a step to redo.
    public func canRedo(by user: String) -> Bool { stacks[user]?.redo.isEmpty == false }
    /// The users whose stacks are kept.
    public var users: Set<String> { Set(stacks.keys) }

    /// Records an operation `user` performed (already applied), logged at `revision`.
    public mutating func record(_ operation: EditorOperation, revision: Int = 0, by user: String = "") {
        replay(.do, operation, revision: revision, by: user)
    }

    /// Undoes `user`'s last step on `document`; returns the operation applied (the inverse), to
    /// broadcast, or nil when the user has nothing to undo. The undo is logged at `revision`.
    ///
    /// `since` gives the edits made after a revision (those logged after the step); when one
    /// of another user's changed what the step touched, the step is dropped (it can never be
    /// undone now: the user's next undo goes further back) and the undo refused.
    ///
    /// - Throws: ``UndoRefusal`` for such a step; what applying the inverse throws (then
    ///   nothing changed).
    public mutating func undo(on document: PDFDocument, revision: Int = 0, by user: String = "",
                              since: (_ revision: Int) throws -> [Edit] = { _ in [] }) throws -> EditorOperation? {
        try take(.undo, on: document, revision: revision, by: user, since: since)
    }

    /// Redoes `user`'s last undone step on `document`, logged at `revision`; returns the
    /// operation applied, or nil. Refused as ``undo(on:revision:by:since:)`` is.
    public mutating func redo(on document: PDFDocument, revision: Int = 0, by user: String = "",
                              since: (_ revision: Int) throws -> [Edit] = { _ in [] }) throws -> EditorOperation? {
        try take(.redo, on: document, revision: revision, by: user, since: since)
    }

    /// Moves `user`'s stacks as an entry logged at `revision` did, applying nothing: `applied`
    /// is the operation the entry applied (for an undo, the inverse of the step undone).
    public mutating func replay(_ move: Move, _ applied: EditorOperation, revision: Int, by user: String = "") {
        var own = stacks.removeValue(forKey: user) ?? Stacks()
        switch move {
        case .do:
            own.undo.append(Step(operation: applied, revision: revision))
            own.redo.removeAll()
        case .undo:
            _ = own.undo.popLast()
            own.redo.append(Step(operation: applied.inverse, revision: revision))
        case .redo:
            _ = own.redo.popLast()
            own.undo.append(Step(operation: applied, revision: revision))
        }
        stacks[user] = own
        trim(user)
        touch(user)
    }

    /// Drops `user`'s next undo step (it can no longer be undone: someone else changed what
    /// it touched), so that the user's next undo goes further back.
    public mutating func dropNextUndo(of user: String = "") {
        _ = stacks[user]?.undo.popLast()
    }

    /// Drops `user`'s next redo step.
    public mutating func dropNextRedo(of user: String = "") {
        _ = stacks[user]?.redo.popLast()
    }

    /// The undo or redo of `user`'s newest step, checked against the edits of others since.
    private mutating func take(_ move: Move, on document: PDFDocument, revision: Int, by user: String,
                               since: (Int) throws -> [Edit]) throws -> EditorOperation? {
        let undoing = move == .undo
        guard let step = undoing ? stacks[user]?.undo.last : stacks[user]?.redo.last else { return nil }
        let footprint = OperationFootprint(step.operation)
        for edit in try since(step.revision) where edit.user != user {
            guard let reason = footprint.conflict(with: OperationFootprint(edit.operation)) else { continue }
            if undoing { dropNextUndo(of: user) } else { dropNextRedo(of: user) }
            throw UndoRefusal(move: move, reason: reason, author: edit.author)
        }
        let applied = try (undoing ? step.operation.inverse : step.operation).apply(to: document)
        replay(move, applied, revision: revision, by: user)
        return applied
    }

    private mutating func trim(_ user: String) {
        guard let count = stacks[user]?.undo.count, count > depth else { return }
        stacks[user]?.undo.removeFirst(count - depth)
    }

    /// Marks `user` active, forgetting the least active user beyond ``maximumUsers``.
    private mutating func touch(_ user: String) {
        clock += 1
        lastActive[user] = clock
        if stacks.count > maximumUsers, let oldest = lastActive.min(by: { $0.value < $1.value })?.key {
            stacks[oldest] = nil
            lastActive[oldest] = nil
        }
    }
}
