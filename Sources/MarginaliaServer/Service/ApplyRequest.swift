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
    /// One pass of `JSONDecoder` over the body (a stroke's points are most of it).
    ///
    /// - Throws: ``ServiceError/badRequest(_:)`` naming the first thing wrong.
    public static func decode(_ body: Data) throws -> ApplyRequest {
        let request: ApplyRequest
        do {
            request = try JSONDecoder().decode(Body.self, from: body).request
        } catch let error as ServiceError {
            throw error
        } catch {
            throw ServiceError.badRequest("the request body is not a JSON object")
        }
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

/// The whole body, checked in the order a reader would: the header fields, then which
/// change is asked for, then the change itself. Errors thrown here are the final
/// ``ServiceError``s; anything else means the body is not a JSON object.
private struct Body: Decodable {
    var request: ApplyRequest

    private enum Key: String, CodingKey, CaseIterable {
        // JSONDecoder refuses a boolean or a fraction as a revision.
        case baseRevision, clientId, operation, action, undo, redo
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let baseRevision: Int, clientId: String
        do {
            baseRevision = try container.decode(Int.self, forKey: .baseRevision)
            clientId = try container.decode(String.self, forKey: .clientId)
        } catch {
            throw ServiceError.badRequest(ApplyRequest.describe(error))
        }
        guard baseRevision >= 0 else { throw ServiceError.badRequest("baseRevision: expected 0 or more") }
        let present = [Key.operation, .action, .undo, .redo].filter(container.contains)
        guard present.count == 1, let key = present.first else {
            throw ServiceError.badRequest("expected exactly one of operation, action, undo, redo (found \(present.count))")
        }
        let change: ApplyRequest.Change
        do {
            switch key {
            case .undo, .redo:
                guard (try? container.decode(Bool.self, forKey: key)) == true else {
                    throw ServiceError.badRequest("\(key.rawValue): expected true")
                }
                change = key == .undo ? .undo : .redo
            case .action:
                change = .action(try container.decode(EditorAction.self, forKey: .action))
            default:
                change = .operation(try container.decode(EditorOperation.self, forKey: .operation))
            }
        } catch let error as ServiceError {
            throw error
        } catch {
            throw ServiceError.badRequest("\(key.rawValue): \(ApplyRequest.describe(error))")
        }
        request = ApplyRequest(baseRevision: baseRevision, clientId: clientId, change: change)
    }
}
