import Foundation
import MarginaliaEditor

/// A client's edit (the body of `POST /documents/{id}/operations`): the revision it has
/// seen, who it is, and exactly one change.
public struct ApplyRequest: Sendable {
    /// What the client asks for.
    public enum Change: Sendable {
        /// An editor operation, applied as one undoable step.
        case operation(EditorOperation)
        /// A whole interaction (a stroke or an eraser sweep), turned into operations by the
        /// editor engine.
        case action(EditorAction)
        case undo
        case redo
    }

    /// The last revision the client has seen.
    public var baseRevision: Int
    /// The client's id, e.g. `tab-1`.
    public var clientId: String
    public var change: Change

    public init(baseRevision: Int, clientId: String, change: Change) {
        self.baseRevision = baseRevision
        self.clientId = clientId
        self.change = change
    }

    /// Decodes a request body: `{"baseRevision": R, "clientId": "tab-1"}` with exactly one
    /// of `"operation"`, `"action"`, `"undo": true` or `"redo": true`.
    ///
    /// - Throws: ``ServiceError/badRequest(_:)`` naming the first thing wrong.
    public static func decode(_ body: Data) throws -> ApplyRequest {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            throw ServiceError.badRequest("the request body is not a JSON object")
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: body)
        } catch {
            throw ServiceError.badRequest(Self.describe(error))
        }
        let baseRevision = header.baseRevision, clientId = header.clientId
        guard baseRevision >= 0 else { throw ServiceError.badRequest("baseRevision: expected 0 or more") }
        let present = ["operation", "action", "undo", "redo"].filter { object[$0] != nil }
        guard present.count == 1, let key = present.first else {
            throw ServiceError.badRequest("expected exactly one of operation, action, undo, redo (found \(present.count))")
        }
        let change: Change
        switch key {
        case "undo", "redo":
            guard (object[key] as? Bool) == true else { throw ServiceError.badRequest("\(key): expected true") }
            change = key == "undo" ? .undo : .redo
        case "action":
            do {
                change = .action(try JSONDecoder().decode(ActionBody.self, from: body).action)
            } catch {
                throw ServiceError.badRequest("action: \(Self.describe(error))")
            }
        default:
            do {
                change = .operation(try JSONDecoder().decode(OperationBody.self, from: body).operation)
            } catch {
                throw ServiceError.badRequest("operation: \(Self.describe(error))")
            }
        }
        let request = ApplyRequest(baseRevision: baseRevision, clientId: clientId, change: change)
        try request.validateClientID()
        return request
    }

    /// Client ids are 1 to 100 printable characters.
    func validateClientID() throws {
        guard !clientId.isEmpty, clientId.count <= 100,
              !clientId.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) })
        else { throw ServiceError.badRequest("clientId: expected 1 to 100 printable characters") }
    }

    /// A decoding error as one line with its coding path.
    static func describe(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let joined = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return joined.isEmpty ? "" : "at \(joined): "
        }
        switch error {
        case DecodingError.dataCorrupted(let context): return path(context) + context.debugDescription
        case DecodingError.keyNotFound(let key, let context): return path(context) + "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context): return path(context) + context.debugDescription
        case DecodingError.valueNotFound(_, let context): return path(context) + context.debugDescription
        default: return String(describing: error)
        }
    }
}

/// The fields every request has; JSONDecoder refuses a boolean or a fraction as a revision.
private struct Header: Decodable {
    var baseRevision: Int
    var clientId: String
}

/// The operation, decoded straight from the body so numbers keep their exact text.
private struct OperationBody: Decodable {
    var operation: EditorOperation
}

private struct ActionBody: Decodable {
    var action: EditorAction
}
