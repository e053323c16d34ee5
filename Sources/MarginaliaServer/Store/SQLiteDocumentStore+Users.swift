import Foundation

// The people of a data folder (``UserStore``): the `users` table of the catalogue, which
// `marginalia users` changes while a server may be running (SQLite's file locks and the busy
// timeout serialise the two processes).

extension SQLiteDocumentStore: UserStore {
    public func addUser(_ user: UserRecord, tokenHash: String) throws -> UserRecord {
        try SQLiteDocumentStore.checkHash(tokenHash)
        // Before the commit: a server running on the folder asks the catalogue again from the
        // next request on.
        try userPresence.announce()
        return try withDatabase { database in
            try database.transaction {
                if try !database.rows("SELECT 1 FROM users WHERE name = ?", [.text(user.name)]).isEmpty {
                    throw PeopleError.userExists(user.name)
                }
                try database.run("""
                    INSERT INTO users (name, role, token_hash, created, expires, revoked) VALUES (?, ?, ?, ?, ?, NULL)
                    """, [.text(user.name), .text(user.role.rawValue), .text(tokenHash), .real(user.created.timeIntervalSince1970),
                          user.expires.map { .real($0.timeIntervalSince1970) } ?? .null])
                return user
            }
        }
    }

    public func users() throws -> [UserRecord] {
        try withDatabase { database in
            try database.rows("SELECT \(Self.userColumns) FROM users ORDER BY created, name").map(Self.userRecord)
        }
    }

    public func user(tokenHash: String) throws -> UserRecord? {
        try withDatabase { database in
            try database.rows("SELECT \(Self.userColumns) FROM users WHERE token_hash = ?", [.text(tokenHash)])
                .first.map(Self.userRecord)
        }
    }

    public func revokeUser(_ name: String, now: Date) throws -> UserRecord {
        try withDatabase { database in
            try database.transaction {
                try database.run("UPDATE users SET revoked = ? WHERE name = ? AND revoked IS NULL",
                                 [.real(now.timeIntervalSince1970), .text(name)])
                guard let row = try database.rows("SELECT \(Self.userColumns) FROM users WHERE name = ?", [.text(name)]).first
                else { throw PeopleError.noSuchUser(name) }
                return try Self.userRecord(row)
            }
        }
    }

    public func hasUsers() throws -> Bool {
        try userPresence.hasUsers {
            try withDatabase { try !$0.rows("SELECT 1 FROM users LIMIT 1").isEmpty }
        }
    }

    /// The flag file of a data folder whose catalogue has (or is about to have) users
    /// (``UserPresence``; docs/store.md, "Layout").
    static let usersFlagName = "users.flag"

    static let userColumns = "name, role, created, expires, revoked"

    static func userRecord(_ row: SQLiteRow) throws -> UserRecord {
        guard let name = row[0].textValue, let role = row[1].textValue.flatMap(Role.init(rawValue:)),
              let created = row[2].realValue
        else { throw StoreError.damaged("a users row has missing or mistyped columns") }
        return UserRecord(name: name, role: role, created: Date(timeIntervalSince1970: created),
                          expires: row[3].realValue.map(Date.init(timeIntervalSince1970:)),
                          revoked: row[4].realValue.map(Date.init(timeIntervalSince1970:)))
    }

    /// Refuses anything but 64 lowercase hexadecimal digits (``TokenHash``), which the table
    /// checks too.
    static func checkHash(_ hash: String) throws {
        guard hash.utf8.count == 64, hash.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            throw StoreError.invalidRequest("a token hash must be 64 lowercase hexadecimal digits")
        }
    }
}
