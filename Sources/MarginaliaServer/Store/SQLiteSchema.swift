import Foundation

/// The catalogue's schema as a list of migrations: migration `n` takes the database from
/// version `n` to `n + 1`. Opening a store applies the missing ones in one transaction and
/// records the version in `schema_version`; a database newer than this code is refused.
enum SQLiteSchema {
    static let migrations: [String] = [
        // 0 → 1: documents, versions, the operation log.
        """
        CREATE TABLE documents (
            id TEXT PRIMARY KEY CHECK (length(id) = 32),
            name TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('pdf', 'image')),
            created REAL NOT NULL,
            modified REAL NOT NULL,
            trashed_at REAL,
            revision INTEGER NOT NULL DEFAULT 0,
            saved_revision INTEGER NOT NULL DEFAULT 0,
            history_base INTEGER NOT NULL DEFAULT 0,
            page_count INTEGER NOT NULL DEFAULT 0,
            file TEXT NOT NULL
        );
        CREATE TABLE versions (
            document TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            byte_length INTEGER NOT NULL,
            revision INTEGER NOT NULL,
            created REAL NOT NULL,
            file TEXT NOT NULL,
            PRIMARY KEY (document, number)
        );
        CREATE TABLE operations (
            document TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            revision INTEGER NOT NULL,
            client_id TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('do', 'undo', 'redo')),
            json TEXT NOT NULL,
            created REAL NOT NULL,
            PRIMARY KEY (document, revision)
        );
        """,
        // 1 → 2: the author of each log entry (the name the client sent; NULL when unknown,
        // as for every entry logged before).
        """
        ALTER TABLE operations ADD COLUMN author TEXT;
        """,
        // 2 → 3: the people who may sign in (docs/api.md, "People and roles"): the SHA-256 of
        // each token, never the token; and who owns and shares each document ("Sharing"): a
        // user's name or '*' (everyone) as the grantee, the role 'owner' for the owner.
        """
        CREATE TABLE users (
            name TEXT PRIMARY KEY,
            role TEXT NOT NULL CHECK (role IN ('reader', 'commenter', 'editor', 'admin')),
            token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
            created REAL NOT NULL,
            expires REAL,
            revoked REAL
        );
        CREATE TABLE shares (
            document TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            grantee TEXT NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('reader', 'commenter', 'editor', 'admin', 'owner')),
            PRIMARY KEY (document, grantee)
        );
        """,
        // 3 → 4: the audit log (docs/api.md, "Audit log"), append-only: updates and deletes
        // are refused by the table itself. No reference to documents: a purged document's
        // lines stay.
        """
        CREATE TABLE audit (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at REAL NOT NULL,
            actor TEXT,
            action TEXT NOT NULL,
            document TEXT,
            detail TEXT
        );
        CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
        CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
        """,
        // 4 → 5: retention (docs/store.md, "Retention"): the store's settings in one row, and
        // the documents that have a policy of their own. NULL: no such limit.
        """
        CREATE TABLE retention (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            keep_versions INTEGER CHECK (keep_versions >= 1),
            keep_days INTEGER CHECK (keep_days >= 0),
            trash_days INTEGER CHECK (trash_days >= 0)
        );
        CREATE TABLE document_retention (
            document TEXT PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
            keep_versions INTEGER CHECK (keep_versions >= 1),
            keep_days INTEGER CHECK (keep_days >= 0)
        );
        """,
        // 5 → 6: the version a redaction made, which begins the document's history anew
        // (docs/redaction.md, "On the server"): 1 for it, 0 for every other.
        """
        ALTER TABLE versions ADD COLUMN redacted INTEGER NOT NULL DEFAULT 0;
        """,
        // 6 → 7: the saved signatures and initials of named users (docs/api.md, "Saved
        // signatures"), each row its owner's only: the owner's name, not a reference to
        // `users`, as users of a JWT backend have no row there.
        """
        CREATE TABLE saved_signatures (
            id TEXT PRIMARY KEY CHECK (length(id) = 32),
            owner TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('signature', 'initials')),
            label TEXT NOT NULL,
            drawing TEXT NOT NULL,
            created REAL NOT NULL,
            modified REAL NOT NULL
        );
        CREATE INDEX saved_signatures_owner ON saved_signatures (owner, created);
        """,
        // 7 → 8: each named user's certificate for signing on the server (docs/signatures.md,
        // "Signing on the server"): the PKCS#12 file and its password sealed with AES-256-GCM
        // under the operator's key (base64; the key is never stored, only its id), and what
        // the editor shows of the certificate.
        """
        CREATE TABLE user_certificates (
            owner TEXT PRIMARY KEY,
            subject TEXT NOT NULL,
            issuer TEXT NOT NULL,
            not_after REAL,
            key_id TEXT NOT NULL,
            sealed TEXT NOT NULL,
            added REAL NOT NULL
        );
        """,
    ]

    static var currentVersion: Int { migrations.count }

    /// Sets the connection up (WAL, full sync, foreign keys) and migrates the schema.
    static func prepare(_ database: SQLiteDatabase) throws {
        try database.execute("PRAGMA journal_mode = WAL")
        try database.execute("PRAGMA synchronous = FULL")
        try database.execute("PRAGMA foreign_keys = ON")
        // A deleted row's bytes are overwritten, not left in the page (a redaction's log
        // entries, docs/redaction.md); Debian's build has it on already, others may not.
        try database.execute("PRAGMA secure_delete = ON")
        try database.transaction {
            try database.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            let stored = try database.rows("SELECT version FROM schema_version").first?[0].integerValue
            let version = stored ?? 0
            guard version <= currentVersion else {
                throw StoreError.damaged(
                    "the catalogue has schema version \(version); this program knows versions up to \(currentVersion)")
            }
            for migration in migrations[version...] { try database.execute(migration) }
            if stored == nil {
                try database.run("INSERT INTO schema_version (version) VALUES (?)", [.integer(currentVersion)])
            } else if version != currentVersion {
                try database.run("UPDATE schema_version SET version = ?", [.integer(currentVersion)])
            }
        }
    }

    /// Checks, without writing, that a catalogue opened read-only has this program's schema.
    ///
    /// - Throws: ``StoreError/invalidRequest(_:)`` naming the version found.
    static func checkCurrent(_ database: SQLiteDatabase) throws {
        let hasTable = try database.rows("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")
        let version = hasTable.isEmpty ? 0 : try database.rows("SELECT version FROM schema_version").first?[0].integerValue ?? 0
        guard version == currentVersion else {
            throw StoreError.invalidRequest("""
                \(database.path) has schema version \(version); this program reads version \(currentVersion) without \
                writing (open it once with `marginalia store info` to bring it to version \(currentVersion))
                """)
        }
    }
}
