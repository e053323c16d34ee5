import Foundation
import Marginalia

/// Undo and redo of applied operations: every user action is one step; a new action
/// clears redo; the oldest steps fall off beyond `depth`. Saving does not touch it, so undo
/// keeps working across saves.
public struct UndoHistory: Sendable {
    /// How many steps are kept (100 by default).
    public var depth: Int {
        didSet {
            depth = max(1, depth)
            trim()
        }
    }
    public private(set) var undoStack: [EditorOperation] = []
    public private(set) var redoStack: [EditorOperation] = []

    public init(depth: Int = 100) {
        self.depth = max(1, depth)
    }

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Records an operation the user performed (already applied).
    public mutating func record(_ operation: EditorOperation) {
        undoStack.append(operation)
        redoStack.removeAll()
        trim()
    }

    /// Undoes the last step on `document`; returns the operation applied (the inverse), to
    /// broadcast, or nil when there is nothing to undo.
    public mutating func undo(on document: PDFDocument) throws -> EditorOperation? {
        guard let last = undoStack.last else { return nil }
        let applied = try last.inverse.apply(to: document)
        undoStack.removeLast()
        redoStack.append(applied.inverse)
        return applied
    }

    /// Redoes the last undone step; returns the operation applied.
    public mutating func redo(on document: PDFDocument) throws -> EditorOperation? {
        guard let next = redoStack.last else { return nil }
        let applied = try next.apply(to: document)
        redoStack.removeLast()
        undoStack.append(applied)
        trim()
        return applied
    }

    private mutating func trim() {
        if undoStack.count > depth { undoStack.removeFirst(undoStack.count - depth) }
    }
}
