import Foundation
import Marginalia

/// A JSON value about one document that carries the document's revision.
public protocol RevisionCarrying: Encodable, Sendable {
    /// The document's revision when the value was made.
    var revision: Int { get }
}

/// A document event the `/events` stream sends.
public protocol ServerSentEventConvertible: Sendable {
    /// The `event:` name: `operation`, `saved`, `renamed`, `deleted`, …
    var eventName: String { get }
    /// The revision for the `id:` line (applied operations), or nil for no id.
    var eventRevision: Int? { get }
    /// The `data:` JSON.
    func eventData() throws -> Data
}

/// What the `/api/v1` routes need from the document service (docs/api.md, one method per
/// endpoint). The names and shapes follow `DocumentService`, which conforms with a thin
/// extension; tests conform an in-memory fake.
///
/// Methods are synchronous and may block (SQLite, file I/O): the server runs them on its own
/// handler threads. Every method throws errors that conform to ``APIErrorConvertible`` for
/// what the client got wrong; anything else is answered as 500.
public protocol DocumentServing: Sendable {
    associatedtype Summary: RevisionCarrying
    associatedtype Page: Encodable & Sendable
    associatedtype Applied: RevisionCarrying
    associatedtype Log: RevisionCarrying
    associatedtype Annotations: RevisionCarrying
    associatedtype Fields: RevisionCarrying
    associatedtype Version: RevisionCarrying
    associatedtype Versions: RevisionCarrying
    associatedtype Event: ServerSentEventConvertible
    associatedtype Subscription: Sendable
    associatedtype PresenceEntry: Sendable
    associatedtype Viewers: Encodable

    /// Documents not in the trash, newest modified first.
    func list() throws -> [Summary]
    /// Documents in the trash.
    func trash() throws -> [Summary]
    /// Stores a PDF, PNG or JPEG (type sniffed from the bytes) as a new document; `password`
    /// opens an encrypted PDF.
    func importDocument(name: String, data: Data, password: String?) throws -> Summary
    /// One document's summary.
    func summary(_ id: String) throws -> Summary
    /// The pages of a document (crop boxes in page space).
    func pages(_ id: String) throws -> [Page]
    /// Renames a document.
    func rename(_ id: String, to name: String) throws -> Summary
    /// Moves a document to the trash.
    func delete(_ id: String) throws -> Summary
    /// Brings a document back from the trash.
    func restore(_ id: String) throws -> Summary
    /// The editable PDF in its current state (unsaved edits as an incremental update), and how
    /// many of its first bytes are the stored version it starts with.
    func currentFile(_ id: String) throws -> CurrentFile
    /// A flattened copy of the current state, its comments dropped, summarised or drawn as icons.
    func exportFlattened(_ id: String, comments: FlattenOptions.Comments) throws -> Data
    /// The annotations of one page, or of all pages.
    func annotations(_ id: String, page: Int?) throws -> Annotations
    /// The form fields, each with `highlight` and `editable` (docs/api.md).
    func fields(_ id: String) throws -> Fields
    /// Applies one operation, action, undo or redo from the raw JSON request body; a
    /// signed-in user's name (`signedInAs`) replaces every author the body names.
    func apply(_ id: String, body: Data, signedInAs author: String?) throws -> Applied
    /// The logged entries after revision `after`.
    func operations(_ id: String, after: Int) throws -> Log
    /// Calls `handler` for each later event of the document (quickly: it runs under the document's lock).
    func subscribe(_ id: String, _ handler: @escaping @Sendable (Event) -> Void) throws -> Subscription
    /// Ends a subscription.
    func unsubscribe(_ token: Subscription)
    /// Records that a client has the document open (its `/events` stream) and tells the
    /// document's subscribers who has it open now (a presence event).
    func enter(_ id: String, viewer: DocumentViewer) -> PresenceEntry
    /// Removes a viewer and tells the others.
    func leave(_ entry: PresenceEntry)
    /// Removes every entry of a client (the tab says it left) and tells the others.
    func leave(_ id: String, clientId: String) throws -> Viewers
    /// Who has the document open.
    func viewers(_ id: String) throws -> Viewers
    /// Appends an incremental update with the unsaved edits, as a new version.
    func save(_ id: String) throws -> Version
    /// Every saved version.
    func versions(_ id: String) throws -> Versions
    /// Makes version `number`'s content current, as a new version.
    func restoreVersion(_ id: String, _ number: Int) throws -> Summary
    /// The PDF of version `number`.
    func versionData(_ id: String, _ number: Int) throws -> Data
    /// Save as: a new document with a copy of the current state under `name`.
    func saveAs(_ id: String, name: String) throws -> Summary
    /// A PNG of one page with its annotations (an image document at its own size by default).
    func exportPNG(_ id: String, page: Int, scale: Double?) throws -> Data
    /// A PNG of one annotation's appearance alone, on a transparent background.
    func appearancePNG(_ id: String, annotation: String, scale: Double?) throws -> Data
    /// A one-page vector PDF of a region of one page, annotations burned in.
    func exportRegion(_ id: String, page: Int, rect: CGRect) throws -> Data
}

extension DocumentServing {
    /// ``apply(_:body:signedInAs:)`` with the authors the body names (a server without users).
    public func apply(_ id: String, body: Data) throws -> Applied {
        try apply(id, body: body, signedInAs: nil)
    }
}
