import Foundation
import Marginalia
import MarginaliaEditor

// A client's undo or redo request against the shared histories of one document: its own
// newest step, refused when another client changed what that step touched since.

extension SharedHistory {
    /// Undoes (`.undo`) or redoes (`.redo`) `client`'s newest step on `document`, logged at
    /// `revision`; nil when the client has nothing to undo or redo.
    ///
    /// `entries(after:)` gives the log after a revision: when another client's entry after the
    /// step changed what the step touched (``OperationFootprint``), the step is dropped (it can
    /// never be undone now; the client's next undo goes further back) and the refusal names
    /// who changed what.
    ///
    /// - Throws: ``ServiceError/conflict(_:)`` for such a step; what applying it throws (then
    ///   nothing changed).
    mutating func take(_ kind: OperationKind, client: String, revision: Int, on document: PDFDocument,
                       entries: (_ after: Int) throws -> [LoggedOperation]) throws -> EditorOperation? {
        let undoing = kind == .undo
        guard let step = undoing ? nextUndo(of: client) : nextRedo(of: client) else { return nil }
        let footprint = OperationFootprint(step.operation)
        for entry in try entries(step.revision) where entry.clientId != client {
            guard let reason = footprint.conflict(with: OperationFootprint(entry.operation)) else { continue }
            let word = undoing ? "undo" : "redo"
            if undoing { dropNextUndo(of: client) } else { dropNextRedo(of: client) }
            throw ServiceError.conflict("cannot \(word): \(reason.sentence(by: entry.author)); that step has left your \(word) history")
        }
        return try undoing ? undo(client: client, revision: revision, on: document)
                           : redo(client: client, revision: revision, on: document)
    }
}
