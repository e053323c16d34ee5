import Foundation

/// What the audit log records (docs/api.md, "Audit log"): one name per kind of event, as the
/// log and its readers spell it.
public enum AuditAction: String, CaseIterable, Sendable {
    /// A browser signed in through the editor's `?token=` address.
    case signIn
    /// A document's file, or one version's, was downloaded.
    case download
    /// A flattened PDF, a PNG or a view was exported.
    case export
    /// A document went to the trash.
    case delete
    /// A document came back from the trash.
    case restore
    /// A document was removed for good.
    case purge
    /// An older version was made current.
    case restoreVersion
    /// Annotations were unlocked.
    case unlock
    /// A document was shared, or a share changed or was taken back, or its owner changed.
    case share
    /// A user was added.
    case addUser
    /// A user was revoked.
    case revokeUser
    /// Retention settings changed, the store's or a document's.
    case setRetention
    /// Versions of a document were forgotten by retention (their numbers, the bytes freed).
    case pruneVersions
    /// A document's redaction marks were applied and its earlier versions removed (the new
    /// version, and what was removed counted, never the text itself).
    case redact
    /// A document was signed with its user's certificate kept on the server (the version
    /// made, the field and the certificate's subject; never the key).
    case sign
    /// A user was given a certificate for signing on the server, or had it removed.
    case setCertificate
    /// A user saved a handwritten signature or initials (its id, kind and drawing type).
    case addSavedSignature
    /// A user replaced the drawing of a saved signature in place (its id, kind and drawing type).
    case replaceSavedSignature
    /// A user removed a saved signature (its id).
    case removeSavedSignature
}

/// One line of the audit log: who did what, when, to which document.
public struct AuditEntry: Equatable, Sendable {
    /// Its place in the log (1, 2, …), given by the store; 0 before it is appended.
    public var id: Int
    public var at: Date
    /// The user (or the operator at the command line, `cli`); nil on a server without users.
    public var actor: String?
    public var action: AuditAction
    public var document: String?
    /// What else identifies the event: a version number, an export's format, a share, a user.
    public var detail: String?

    public init(id: Int = 0, at: Date, actor: String?, action: AuditAction, document: String? = nil, detail: String? = nil) {
        self.id = id
        self.at = at
        self.actor = actor
        self.action = action
        self.document = document
        self.detail = detail
    }

    /// The entry as the API gives it: `{"id", "at", "actor", "action", "document", "detail"}`.
    public var json: [String: Any] {
        ["id": id, "at": ISO8601DateFormatter().string(from: at), "actor": actor ?? NSNull(), "action": action.rawValue,
         "document": document ?? NSNull(), "detail": detail ?? NSNull()]
    }
}

/// The audit log of a store (both stores): appended to, read in order, never changed — the
/// tables refuse updates and deletes. Throws ``StoreError``.
public protocol AuditStore: AnyObject, Sendable {
    /// Appends `entry` and returns it with its id.
    @discardableResult
    func appendAudit(_ entry: AuditEntry) throws -> AuditEntry
    /// Up to `limit` entries after id `after`, oldest first.
    func auditEntries(after: Int, limit: Int) throws -> [AuditEntry]
}
