import Foundation
import Marginalia

/// One open document in the editor: every change goes through ``perform(_:)`` as an
/// operation, so it is undoable, autosaved and (on the server) broadcast the same way.
/// The user's file changes only on ``save()``.
public final class EditorSession {
    public private(set) var document: PDFDocument
    public let fileURL: URL?
    public private(set) var history: UndoHistory
    public let autosave: Autosave?
    /// Operations applied since the session began or last saved, in order (what the server
    /// logs and streams).
    public private(set) var appliedSinceSave: [EditorOperation] = []

    /// Opens `url`, replaying unsaved work an earlier session left in its autosave file.
    public init(url: URL, password: String? = nil, undoDepth: Int = 100, clock: any EditorClock = SystemClock()) throws {
        document = try PDFDocument(url: url, password: password)
        fileURL = url
        history = UndoHistory(depth: undoDepth)
        let autosave = Autosave(documentURL: url, clock: clock)
        self.autosave = autosave
        appliedSinceSave = try autosave.recover(into: document)
    }

    /// A session on a document held in memory (no autosave).
    public init(document: PDFDocument, undoDepth: Int = 100) {
        self.document = document
        fileURL = nil
        history = UndoHistory(depth: undoDepth)
        autosave = nil
    }

    /// Applies a user action as one undoable step and returns it as applied.
    @discardableResult
    public func perform(_ operation: EditorOperation) throws -> EditorOperation {
        let applied = try operation.apply(to: document)
        record(applied: applied)
        return applied
    }

    /// Changes how many undo steps are kept (clamped to at least 1).
    public func setUndoDepth(_ depth: Int) {
        history.depth = depth
    }

    /// Records an operation already applied to ``document`` as one undoable step.
    func record(applied: EditorOperation) {
        history.record(applied)
        note(applied)
    }

    /// Undoes the last step; returns the operation applied, or nil.
    @discardableResult
    public func undo() throws -> EditorOperation? {
        guard let applied = try history.undo(on: document) else { return nil }
        note(applied)
        return applied
    }

    /// Redoes the last undone step; returns the operation applied, or nil.
    @discardableResult
    public func redo() throws -> EditorOperation? {
        guard let applied = try history.redo(on: document) else { return nil }
        note(applied)
        return applied
    }

    private func note(_ applied: EditorOperation) {
        appliedSinceSave.append(applied)
        autosave?.record(applied)
    }

    /// Lets the autosave write when the user has been idle long enough.
    public func tick() throws {
        try autosave?.tick()
    }

    /// Saves the editable document as an incremental update of the user's file (atomic).
    /// Undo keeps working afterwards.
    public func save() throws {
        guard let fileURL else { throw OperationError.invalid("this document has no file: export it instead") }
        try document.write(to: fileURL)
        appliedSinceSave.removeAll()
        autosave?.documentSaved()
        // Continue from what is now on disk, so the next save appends to it.
        document = try PDFDocument(url: fileURL)
    }

    /// Writes a flattened copy to `url` as `options` say (by default everything burned in,
    /// form fields included, comments dropped: ``FlattenOptions``), leaving the session's
    /// document editable.
    public func exportFlattened(to url: URL, options: FlattenOptions = FlattenOptions(evenIfSigned: true)) throws {
        let copy = try PDFDocument(data: try document.dataRepresentation())
        try copy.flatten(options)
        try copy.write(to: url, options: PDFWriteOptions(mode: .compact))
    }
}

// MARK: - Pages

extension EditorSession {
    /// Inserts a blank page after page `index`, the same size as it (one undoable step).
    @discardableResult
    public func insertBlankPage(after index: Int) throws -> EditorOperation {
        let size = try document.page(at: index).bounds(for: .mediaBox).size
        return try perform(.insertPage(index: index + 1, width: Double(size.width), height: Double(size.height)))
    }

    /// Removes page `index` (one undoable step; undo puts the same page back).
    @discardableResult
    public func removePage(_ index: Int) throws -> EditorOperation {
        try perform(.removePage(index: index, pageObject: nil))
    }
}
