import Foundation
import Marginalia

// Carrying out what the engine decided: commands applied to the document (each one undo
// step), undo and redo, and the engine kept in step with every change.

extension Editor {
    /// Does what the engine's outputs ask; returns the operations applied, in order.
    @discardableResult
    func process(_ outputs: [EngineOutput]) throws -> [EditorOperation] {
        var applied: [EditorOperation] = []
        for output in outputs {
            switch output {
            case .command(let command):
                applied += try apply(command)
            case .editText(let request):
                try beginText(request)
            case .activateField(let name, let page, let rect):
                applied += try activateField(name: name, pageIndex: page, rect: rect)
            case .placeImage(let page, let rect):
                if let placed = try placeImage(onPage: page, in: rect) { applied.append(placed) }
            case .refused(let error):
                refusal = error
            case .markText, .markRedaction, .toolChanged, .selectionChanged, .viewChanged, .followLink:
                // Marking text needs the page's text layout, which the browser's viewer has;
                // a link's target is the UI's; the rest are for the UI to redraw.
                break
            }
        }
        return applied
    }

    /// Applies a command (the engine core's rules apply: a refusal throws ``CommandError``)
    /// and records each resulting step for undo.
    @discardableResult
    public func apply(_ command: EditorCommand) throws -> [EditorOperation] {
        switch command {
        case .undo: return try undo().map { [$0] } ?? []
        case .redo: return try redo().map { [$0] } ?? []
        default: break
        }
        let applied = try command.apply(to: session.document, author: author)
        for operation in applied {
            session.record(applied: operation)
            try documentChanged(by: operation)
        }
        return applied
    }

    /// Applies `operation` as one undoable step and keeps the engine in step.
    @discardableResult
    public func perform(_ operation: EditorOperation) throws -> EditorOperation {
        let applied = try session.perform(operation)
        try documentChanged(by: applied)
        return applied
    }

    /// Undoes the last step (an interaction in progress is cancelled first).
    @discardableResult
    public func undo() throws -> EditorOperation? {
        engine.cancelInteractions()
        let applied = try session.undo()
        if let applied { try documentChanged(by: applied) }
        return applied
    }

    /// Redoes the last undone step.
    @discardableResult
    public func redo() throws -> EditorOperation? {
        engine.cancelInteractions()
        let applied = try session.redo()
        if let applied { try documentChanged(by: applied) }
        return applied
    }

    // MARK: - Pages and the selection

    /// Inserts a blank page after the current page, the same size as it (one undo step;
    /// ``EditorCommand/blankPage(after:pages:)``, as the browser's "Add page after").
    public func insertPageAfterCurrent() throws {
        let current = viewport.currentPage ?? 0
        try apply(.blankPage(after: current, pages: viewport.pages))
        viewport.showPage(current + 1)
    }

    /// Removes the current page (one undo step); the last page cannot be removed.
    public func removeCurrentPage() throws {
        try apply(.removePage(index: viewport.currentPage ?? 0))
    }

    /// Deletes the selection (one undo step); a locked or read-only one is refused.
    public func deleteSelection() throws {
        try process(engine.deleteSelection())
        if refusal == nil { engine.clearSelection() }
    }

    /// Restyles the selection (one undo step): colour, width, opacity, fill, font size, bold.
    public func restyleSelection(_ style: EditorCommand.Restyle) throws {
        try process(engine.restyleSelection(style))
    }

    /// Gives the selection a new colour (one undo step).
    public func recolorSelection(_ color: Color) throws {
        try restyleSelection(EditorCommand.Restyle(color: color))
    }

    /// Gives the selection a new line width (one undo step).
    public func setSelectionWidth(_ width: Double) throws {
        guard width.isFinite, width >= 0, width <= 200 else { return }
        try restyleSelection(EditorCommand.Restyle(width: width))
    }

    // MARK: - Keeping the engine in step

    /// After any change: the engine learns the annotations it touched (or, when pages
    /// changed, everything again).
    func documentChanged(by operation: EditorOperation) throws {
        if operation.changesPages {
            try resynchronise()
            return
        }
        try note(operation)
    }

    private func note(_ operation: EditorOperation) throws {
        switch operation {
        case .addAnnotation(let annotation, _), .changeAnnotation(_, let annotation):
            let page = annotation.pageIndex ?? 0
            let stored = try session.document.annotation(id: annotation.id, onPage: page) ?? annotation
            engine.upsert(stored.annotation)
        case .removeAnnotation(let annotation, _):
            engine.remove(id: annotation.id)
        case .group(_, let operations):
            for inner in operations { try note(inner) }
        case .arrangeAnnotation(let id, _, _, let to):
            engine.arrange(id: id, position: to)  // positions in the page's list, which the engine's follows
        case .fillField, .insertPage, .removePage, .restorePage, .rotatePage, .movePage, .copyPages:
            break
        }
    }

    /// Tells the engine the whole document: pages, every annotation, the form's widgets.
    func resynchronise() throws {
        let document = session.document
        engine.setPages(try Self.pageGeometries(of: document))
        engine.setAnnotations(try (0..<document.pageCount).flatMap { try document.annotations(onPage: $0).map(\.annotation) })
        let form = try? document.acroForm()
        engine.widgets = (form?.fields ?? []).flatMap { field in
            field.widgets.compactMap { widget in
                widget.pageIndex.map { FieldWidget(name: field.name, pageIndex: $0, rect: widget.rect) }
            }
        }
    }
}

extension EditorOperation {
    /// Whether applying this inserts, removes, restores, turns or moves pages.
    var changesPages: Bool {
        switch self {
        case .insertPage, .removePage, .restorePage, .rotatePage, .movePage, .copyPages: return true
        case .group(_, let operations): return operations.contains { $0.changesPages }
        case .addAnnotation, .removeAnnotation, .changeAnnotation, .arrangeAnnotation, .fillField: return false
        }
    }
}
