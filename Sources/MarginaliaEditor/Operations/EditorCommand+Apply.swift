import Foundation
import Marginalia

// Applying the public command protocol to a document: the engine core decided what the
// command means (and whether it is allowed); this turns it into operations on the model.

extension EditorCommand {
    /// Checks the command against `document` with the engine core's rules
    /// (``check(pageCount:annotation:)``), applies it, and returns what it did as operations,
    /// each one undo step, in order (none when it changed nothing: a move by zero, an eraser
    /// that touched nothing).
    ///
    /// Undo and redo are the history's, not the document's: they are refused here. Pages
    /// inserted from another document come from an upload: the server stores the other
    /// document's current state as one first, so that the log can be replayed.
    ///
    /// - Parameter uploads: opens the uploads pages are inserted from (`insertPages`).
    /// - Throws: ``CommandError`` for a command the rules refuse, ``OperationError`` or
    ///   ``FormError`` for one that does not fit the document;
    ///   the document is then unchanged.
    public func apply(to document: PDFDocument, author: String? = nil, uploads: UploadReader? = nil) throws -> [EditorOperation] {
        let pageCount = try document.pageCount
        var found: [String: PDFAnnotation] = [:]
        try check(pageCount: pageCount) { id in
            guard let annotation = try? document.locateAnnotation(id: id) else { return nil }
            found[id] = annotation
            return annotation.annotation
        }
        if case .erase(let erase) = self { return try Self.apply(erase, to: document) }
        // Removing an annotation removes its comment thread with it (in the same step).
        let steps = try Self.removingThreads(try operations(on: document, found: found, author: author, uploads: uploads),
                                             in: document)
        var applied: [EditorOperation] = []
        do {
            for step in steps { applied.append(try step.apply(to: document, uploads: uploads)) }
        } catch {
            for step in applied.reversed() { _ = try? step.inverse.apply(to: document, dating: .replayed(Date())) }
            throw error
        }
        return applied
    }

    /// The operations the command becomes, not yet applied (an erase is applied as it is worked
    /// out: ``apply(_:to:)``).
    private func operations(on document: PDFDocument, found: [String: PDFAnnotation], author: String?,
                            uploads: UploadReader?) throws -> [EditorOperation] {
        func annotations(_ ids: [String]) -> [PDFAnnotation] { ids.compactMap { found[$0] } }
        switch self {
        case .add(let list):
            var annotations: [PDFAnnotation] = []
            for value in list {
                var annotation = PDFAnnotation(creating: value)
                if annotation.author == nil { annotation.author = author }
                try Self.fitText(of: &annotation, in: document)
                annotations.append(annotation)
            }
            // A reply refers to its parent's object: parents are added first.
            let additions = PDFAnnotation.parentsFirst(annotations).map { EditorOperation.addAnnotation($0) }
            return additions.count == 1 ? additions : [.group(name: "add", additions)]
        case .change(let value):
            var changed = PDFAnnotation(creating: value)
            guard let before = found[changed.id] else { throw CommandError.unknownAnnotation(changed.id) }
            // Who made the annotation (/T) and when (/CreationDate): a change, by whoever, leaves
            // both (a change that leaves the date out would otherwise date it now).
            changed.creationDate = before.creationDate
            if let author = before.author { changed.author = author }
            if !before.flags.isDisjoint(with: [.locked, .lockedContents]) {
                try AnnotationLock.check(change: changed.annotation, of: before.annotation, id: before.id)
            }
            if !before.flags.contains(.locked) { try Self.fitText(of: &changed, in: document) }  // a locked box keeps its size
            if before == changed { return [] }
            changed.modificationDate = Date()
            return [.changeAnnotation(before: before, after: changed)]
        case .remove(let ids):
            return SelectionTool.delete(annotations(ids)).map { [$0] } ?? []
        case .unlock(let ids):
            let steps = annotations(ids).compactMap { before -> EditorOperation? in
                var after = before
                after.flags.subtract([.locked, .lockedContents])
                return after == before ? nil : .changeAnnotation(before: before, after: after)
            }
            return steps.isEmpty ? [] : [.group(name: "unlock", steps)]  // named in the log and the undo history
        case .move(let ids, let dx, let dy):
            let moving = annotations(ids)
            guard let page = moving.first?.pageIndex, moving.allSatisfy({ $0.pageIndex == page }) else {
                throw OperationError.invalid("command.ids: the annotations moved together must be on one page")
            }
            let bounds = try document.page(at: page, readingAnnotations: false).bounds(for: .cropBox)
            return SelectionTool.move(moving, dx: CGFloat(dx), dy: CGFloat(dy), pageBounds: bounds).map { [$0] } ?? []
        case .paste(let list, let dx, let dy):
            return try paste(list, dx: dx, dy: dy, on: document, author: author)
        case .arrange(let ids, let toFront):
            var steps: [EditorOperation] = []
            for page in Set(annotations(ids).compactMap(\.pageIndex)).sorted() {
                // In their stacking order, so they keep it among themselves.
                let order = try document.annotations(onPage: page).map(\.id)
                let moving = order.filter { ids.contains($0) }
                for id in toFront ? moving : moving.reversed() {
                    steps.append(.arrangeAnnotation(id: id, pageIndex: page, from: -1, to: toFront ? Int.max : 0))
                }
            }
            return steps.isEmpty ? [] : [.group(name: toFront ? "bring to front" : "send to back", steps)]
        case .resize(let id, let rect):
            guard let annotation = found[id], let page = annotation.pageIndex else { throw CommandError.unknownAnnotation(id) }
            let bounds = try document.page(at: page, readingAnnotations: false).bounds(for: .cropBox)
            return SelectionTool.resize(annotation, to: rect, pageBounds: bounds).map { [$0] } ?? []
        case .restyle(let ids, let style):
            return SelectionTool.restyle(annotations(ids), style).map { [$0] } ?? []
        case .stroke(let stroke):
            return try Self.steps(of: stroke, on: document, author: author)
        case .erase:
            return []  // applied by apply(to:author:uploads:) before this is asked
        case .fill(let name, let after):
            guard let field = try document.acroForm().field(named: name) else {
                throw OperationError.invalid("command.name: no form field \"\(name)\"")
            }
            let before = field.value ?? Editor.emptyValue(of: field)
            return before == after ? [] : [.fillField(name: name, before: before, after: after)]
        case .insertPage(let index, let width, let height):
            return [.insertPage(index: index, width: width, height: height)]
        case .removePage(let index):
            return [.removePage(index: index, pageObject: nil)]
        case .rotatePage(let index, let degrees):
            return degrees % 360 == 0 ? [] : [.rotatePage(index: index, degrees: degrees)]
        case .movePage(let from, let to):
            return from == to ? [] : [.movePage(from: from, to: to)]
        case .reply, .setState, .editReply, .deleteReply:
            return try commentOperation(on: document, found: found) ?? []
        case .duplicatePages, .insertPages, .rotatePages, .movePages, .removePages:
            return try pageOperations(on: document, uploads: uploads)
        case .undo, .redo:
            throw OperationError.invalid("undo and redo go through the session's history")
        }
    }

