import Foundation
import MarginaliaEditor

/// A client's edit (the body of `POST /documents/{id}/operations`): the revision it has
/// seen, who it is, and exactly one change.
public struct ApplyRequest: Sendable {
    /// What the client asks for: a command of the public protocol (docs/api.md, "Commands").
    /// Undo and redo are commands too.
    public enum Change: Sendable {
        case command(EditorCommand)
        case undo
        case redo

        /// The change a command asks for (undo and redo become their own cases).
        public init(_ command: EditorCommand) {
            switch command {
            case .undo: self = .undo
            case .redo: self = .redo
            default: self = .command(command)
            }
        }
    }

    /// The last revision the client has seen.
    public var baseRevision: Int
    /// The client's id, e.g. `tab-1`.
    public var clientId: String
    /// The name of the person editing (the browser's user name), logged with every entry the
    /// change makes; nil when unknown.
    public var author: String?
    public var change: Change

    /// What a client id or an author may not hold. Kept: `CharacterSet.controlCharacters` makes
    /// the set anew each time it is asked for (about 8,000 instructions on Linux), twice a stroke.
    private static let controlCharacters = CharacterSet.controlCharacters

    /// The longest author name, in characters (as for a viewer's name).
    public static let maximumAuthorLength = DocumentViewer.maximumNameLength

    public init(baseRevision: Int, clientId: String, author: String? = nil, change: Change) {
        self.baseRevision = baseRevision
        self.clientId = clientId
        self.author = author
        self.change = change
    }

    /// Decodes a request body: `{"protocol": 1, "baseRevision": R, "clientId": "tab-1",
    /// "author"?: "Ana", "command": {...}}`, the command read by the engine core
    /// (``EditorCommand/init(json:)``). The author is trimmed; empty or null means unknown.
    ///
    /// The body of protocol 0 (before commands) is still read: exactly one of `"operation"`
    /// (an operation that maps onto a command: add, remove or change an annotation, insert,
    /// remove, rotate or move a page, fill a field), `"action"` (a stroke or an erase),
    /// `"undo": true` or `"redo": true`. The operation log's internal steps (restoring a page
    /// object, groups) are refused: a client names what it means, never how to undo it.
    ///
    /// - Throws: ``ServiceError/badRequest(_:)`` naming the first thing wrong.
    public static func decode(_ body: Data) throws -> ApplyRequest {
        let root: JSONValue
        do {
            root = try JSONParser.parse([UInt8](body))
        } catch {
            throw ServiceError.badRequest("the request body is not JSON (\(error.description))")
        }
        guard case .object(let object) = root else { throw ServiceError.badRequest("the request body is not a JSON object") }
        let field = JSONField(root, path: "")
        let request: ApplyRequest
        do {
            let baseRevision = try field.member("baseRevision").integer(in: 0...Int.max)
            let clientId = try field.member("clientId").string()
            let author = try field.optionalMember("author").flatMap(Self.author)
            if let version = try field.optionalMember("protocol") {
                guard try version.integer() == EditorCommand.protocolVersion else {
                    throw CommandError.malformed("protocol: this server speaks protocol \(EditorCommand.protocolVersion)")
                }
            }
            let present = ["command", "operation", "action", "undo", "redo"].filter { object[$0] != nil }
            guard present.count == 1, let key = present.first else {
                throw CommandError.malformed("expected exactly one of command, operation, action, undo, redo (found \(present.count))")
            }
            let change: Change
            switch key {
            case "command":
                change = Change(try EditorCommand(json: try field.member("command")))
            case "undo", "redo":
                guard try field.member(key).bool() else { throw CommandError.malformed("\(key): expected true") }
                change = key == "undo" ? .undo : .redo
            case "action":
                change = .command(try LegacyRequest.command(fromAction: try field.member("action")))
            default:
                change = Change(try LegacyRequest.command(fromOperation: body))
            }
            request = ApplyRequest(baseRevision: baseRevision, clientId: clientId, author: author, change: change)
        } catch let error as CommandError {
            throw ServiceError.from(error)
        }
        try request.validateClientID()
        return request
    }
    /// The `author` member (present and not null): a string, trimmed, nil when empty.
    private static func author(_ field: JSONField) throws(CommandError) -> String? {
        let name = try field.string().trimmingCharacters(in: .whitespacesAndNewlines)
        guard name.count <= maximumAuthorLength,
              !name.unicodeScalars.contains(where: { Self.controlCharacters.contains($0) })
        else { throw field.problem("expected up to \(maximumAuthorLength) printable characters") }
        return name.isEmpty ? nil : name
    }

    /// Client ids are 1 to 100 printable characters.
    func validateClientID() throws {
        guard !clientId.isEmpty, clientId.count <= 100,
              !clientId.unicodeScalars.contains(where: { Self.controlCharacters.contains($0) })
        else { throw ServiceError.badRequest("clientId: expected 1 to 100 printable characters") }
    }
}
