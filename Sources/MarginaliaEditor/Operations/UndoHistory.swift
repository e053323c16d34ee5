import Foundation
import Marginalia

/// Undo and redo of applied operations: every user action is one step; a new action
/// clears redo; the oldest steps fall off beyond `depth`. Saving does not touch it, so undo
/// keeps working across saves.
///
/// The engine's editor keeps one; the server keeps one per client of a document
/// (`SharedHistory`), whose steps also carry the revision of their entry in the operation log,
/// and which moves the stacks as logged entries did (``replay(_:_:revision:)``) when it
/// rebuilds them from the log.
public struct UndoHistory: Sendable {
    /// One step: an operation as applied, and the revision of its log entry (0 where no
    /// log is kept).
    public struct Step: Sendable {
        public var operation: EditorOperation
        public var revision: Int

        public init(operation: EditorOperation, revision: Int = 0) {
            self.operation = operation
            self.revision = revision
        }
    }

    /// How a logged entry moved the stacks: a new action, an undo or a redo.
    public enum Move: Sendable {
        case `do`, undo, redo
    }

    /// How many steps are kept (100 by default).
    public var depth: Int {
        didSet {
            depth = max(1, depth)
            trim()
        }
    }
    public private(set) var undoSteps: [Step] = []
    public private(set) var redoSteps: [Step] = []

    public init(depth: Int = 100) {
        self.depth = max(1, depth)
    }

    public var undoStack: [EditorOperation] { undoSteps.map(\.operation) }
    public var redoStack: [EditorOperation] { redoSteps.map(\.operation) }
    public var canUndo: Bool { !undoSteps.isEmpty }
    public var canRedo: Bool { !redoSteps.isEmpty }

    /// Records an operation the user performed (already applied), logged at `revision`.
    public mutating func record(_ operation: EditorOperation, revision: Int = 0) {
        replay(.do, operation, revision: revision)
    }

    /// Undoes the last step on `document`; returns the operation applied (the inverse), to
    /// broadcast, or nil when there is nothing to undo. The undo is logged at `revision`. On
    /// failure nothing changes.
    public mutating func undo(on document: PDFDocument, revision: Int = 0) throws -> EditorOperation? {
        guard let last = undoSteps.last else { return nil }
        let applied = try last.operation.inverse.apply(to: document)
        replay(.undo, applied, revision: revision)
        return applied
    }

    /// Redoes the last undone step, logged at `revision`; returns the operation applied.
    public mutating func redo(on document: PDFDocument, revision: Int = 0) throws -> EditorOperation? {
        guard let next = redoSteps.last else { return nil }
        let applied = try next.operation.apply(to: document)
        replay(.redo, applied, revision: revision)
        return applied
    }

    /// Moves the stacks as an entry logged at `revision` did, applying nothing: `applied` is
    /// the operation the entry applied (for an undo, the inverse of the step undone).
    public mutating func replay(_ move: Move, _ applied: EditorOperation, revision: Int) {
        switch move {
        case .do:
            undoSteps.append(Step(operation: applied, revision: revision))
            redoSteps.removeAll()
        case .undo:
            _ = undoSteps.popLast()
            redoSteps.append(Step(operation: applied.inverse, revision: revision))
        case .redo:
            _ = redoSteps.popLast()
            undoSteps.append(Step(operation: applied, revision: revision))
        }
        trim()
    }

    /// Drops the next undo step (it can no longer be undone: someone else changed what it
    /// touched), so that the next undo goes further back.
    public mutating func dropNextUndo() {
        _ = undoSteps.popLast()
    }

    /// Drops the next redo step.
    public mutating func dropNextRedo() {
        _ = redoSteps.popLast()
    }

    private mutating func trim() {
        if undoSteps.count > depth { undoSteps.removeFirst(undoSteps.count - depth) }
    }
}