    /// Copies of annotations, each with a new id, the pasting author and today's dates, moved
    /// by (dx, dy) and kept on their page: one step.
    private func paste(_ list: [Annotation], dx: Double, dy: Double, on document: PDFDocument, author: String?) throws -> [EditorOperation] {
        var copies: [PDFAnnotation] = []
        let now = Date()
        for value in list {
            var annotation = PDFAnnotation(creating: value)
            annotation.id = AnnotationID.make().uppercased()
            annotation.author = author ?? annotation.author  // the one who pastes made the copy
            // A copy starts no thread of its own and is in reply to nothing.
            annotation.inReplyTo = nil
            annotation.state = nil
            annotation.creationDate = now
            annotation.modificationDate = now
            copies.append(annotation)
        }
        guard let page = copies.first?.pageIndex else { return [] }
        let bounds = try document.page(at: page, readingAnnotations: false).bounds(for: .cropBox)
        let offset = SelectionGeometry.clampedOffset(CGFloat(dx), CGFloat(dy), for: copies.reduce(CGRect.null) { $0.union($1.rect) },
                                                     within: bounds)
        let additions = copies.map { EditorOperation.addAnnotation(AnnotationGeometryEditing.moved($0, exactly: offset.dx, offset.dy)) }
        return [.group(name: "paste", additions)]
    }

    /// A text box grows to show all its text as its appearance wraps it (a box the engine made
    /// one line high, or one whose text became longer), so no line is cut off in the file.
    private static func fitText(of annotation: inout PDFAnnotation, in document: PDFDocument) throws {
        guard case .freeText = annotation.kind, let index = annotation.pageIndex, index >= 0, index < (try document.pageCount) else { return }
        let page = try document.page(at: index, readingAnnotations: false)
        if let rect = annotation.rectFittingText(pageRotation: page.rotation, page: page.bounds(for: .cropBox)) {
            annotation.rect = rect
        }
    }
}

extension PDFDocument {
    /// The annotation with id `id` on any page, or nil (each page's index is built once).
    public func locateAnnotation(id: String) throws -> PDFAnnotation? {
        for page in 0..<(try pageCount) {
            if let found = try annotation(id: id, onPage: page) { return found }
        }
        return nil
    }
}
