import Foundation

/// Where the server writes audit lines (``AuditStore``), for the routes and the sign-in.
///
/// Recording never turns a done request into a failure: the change already happened, so a
/// line the store refuses is reported on standard error instead (the server's log).
public struct AuditLog: Sendable {
    public let store: (any AuditStore)?

    public init(store: (any AuditStore)? = nil) {
        self.store = store
    }

    /// Appends one line now.
    public func record(_ action: AuditAction, by caller: Caller, document: String? = nil, detail: String? = nil) {
        guard let store else { return }
        do {
            try store.appendAudit(AuditEntry(at: Date(), actor: caller.name, action: action, document: document, detail: detail))
        } catch {
            FileHandle.standardError.write(Data("marginalia: the audit log refused \(action.rawValue) of \(document ?? "-"): \(error)\n".utf8))
        }
    }
}
