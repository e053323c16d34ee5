import Foundation
import Marginalia

extension DocumentEvent {
    /// The server-sent event name: `operation`, `saved`, `renamed`, `deleted`, `restored`,
    /// `versionRestored`, `purged` or `presence`.
    public var name: String {
        switch self {
        case .operation: return "operation"
        case .saved: return "saved"
        case .renamed: return "renamed"
        case .deleted: return "deleted"
        case .restored: return "restored"
        case .versionRestored: return "versionRestored"
        case .purged: return "purged"
        case .presence: return "presence"
        }
    }

    /// The revision to send as the event's `id:` (operations only, so `Last-Event-ID` is
    /// always a log revision).
    public var revision: Int? {
        if case .operation(let entry) = self { return entry.revision }
        return nil
    }

    /// The event's `data:` as compact JSON: LOGGED for an operation,
    /// `{"revision", "version": VERSION}` for a save, SUMMARY for renamed, deleted and
    /// restored, `{"document": SUMMARY, "version": VERSION}` for a restored version,
    /// `{"id": ID}` for a document deleted for good, VIEWERS (`{"version", "viewers"}`) for presence.
    public func payload() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        switch self {
        case .operation(let entry): return entry.operationJSON == nil ? try encoder.encode(entry) : try entry.jsonData()
        case .saved(let revision, let version): return try encoder.encode(SavedPayload(revision: revision, version: version))
        case .renamed(let summary), .deleted(let summary), .restored(let summary): return try encoder.encode(summary)
        case .versionRestored(let summary, let version):
            return try encoder.encode(RestoredPayload(document: summary, version: version))
        case .purged(let id): return try encoder.encode(["id": id])
        case .presence(let viewers): return try encoder.encode(ViewerList(viewers: viewers))
        }
    }
}

private struct SavedPayload: Encodable {
    var revision: Int
    var version: DocumentVersion
}

private struct RestoredPayload: Encodable {
    var document: DocumentSummary
    var version: DocumentVersion
}

extension ServiceError {
    /// The API's error body: `{"error": {"code": …, "message": …}}`, with `reason` and
    /// `args` when it has a ``reason``.
    public var responseBody: Data {
        let members: [(String, JSONValue)] = [("code", .string(code)), ("message", .string(message))] + (reason?.members ?? [])
        return Data(JSONWriter.bytes(.object(JSONObject(pairs: [("error", .object(JSONObject(pairs: members)))]))))
    }
}
