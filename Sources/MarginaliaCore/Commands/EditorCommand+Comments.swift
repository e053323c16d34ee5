#if !hasFeature(Embedded)
import Foundation
#endif

// The comment commands (reply, setState, editReply, deleteReply): their values, JSON and
// rules. Comments (replies in a thread and review states) belong to their authors: only the
// author edits or deletes one, and the commands that change annotations on the page leave
// them alone.

extension EditorCommand {
    /// A reply to the comment thread of annotation `to`.
    public struct Reply: Equatable, Sendable {
        /// The id of the annotation replied to (the thread's first annotation, or a reply in it).
        public var to: String
        public var text: String
        /// Who writes it (`/T`).
        public var author: String?
        /// The reply's id; one is made when nil.
        public var id: String?

        public init(to: String, text: String, author: String?, id: String? = nil) {
            self.to = to
            self.text = text
            self.author = author
            self.id = id
        }
    }

    /// `author`'s review state of annotation `to` (ISO 32000-2, 12.5.6.3).
    public struct StateChange: Equatable, Sendable {
        public var to: String
        public var state: ReviewState
        public var author: String

        public init(to: String, state: ReviewState, author: String) {
            self.to = to
            self.state = state
            self.author = author
        }
    }

    /// The longest text of one reply, in UTF-8 bytes.
    public static let maximumCommentBytes = 100_000
    /// The longest author's name a comment may give, in bytes of UTF-8.
    public static let maximumAuthorBytes = 200

    /// The comment commands' fields (`type` already read: one of the four).
    static func comment(_ type: CommandType, _ field: JSONField) throws(CommandError) -> EditorCommand {
        func text() throws(CommandError) -> String {
            let member = try field.member("text")
            let value = try member.string()
            guard value.contains(where: { !$0.isWhitespace }) else { throw member.problem("a reply needs some text") }
            guard value.utf8.count <= maximumCommentBytes else {
                throw CommandError.tooLarge("\(member.path): longer than \(maximumCommentBytes) bytes", .commentBytes(maxBytes: maximumCommentBytes))
            }
            return value
        }
        func author() throws(CommandError) -> String? {
            guard let member = try field.optionalMember("author") else { return nil }
            let name = try member.string()
            guard !name.isEmpty, name.utf8.count <= maximumAuthorBytes else {
                throw member.problem("expected a name of 1 to \(maximumAuthorBytes) bytes")
            }
            return name
        }
        switch type {
        case .reply:
            return .reply(Reply(to: try field.member("to").string(), text: try text(), author: try author(),
                                id: try field.optionalMember("id")?.string()))
        case .setState:
            guard let name = try author() else { throw CommandError.malformed("\(field.path).author: missing (a review state is one person's)") }
            return .setState(StateChange(to: try field.member("to").string(), state: try field.member("state").choice(ReviewState.self),
                                         author: name))
        case .editReply:
            return .editReply(id: try field.member("id").string(), text: try text(), author: try author())
        case .deleteReply:
            return .deleteReply(id: try field.member("id").string(), author: try author())
        default:
            throw CommandError.malformed("\(field.path).type: \(type.rawValue) is not a comment command")
        }
    }

    /// The comment commands' JSON pairs (after `type`).
    var commentPairs: [(String, JSONValue?)] {
        switch self {
        case .reply(let reply):
            return [("to", .string(reply.to)), ("text", .string(reply.text)), ("author", reply.author.map { .string($0) }),
                    ("id", reply.id.map { .string($0) })]
        case .setState(let change):
            return [("to", .string(change.to)), ("state", .string(change.state.rawValue)), ("author", .string(change.author))]
        case .editReply(let id, let text, let author):
            return [("id", .string(id)), ("text", .string(text)), ("author", author.map { .string($0) })]
        case .deleteReply(let id, let author):
            return [("id", .string(id)), ("author", author.map { .string($0) })]
        default:
            return []
        }
    }

    /// The rules of the comment commands: a reply goes to an annotation the editor shows or
    /// to a reply (never to a review state); a review state is set on an annotation, not on a
    /// comment; only comments are edited or deleted as comments, and only by their author.
    func checkComment(_ annotation: (String) -> Annotation?) throws(CommandError) {
        func existing(_ id: String) throws(CommandError) -> Annotation {
            guard let found = annotation(id) else { throw CommandError.unknownAnnotation(id) }
            return found
        }
        switch self {
        case .reply(let reply):
            let parent = try existing(reply.to)
            guard parent.isEditable, parent.state == nil else {
                throw CommandError.notAllowed("annotation \(reply.to) cannot take replies (\(parent.state != nil ? "it is a review state" : "the editor does not show it"))")
            }
        case .setState(let change):
            let target = try existing(change.to)
            guard target.isEditable, !target.isComment else {
                throw CommandError.notAllowed("annotation \(change.to) takes no review state (only the annotations on the page do)")
            }
        case .editReply(let id, _, let author):
            let comment = try existing(id)
            guard comment.isComment, comment.state == nil else {
                throw CommandError.notAllowed("annotation \(id) is not a reply (a review state changes with setState)")
            }
            try Self.permitAuthor(comment, author, "edited")
        case .deleteReply(let id, let author):
            let comment = try existing(id)
            guard comment.isComment else { throw CommandError.notAllowed("annotation \(id) is not a reply or a review state") }
            try Self.permitAuthor(comment, author, "deleted")
        default:
            break
        }
    }

    /// Whether `author` may change `comment`: its author, or anyone when it has none.
    ///
    /// - Throws: ``CommandError/notAuthor(id:author:action:)``.
    public static func permitAuthor(_ comment: Annotation, _ author: String?, _ action: String) throws(CommandError) {
        guard let owner = comment.author, owner != author else { return }
        throw CommandError.notAuthor(id: comment.id, author: owner, action: action)
    }

    /// Refuses a page command (change, remove, move, resize, restyle) that names a comment:
    /// comments are not on the page, and change only through the comment commands.
    static func refuseComment(_ annotation: Annotation) throws(CommandError) {
        guard annotation.isComment else { return }
        throw CommandError.notAllowed("annotation \(annotation.id) is a comment: its author changes it with editReply, setState or deleteReply")
    }

    /// The annotations with `author` as their author.
    private static func authored(_ annotations: [Annotation], by author: String) -> [Annotation] {
        annotations.map { annotation in
            var annotation = annotation
            annotation.author = author
            return annotation
        }
    }

    /// The command with `author` as the author of everything it writes: the annotations it
    /// adds or pastes, its stroke, its reply or review state, and the comment it edits or deletes. A
    /// server that knows who sent the command (a token naming its user) applies it this way,
    /// whatever names the command carried.
    public func attributed(to author: String) -> EditorCommand {
        switch self {
        case .add(let annotations):
            return .add(Self.authored(annotations, by: author))
        case .paste(let annotations, let dx, let dy):
            return .paste(annotations: Self.authored(annotations, by: author), dx: dx, dy: dy)
        case .stroke(var stroke):
            stroke.author = author
            return .stroke(stroke)
        case .reply(var reply):
            reply.author = author
            return .reply(reply)
        case .setState(var change):
            change.author = author
            return .setState(change)
        case .editReply(let id, let text, _): return .editReply(id: id, text: text, author: author)
        case .deleteReply(let id, _): return .deleteReply(id: id, author: author)
        default: return self
        }
    }
}
