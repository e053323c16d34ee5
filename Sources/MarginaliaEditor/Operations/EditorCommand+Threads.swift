import Foundation
import Marginalia

// Comment threads on the document: what the comment commands become, and the threads that
// go with the annotations a command removes.

extension EditorCommand {
    /// The operation a comment command becomes (nil for the other commands, and for a state
    /// set to what it already is).
    func commentOperation(on document: PDFDocument, found: [String: PDFAnnotation]) throws -> [EditorOperation]? {
        switch self {
        case .reply(let reply):
            guard let parent = found[reply.to], let page = parent.pageIndex else { throw CommandError.unknownAnnotation(reply.to) }
            var note = try Self.comment(on: parent, page: page, in: document)
            if let id = reply.id, !id.isEmpty { note.id = id }
            note.author = reply.author
            note.contents = reply.text
            return [.addAnnotation(note)]
        case .setState(let change):
            guard let target = found[change.to], let page = target.pageIndex else { throw CommandError.unknownAnnotation(change.to) }
            let value = AnnotationState(review: change.state)
            let text = "\(change.state.rawValue) set by \(change.author)"
            // One review state per author and annotation: a later one changes it (ISO 32000-2,
            // 12.5.6.3 lets each reviewer hold one state per model).
            if let before = try document.annotationIndex(forPage: page).annotations.last(where: {
                $0.inReplyTo == target.id && $0.state?.model == AnnotationState.reviewModel && $0.author == change.author
            }) {
                guard before.state != value else { return [] }
                var after = before
                after.state = value
                after.contents = text
                after.modificationDate = Date()
                return [.changeAnnotation(before: before, after: after)]
            }
            var note = try Self.comment(on: target, page: page, in: document)
            note.author = change.author
            note.contents = text
            note.state = value
            // Acrobat's review states are hidden notes: a viewer that knows no threads shows nothing.
            note.flags = [.hidden, .print, .noZoom, .noRotate]
            return [.addAnnotation(note)]
        case .editReply(let id, let text, _):
            guard let before = found[id] else { throw CommandError.unknownAnnotation(id) }
            guard before.contents != text else { return [] }
            var after = before
            after.contents = text
            after.modificationDate = Date()
            return [.changeAnnotation(before: before, after: after)]
        case .deleteReply(let id, _):
            guard let comment = found[id] else { throw CommandError.unknownAnnotation(id) }
            return [.removeAnnotation(comment)]
        default:
            return nil
        }
    }

    /// A comment note on `parent`: a reply to it, where ``AnnotationDraft/commentRect(for:on:)`` puts it.
    private static func comment(on parent: PDFAnnotation, page: Int, in document: PDFDocument) throws -> PDFAnnotation {
        let bounds = try document.page(at: page, readingAnnotations: false).bounds(for: .cropBox)
        var note = PDFAnnotation(kind: .note(PDFAnnotation.Note(icon: NoteIcon.comment.rawValue)),
                                 rect: AnnotationDraft.commentRect(for: parent.rect, on: bounds),
                                 color: AnnotationSubtype.note.defaultColor, pageIndex: page)
        note.inReplyTo = parent.id
        note.replyType = .reply
        return note
    }

    /// `steps` with the comment threads of every annotation they remove removed too, each
    /// thread just before its parent (so an undo puts the parent back first, then its thread).
    static func removingThreads(_ steps: [EditorOperation], in document: PDFDocument) throws -> [EditorOperation] {
        var removed = Set<String>()
        func collect(_ step: EditorOperation) {
            switch step {
            case .removeAnnotation(let a, _): removed.insert(a.id)
            case .group(_, let inner): inner.forEach(collect)
            default: break
            }
        }
        steps.forEach(collect)
        guard !removed.isEmpty else { return steps }
        var threads: [Int: [String: [PDFAnnotation]]] = [:]  // page → parent id → replies
        func replies(to annotation: PDFAnnotation) throws -> [PDFAnnotation] {
            guard let page = annotation.pageIndex else { return [] }
            if threads[page] == nil {
                var byParent: [String: [PDFAnnotation]] = [:]
                for item in try document.annotationIndex(forPage: page).annotations {
                    if let parent = item.inReplyTo { byParent[parent, default: []].append(item) }
                }
                threads[page] = byParent
            }
            return threads[page]?[annotation.id] ?? []
        }
        func expand(_ step: EditorOperation) throws -> EditorOperation {
            switch step {
            case .removeAnnotation(let a, _):
                // The whole thread below `a`, deepest first.
                var doomed: [PDFAnnotation] = []
                var queue = try replies(to: a).filter { removed.insert($0.id).inserted }
                while let next = queue.popLast() {
                    doomed.append(next)
                    queue += try replies(to: next).filter { removed.insert($0.id).inserted }
                }
                guard !doomed.isEmpty else { return step }
                return .group(name: "remove with comments", doomed.reversed().map { EditorOperation.removeAnnotation($0) } + [step])
            case .group(let name, let inner):
                return .group(name: name, try inner.map(expand))
            default:
                return step
            }
        }
        return try steps.map(expand)
    }
}
