import Foundation
import MarginaliaServer

/// `marginalia users add|list|revoke`: the people who may sign in to a store's servers
/// (docs/api.md, "People and roles"; docs/deploy.md).
enum UsersCommand {
    static let help = """
        usage: marginalia users add NAME --role \(Role.spelled) [--expires WHEN] [STORE]
               marginalia users list [STORE]
               marginalia users revoke NAME [STORE]
               marginalia users share DOCUMENT NAME|everyone --role ROLE [STORE]
               marginalia users unshare DOCUMENT NAME|everyone [STORE]
               marginalia users owner DOCUMENT NAME [STORE]
               marginalia users certificate NAME --p12 FILE [--password-file F]
                                            --signing-key-file KEY [STORE]
               marginalia users certificate NAME --remove [STORE]

        add     adds a person and prints their token once: the store keeps only its SHA-256,
                so a lost token cannot be shown again (revoke the user and add another name).
                Once a store has a user, every server on it asks every request for a user's
                token (`Authorization: Bearer TOKEN`, or the editor opened once with
                ?token=TOKEN), on loopback too, and no longer accepts `serve --token`.
        list    prints every user: name, role, state (active, expired or revoked), when added,
                when the token expires.
        revoke  refuses the user's token from the next request on, on every replica.
        share   lets a user (or everyone) use a document with a role, never more than their
                own; unshare takes that back; owner makes a user the document's owner. A
                document a signed-in user made (upload, save as, extract) is theirs and
                private until shared; documents no user made are open to every user's role;
                admins may use every document. Each prints the document's owner and shares.
        certificate  gives the user a certificate to sign with on the server (the editor's
                "Sign with my certificate", docs/signatures.md): the PKCS#12 file (key and
                chain) and its password (--password-file, else standard input) sealed with
                AES-256-GCM under the operator's key (--signing-key-file, the file `serve`
                is given; the key is never stored), for this user only; replaces the one they
                had. --remove takes it away. Prints the certificate's subject, issuer and expiry.

        Roles, each with what the one before it may do:
          reader     views and downloads documents
          commenter  also replies to comments and sets review states
          editor     also edits, unlocks, saves and makes documents
          admin      also manages documents (trash, restore, purge), versions and people

          --role ROLE    \(Role.spelled)
          --expires WHEN the token stops working after N days (`30d`), N hours (`12h`), or at
                         an ISO 8601 date or time (`2027-01-31`, `2027-01-31T18:00:00Z`);
                         default never

        STORE is the store as `marginalia serve` takes it: --data DIR, or --store LOCATION
        (a folder or a postgresql:// URL) with --store-password-file FILE; default
        $MARGINALIA_STORE, else ./marginalia-data. A server may be running on it.
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        let action = try arguments.action(expected: "add, list, revoke, share, unshare, owner or certificate")
        switch action {
        case "add": try add(&arguments)
        case "list": try list(&arguments)
        case "revoke": try revoke(&arguments)
        case "share", "unshare", "owner": try share(action, &arguments)
        case "certificate": try certificate(&arguments)
        default: throw UsageError("unknown action '\(action)': expected add, list, revoke, share, unshare, owner or certificate")
        }
    }

    private static func add(_ arguments: inout Arguments, now: Date = Date()) throws {
        guard let roleText = try arguments.option("--role") else { throw UsageError("add needs --role \(Role.spelled)") }
        let role: Role
        do { role = try Role(named: roleText) } catch { throw UsageError("--role: \(error)") }
        let expires = try arguments.option("--expires").map { try expiry($0, now: now) }
        let (store, name) = try openStore(&arguments, naming: "add")
        defer { store.close() }
        let token = AccessControl.makeToken()
        try reportingFailures {
            let validName = try PeopleError.validateName(name)
            _ = try users(store).addUser(UserRecord(name: validName, role: role, created: now, expires: expires),
                                          tokenHash: TokenHash.of(token))
            try audit(store, .addUser, detail: "\(validName) role=\(role.rawValue)")
        }
        print("user: \(name)")
        print("role: \(role.rawValue)")
        print("expires: \(expires.map(format) ?? "never")")
        print("token: \(token)")
        print("The token is shown only now; the store keeps only its SHA-256.")
    }

    private static func list(_ arguments: inout Arguments, now: Date = Date()) throws {
        let (store, _) = try openStore(&arguments, naming: nil)
        defer { store.close() }
        try reportingFailures {
            print(["name", "role", "state", "added", "expires"].joined(separator: "\t"))
            for user in try users(store).users() {
                print([user.name, user.role.rawValue, user.state(at: now), format(user.created),
                       user.expires.map(format) ?? "never"].joined(separator: "\t"))
            }
        }
    }

    private static func revoke(_ arguments: inout Arguments, now: Date = Date()) throws {
        let (store, name) = try openStore(&arguments, naming: "revoke")
        defer { store.close() }
        try reportingFailures {
            let user = try users(store).revokeUser(name, now: now)
            try audit(store, .revokeUser, detail: user.name)
            print("Revoked \(user.name) (\(user.role.rawValue)) at \(format(user.revoked ?? now)).")
        }
    }

    /// `share DOCUMENT NAME --role ROLE`, `unshare DOCUMENT NAME` and `owner DOCUMENT NAME`.
    private static func share(_ action: String, _ arguments: inout Arguments) throws {
        let role = try action == "share" ? arguments.option("--role").map { text -> Role in
            do { return try Role(named: text) } catch { throw UsageError("--role: \(error)") }
        } : nil
        if action == "share" && role == nil { throw UsageError("share needs --role \(Role.spelled)") }
        let (store, names) = try openStore(&arguments, naming: action, count: 2, what: "a DOCUMENT id and a NAME")
        defer { store.close() }
        let (document, name) = (names[0], names[1])
        try reportingFailures {
            guard let sharing = store as? any SharingStore else {
                throw CommandFailure(description: "the store \(store.location) keeps no shares", code: ExitCode.badInput)
            }
            if action == "owner" {
                try sharing.setOwner(of: document, to: try PeopleError.validateName(name))
                try audit(store, .share, document: document, detail: "owner=\(name)")
            } else {
                let grantee = name == DocumentShares.everyoneName ? DocumentShares.everyone : try PeopleError.validateName(name)
                try sharing.share(document, with: grantee, as: role)
                try audit(store, .share, document: document, detail: "to=\(name) role=\(role?.rawValue ?? "none")")
            }
            let shares = try sharing.shares(of: document)
            print("document: \(document)")
            print("owner: \(shares.owner ?? "none")")
            for (grantee, role) in shares.grants.sorted(by: { $0.key < $1.key }) {
                print("shared with \(grantee == DocumentShares.everyone ? DocumentShares.everyoneName : grantee): \(role.rawValue)")
            }
        }
    }

    /// Opens the store the options name, and takes the NAME argument when `action` needs one.
    static func openStore(_ arguments: inout Arguments, naming action: String?) throws
        -> (store: any DocumentStore, name: String) {
        let (store, names) = try openStore(&arguments, naming: action, count: action == nil ? 0 : 1, what: "one NAME")
        return (store, names.first ?? "")
    }

    /// Opens the store the options name, and takes the `count` positional arguments `action` needs.
    private static func openStore(_ arguments: inout Arguments, naming action: String?, count: Int, what: String) throws
        -> (store: any DocumentStore, names: [String]) {
        let data = try arguments.option("--data")
        let location = try ServeCommand.storeLocation(&arguments, data: data, environment: ProcessInfo.processInfo.environment)
            ?? .folder(URL(fileURLWithPath: data ?? "marginalia-data"))
        if let unknown = arguments.items.first(where: { $0.hasPrefix("-") && $0.count > 1 }) {
            throw UsageError("unknown option '\(unknown)'")
        }
        if let action, arguments.items.count != count {
            throw UsageError("\(action) needs \(what), got \(arguments.items.count) argument(s)")
        }
        if action == nil, let extra = arguments.items.first { throw UsageError("unexpected '\(extra)'") }
        do {
            return (try location.open(), arguments.items)
        } catch {
            throw CommandFailure(description: "cannot open the store \(location): \(error)", code: ExitCode.badInput)
        }
    }

    /// Appends a line to the audit log as the command line's (`cli` and the system user).
    static func audit(_ store: any DocumentStore, _ action: AuditAction, document: String? = nil, detail: String) throws {
        let who = ProcessInfo.processInfo.environment["USER"].map { "cli:\($0)" } ?? "cli"
        try (store as? any AuditStore)?.appendAudit(AuditEntry(at: Date(), actor: who, action: action, document: document,
                                                               detail: detail))
    }

    private static func users(_ store: any DocumentStore) throws -> any UserStore {
        guard let users = store as? any UserStore else {
            throw CommandFailure(description: "the store \(store.location) keeps no users", code: ExitCode.badInput)
        }
        return users
    }

    /// `Nd`, `Nh` or an ISO 8601 date or time, in the future.
    static func expiry(_ text: String, now: Date) throws -> Date {
        let date: Date?
        if let unit = text.last, unit == "d" || unit == "h", let count = Int(text.dropLast()), (1...36_500).contains(count) {
            date = now.addingTimeInterval(Double(count) * (unit == "d" ? 86_400 : 3_600))
        } else {
            let full = ISO8601DateFormatter()
            let day = ISO8601DateFormatter()
            day.formatOptions = [.withFullDate]
            date = full.date(from: text) ?? day.date(from: text)
        }
        guard let date else {
            throw UsageError("--expires: '\(text.prefix(40))' is not N days (30d), N hours (12h) or an ISO 8601 date or time")
        }
        guard date > now else { throw UsageError("--expires: \(PeopleError.expiryPassed(date))") }
        return date
    }

    private static func format(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    /// Runs `body`, turning a refusal or a store failure into exit status 1.
    static func reportingFailures(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as PeopleError {
            throw CommandFailure(description: "\(error)", code: ExitCode.badInput)
        } catch let error as StoreError {
            throw CommandFailure(description: "\(error)", code: ExitCode.badInput)
        }
    }
}
