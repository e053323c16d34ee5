import Foundation

// The people of a shared database (``UserStore``): the `users` table every replica reads on
// each request, so a user added or revoked on one is seen by all at once.

extension PostgresDocumentStore: UserStore {
    public func addUser(_ user: UserRecord, tokenHash: String) throws -> UserRecord {
        try SQLiteDocumentStore.checkHash(tokenHash)
        return try pool.transaction { connection in
            // ON CONFLICT: two replicas or commands adding one name at once get one row.
            let inserted = try connection.query("""
                INSERT INTO users (name, role, token_hash, created, expires, revoked) VALUES ($1, $2, $3, $4, $5, NULL)
                ON CONFLICT (name) DO NOTHING RETURNING name
                """, [.text(user.name), .text(user.role.rawValue), .text(tokenHash), .real(user.created.timeIntervalSince1970),
                      user.expires.map { .real($0.timeIntervalSince1970) } ?? .null])
            guard !inserted.isEmpty else { throw PeopleError.userExists(user.name) }
            return user
        }
    }

    public func users() throws -> [UserRecord] {
        try pool.withConnection { connection in
            try connection.query("SELECT \(Self.userColumns) FROM users ORDER BY created, name").map(Self.userRecord)
        }
    }

    public func user(tokenHash: String) throws -> UserRecord? {
        try pool.withConnection { connection in
            try connection.query("SELECT \(Self.userColumns) FROM users WHERE token_hash = $1", [.text(tokenHash)])
                .first.map(Self.userRecord)
        }
    }

    public func revokeUser(_ name: String, now: Date) throws -> UserRecord {
        try pool.transaction { connection in
            try connection.query("UPDATE users SET revoked = $1 WHERE name = $2 AND revoked IS NULL",
                                 [.real(now.timeIntervalSince1970), .text(name)])
            guard let row = try connection.query("SELECT \(Self.userColumns) FROM users WHERE name = $1", [.text(name)]).first
            else { throw PeopleError.noSuchUser(name) }
            return try Self.userRecord(row)
        }
    }

    public func hasUsers() throws -> Bool {
        try userPresence.hasUsers {
            try pool.withConnection { try !$0.query("SELECT 1 FROM users LIMIT 1").isEmpty }
        }
    }

    static let userColumns = "name, role, created, expires, revoked"

    static func userRecord(_ row: PostgresRow) throws -> UserRecord {
        guard let name = row.text(0), let role = row.text(1).flatMap(Role.init(rawValue:)), let created = row.real(2)
        else { throw StoreError.damaged("a users row has missing or mistyped columns") }
        return UserRecord(name: name, role: role, created: Date(timeIntervalSince1970: created),
                          expires: row.real(3).map(Date.init(timeIntervalSince1970:)),
                          revoked: row.real(4).map(Date.init(timeIntervalSince1970:)))
    }
}
