import Foundation
import Marginalia
import MarginaliaEditor

/// The undo history of one document, shared by every client editing it.
///
/// It follows the engine's ``UndoHistory`` rules (one step per user action, a new action
/// clears redo, `depth` steps kept) and adds what the server needs: ``replay(_:_:)`` rebuilds
/// the stacks from the operation log without touching a document, because after a restart
/// the steps before the last save are already in the stored file and only their
/// bookkeeping must come back. (``UndoHistory`` can only move by applying to a document.)
struct SharedHistory {
    let depth: Int
    private(set) var undoStack: [EditorOperation] = []
    private(set) var redoStack: [EditorOperation] = []

    init(depth: Int = 100) {
        self.depth = max(1, depth)
    }

    /// Records an operation a client performed (already applied).
    mutating func record(_ applied: EditorOperation) {
        undoStack.append(applied)
        redoStack.removeAll()
        trim()
    }

    /// Undoes the last step on `document`; returns the operation applied (the inverse), or
    /// nil when there is nothing to undo. On failure nothing changes.
    mutating func undo(on document: PDFDocument) throws -> EditorOperation? {
        guard let last = undoStack.last else { return nil }
        let applied = try last.inverse.apply(to: document)
        undoStack.removeLast()
        redoStack.append(applied.inverse)
        return applied
    }

    /// Redoes the last undone step on `document`; returns the operation applied, or nil.
    mutating func redo(on document: PDFDocument) throws -> EditorOperation? {
        guard let next = redoStack.last else { return nil }
        let applied = try next.apply(to: document)
        redoStack.removeLast()
        undoStack.append(applied)
        trim()
        return applied
    }

    /// Moves the stacks as a logged entry did, without applying anything.
    mutating func replay(_ kind: OperationKind, _ applied: EditorOperation) {
        switch kind {
        case .do:
            record(applied)
        case .undo:
            if !undoStack.isEmpty { undoStack.removeLast() }
            redoStack.append(applied.inverse)
        case .redo:
            if !redoStack.isEmpty { redoStack.removeLast() }
            undoStack.append(applied)
            trim()
        }
    }

    private mutating func trim() {
        if undoStack.count > depth { undoStack.removeFirst(undoStack.count - depth) }
    }
}
