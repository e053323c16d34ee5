import Foundation
import Marginalia

// The rule that interleaves users' edits in one history (UndoHistory): a user's step cannot be
// undone or redone once someone else has changed what it touched, and the refusal says who
// changed what.

/// Why an undo or redo of a user's step was refused: another user's later edit changed what
/// the step touched. The step has left the user's history (their next undo goes further back).
///
/// Its ``description`` is said to the person: "cannot undo: Ana has changed this ink annotation
/// since; that step has left your undo history" (by type and name, never by id).
public struct UndoRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// Whether an undo or a redo was refused.
    public let move: UndoHistory.Move
    let reason: OperationFootprint.Conflict
    /// The name of whoever made the conflicting edit (nil or empty: "someone else").
    public let author: String?

    public var description: String {
        let word = move == .redo ? "redo" : "undo"
        return "cannot \(word): \(reason.sentence(by: author)); that step has left your \(word) history"
    }

    /// The refusal for the editor to say in the user's language (``Reason``): by who made
    /// the conflicting change, when the change has a name.
    public var explanation: Reason {
        let redo = move == .redo
        guard let author, !author.isEmpty else { return Reason(.historyRefusedAnonymous(redo: redo)) }
        switch reason {
        case .pagesReordered: return Reason(.historyRefused(redo: redo, .pages), [("author", .string(author))])
        case .documentEdited: return Reason(.historyRefused(redo: redo, .document), [("author", .string(author))])
        case .annotationChanged: return Reason(.historyRefused(redo: redo, .annotation), [("author", .string(author))])
        case .annotationCommented: return Reason(.historyRefused(redo: redo, .comment), [("author", .string(author))])
        case .fieldFilled(let name):
            return Reason(.historyRefused(redo: redo, .field), [("author", .string(author)), ("field", .string(name))])
        }
    }
}

/// What an operation touches, for telling whether two clients' steps meet: the annotations
/// (by id) and form fields (by name) it changes, and whether it changes the page order.
struct OperationFootprint: Equatable, Sendable {
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
        case .addAnnotation(let a, _), .removeAnnotation(let a, _):
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
    enum Conflict: Equatable, Sendable {
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
