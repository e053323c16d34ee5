import Foundation
import MarginaliaServer

/// `marginalia audit [--after ID] [--limit N] [STORE]`: the audit log of a store, oldest
/// first (docs/api.md, "Audit log").
enum AuditCommand {
    static let help = """
        usage: marginalia audit [--after ID] [--limit N] [STORE]

        Prints the store's audit log, oldest first, one line per event, tab-separated: id,
        time, who (a user, `cli:USER` for the command line, `-` on a server without users),
        what, the document and the details. Recorded: sign-ins through the editor's
        ?token= address, downloads, exports, deletes, restores, purges, version restores,
        unlocks, shares and owners, users added and revoked. The log is append-only: both
        stores refuse to change or delete its lines.

          --after ID   only the lines after this id (default 0: from the start)
          --limit N    at most N lines (default: all)

        STORE is the store as `marginalia serve` takes it: --data DIR, or --store LOCATION
        with --store-password-file FILE; default $MARGINALIA_STORE, else ./marginalia-data.
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        let after = try number(&arguments, "--after") ?? 0
        let limit = try number(&arguments, "--limit")
        let (store, _) = try UsersCommand.openStore(&arguments, naming: nil)
        defer { store.close() }
        try UsersCommand.reportingFailures {
            guard let audit = store as? any AuditStore else {
                throw CommandFailure(description: "the store \(store.location) keeps no audit log", code: ExitCode.badInput)
            }
            var last = after
            var left = limit ?? Int.max
            while left > 0 {
                let entries = try audit.auditEntries(after: last, limit: min(left, 1000))
                for entry in entries {
                    print([String(entry.id), ISO8601DateFormatter().string(from: entry.at), entry.actor ?? "-", entry.action.rawValue,
                           entry.document ?? "-", entry.detail ?? "-"].joined(separator: "\t"))
                }
                guard let end = entries.last, entries.count == min(left, 1000) else { break }
                last = end.id
                left -= entries.count
            }
        }
    }

    private static func number(_ arguments: inout Arguments, _ name: String) throws -> Int? {
        guard let text = try arguments.option(name) else { return nil }
        guard let value = Int(text), value >= 0 else { throw UsageError("\(name): '\(text.prefix(20))' is not a whole number of at least 0") }
        return value
    }
}
