import Foundation
import MarginaliaServer

/// `marginalia users add|list|revoke`: the people who may sign in to a store's servers
/// (docs/api.md, "People and roles"; docs/deploy.md).
enum UsersCommand {
    static let help = """
        usage: marginalia users add NAME --role \(Role.spelled) [--expires WHEN] [STORE]
               marginalia users list [STORE]
               marginalia users revoke NAME [STORE]

        add     adds a person and prints their token once: the store keeps only its SHA-256,
                so a lost token cannot be shown again (revoke the user and add another name).
                Once a store has a user, every server on it asks every request for a user's
                token (`Authorization: Bearer TOKEN`, or the editor opened once with
                ?token=TOKEN), on loopback too, and no longer accepts `serve --token`.
        list    prints every user: name, role, state (active, expired or revoked), when added,
                when the token expires.
        revoke  refuses the user's token from the next request on, on every replica.

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
        guard let action = arguments.items.first, !action.hasPrefix("-") else {
            throw UsageError("expected an action: add, list or revoke")
        }
        arguments = Arguments(Array(arguments.items.dropFirst()))
        switch action {
        case "add": try add(&arguments)
        case "list": try list(&arguments)
        case "revoke": try revoke(&arguments)
        default: throw UsageError("unknown action '\(action)': expected add, list or revoke")
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
            print("Revoked \(user.name) (\(user.role.rawValue)) at \(format(user.revoked ?? now)).")
        }
    }

    /// Opens the store the options name, and takes the NAME argument when `action` needs one.
    private static func openStore(_ arguments: inout Arguments, naming action: String?) throws
        -> (store: any DocumentStore, name: String) {
        let data = try arguments.option("--data")
        let location = try ServeCommand.storeLocation(&arguments, data: data, environment: ProcessInfo.processInfo.environment)
            ?? .folder(URL(fileURLWithPath: data ?? "marginalia-data"))
        if let unknown = arguments.items.first(where: { $0.hasPrefix("-") && $0.count > 1 }) {
            throw UsageError("unknown option '\(unknown)'")
        }
        let name: String
        if let action {
            guard arguments.items.count == 1 else { throw UsageError("\(action) needs one NAME, got \(arguments.items.count)") }
            name = arguments.items[0]
        } else {
            if let extra = arguments.items.first { throw UsageError("unexpected '\(extra)'") }
            name = ""
        }
        do {
            return (try location.open(), name)
        } catch {
            throw CommandFailure(description: "cannot open the store \(location): \(error)", code: ExitCode.badInput)
        }
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
    private static func reportingFailures(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as PeopleError {
            throw CommandFailure(description: "\(error)", code: ExitCode.badInput)
        } catch let error as StoreError {
            throw CommandFailure(description: "\(error)", code: ExitCode.badInput)
        }
    }
}
