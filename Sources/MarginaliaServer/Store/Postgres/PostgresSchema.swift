import Foundation

/// The PostgreSQL store's schema as a list of migrations, as for SQLite (``SQLiteSchema``):
/// migration `n` takes the database from version `n` to `n + 1`. Opening a store applies
/// the missing ones in one transaction, holding an advisory lock so that replicas starting
/// together migrate once, and records the version in `marginalia_schema`; a database newer
/// than this code is refused.
enum PostgresSchema {
    static let migrations: [String] = [
        // 0 → 1: documents, versions (each a chunk of bytes appended to the one before it in
        // the same file), the operation log, the chunks.
        """
        CREATE TABLE documents (
            id text PRIMARY KEY CHECK (length(id) = 32),
            name text NOT NULL,
            kind text NOT NULL CHECK (kind IN ('pdf', 'image')),
            created double precision NOT NULL,
            modified double precision NOT NULL,
            trashed_at double precision,
            revision bigint NOT NULL DEFAULT 0,
            saved_revision bigint NOT NULL DEFAULT 0,
            history_base bigint NOT NULL DEFAULT 0,
            page_count integer NOT NULL DEFAULT 0,
            file text NOT NULL
        );
        CREATE TABLE versions (
            document text NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            number integer NOT NULL,
            byte_length bigint NOT NULL,
            revision bigint NOT NULL,
            created double precision NOT NULL,
            file text NOT NULL,
            chunk text NOT NULL,
            chunk_offset bigint NOT NULL,
            PRIMARY KEY (document, number)
        );
        CREATE TABLE operations (
            document text NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            revision bigint NOT NULL,
            client_id text NOT NULL,
            kind text NOT NULL CHECK (kind IN ('do', 'undo', 'redo')),
            json text NOT NULL,
            created double precision NOT NULL,
            PRIMARY KEY (document, revision)
        );
        CREATE TABLE blobs (
            key text PRIMARY KEY,
            data bytea NOT NULL
        );
        -- PDF data is mostly compressed already: store it out of line without compressing.
        ALTER TABLE blobs ALTER COLUMN data SET STORAGE EXTERNAL;
        """,
        // 1 → 2: the common append in one round trip, the commit included: lock the row,
        // check that the document is where the entries were made, insert them, move the row,
        // send the notice. NULL when appended; otherwise the row's revision (the caller
        // catches up in a transaction of its own), or -1 for no such document.
        """
        CREATE FUNCTION marginalia_append(p_document text, p_after bigint, p_file text, p_revisions bigint[],
                                          p_clients text[], p_kinds text[], p_jsons text[],
                                          p_created double precision[], p_page_count integer,
                                          p_modified double precision, p_channel text, p_notice text)
        RETURNS bigint LANGUAGE plpgsql AS $$
        DECLARE
            current_revision bigint;
            current_file text;
        BEGIN
            SELECT revision, file INTO current_revision, current_file FROM documents WHERE id = p_document FOR UPDATE;
            IF NOT FOUND THEN
                RETURN -1;
            END IF;
            IF current_revision <> p_after OR (p_file IS NOT NULL AND current_file <> p_file) THEN
                RETURN current_revision;
            END IF;
            INSERT INTO operations (document, revision, client_id, kind, json, created)
                SELECT p_document, u.r, u.c, u.k, u.j, u.t
                FROM unnest(p_revisions, p_clients, p_kinds, p_jsons, p_created) AS u(r, c, k, j, t);
            UPDATE documents SET revision = p_revisions[cardinality(p_revisions)], page_count = p_page_count,
                                 modified = p_modified
            WHERE id = p_document;
            PERFORM pg_notify(p_channel, p_notice);
            RETURN NULL;
        END $$;
        """,
        // 2 → 3: the text index (PostgresTextIndex): per document the version indexed, per
        // page its words with their quads, per page and annotation its text with its tokens.
        // The reference to the document is checked at commit, so that indexing never holds a
        // lock on the document's row that its commits would wait for.
        """
        CREATE TABLE text_documents (
            document text PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
            version text NOT NULL,
            revision bigint NOT NULL,
            version_number bigint NOT NULL
        );
        CREATE TABLE text_pages (
            document text NOT NULL REFERENCES text_documents(document) ON DELETE CASCADE,
            page integer NOT NULL,
            words text NOT NULL,
            PRIMARY KEY (document, page)
        );
        CREATE TABLE text_entries (
            id bigserial PRIMARY KEY,
            document text NOT NULL REFERENCES text_documents(document) ON DELETE CASCADE,
            page integer NOT NULL,
            kind text NOT NULL CHECK (kind IN ('page', 'annotation')),
            annotation text,
            body text NOT NULL,
            terms tsvector NOT NULL
        );
        CREATE INDEX text_entries_terms ON text_entries USING gin (terms);
        CREATE INDEX text_entries_document ON text_entries (document, page);
        """,
        // 3 → 4: the author of each log entry (the name the client sent; NULL when unknown, as
        // for every entry logged before), and marginalia_append taking the authors too. The
        // signature of version 2 stays, calling the new one without authors, so that replicas
        // not yet upgraded keep appending until they are restarted on this version.
        """
        ALTER TABLE operations ADD COLUMN author text;
        CREATE FUNCTION marginalia_append(p_document text, p_after bigint, p_file text, p_revisions bigint[],
                                          p_clients text[], p_kinds text[], p_jsons text[],
                                          p_created double precision[], p_page_count integer,
                                          p_modified double precision, p_channel text, p_notice text,
                                          p_authors text[])
        RETURNS bigint LANGUAGE plpgsql AS $$
        DECLARE
            current_revision bigint;
            current_file text;
        BEGIN
            SELECT revision, file INTO current_revision, current_file FROM documents WHERE id = p_document FOR UPDATE;
            IF NOT FOUND THEN
                RETURN -1;
            END IF;
            IF current_revision <> p_after OR (p_file IS NOT NULL AND current_file <> p_file) THEN
                RETURN current_revision;
            END IF;
            INSERT INTO operations (document, revision, client_id, kind, json, created, author)
                SELECT p_document, u.r, u.c, u.k, u.j, u.t, u.a
                FROM unnest(p_revisions, p_clients, p_kinds, p_jsons, p_created, p_authors) AS u(r, c, k, j, t, a);
            UPDATE documents SET revision = p_revisions[cardinality(p_revisions)], page_count = p_page_count,
                                 modified = p_modified
            WHERE id = p_document;
            PERFORM pg_notify(p_channel, p_notice);
            RETURN NULL;
        END $$;
        CREATE OR REPLACE FUNCTION marginalia_append(p_document text, p_after bigint, p_file text, p_revisions bigint[],
                                                     p_clients text[], p_kinds text[], p_jsons text[],
                                                     p_created double precision[], p_page_count integer,
                                                     p_modified double precision, p_channel text, p_notice text)
        RETURNS bigint LANGUAGE sql AS $$
            SELECT marginalia_append(p_document, p_after, p_file, p_revisions, p_clients, p_kinds, p_jsons, p_created,
                                     p_page_count, p_modified, p_channel, p_notice, NULL::text[])
        $$;
        """,
        // 4 → 5: the people who may sign in and who owns and shares each document, as in
        // SQLite's version 3 (docs/api.md, "People and roles" and "Sharing").
        """
        CREATE TABLE users (
            name text PRIMARY KEY,
            role text NOT NULL CHECK (role IN ('reader', 'commenter', 'editor', 'admin')),
            token_hash text NOT NULL UNIQUE CHECK (length(token_hash) = 64),
            created double precision NOT NULL,
            expires double precision,
            revoked double precision
        );
        CREATE TABLE shares (
            document text NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            grantee text NOT NULL,
            role text NOT NULL CHECK (role IN ('reader', 'commenter', 'editor', 'admin', 'owner')),
            PRIMARY KEY (document, grantee)
        );
        """,
        // 5 → 6: the audit log, append-only, as SQLite's version 4 (docs/api.md, "Audit log").
        """
        CREATE TABLE audit (
            id bigserial PRIMARY KEY,
            at double precision NOT NULL,
            actor text,
            action text NOT NULL,
            document text,
            detail text
        );
        CREATE FUNCTION marginalia_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$;
        CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit
            FOR EACH ROW EXECUTE FUNCTION marginalia_audit_append_only();
        CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit
            FOR EACH STATEMENT EXECUTE FUNCTION marginalia_audit_append_only();
        """,
        // 6 → 7: retention, as SQLite's version 5 (docs/store.md, "Retention").
        """
        CREATE TABLE retention (
            id integer PRIMARY KEY CHECK (id = 1),
            keep_versions integer CHECK (keep_versions >= 1),
            keep_days integer CHECK (keep_days >= 0),
            trash_days integer CHECK (trash_days >= 0)
        );
        CREATE TABLE document_retention (
            document text PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
            keep_versions integer CHECK (keep_versions >= 1),
            keep_days integer CHECK (keep_days >= 0)
        );
        """,
        // 7 → 8: the version a redaction made, as SQLite's version 6.
        """
        ALTER TABLE versions ADD COLUMN redacted boolean NOT NULL DEFAULT false;
        """,
        // 8 → 9: saved signatures and initials, as SQLite's version 7.
        """
        CREATE TABLE saved_signatures (
            id text PRIMARY KEY CHECK (length(id) = 32),
            owner text NOT NULL,
            kind text NOT NULL CHECK (kind IN ('signature', 'initials')),
            label text NOT NULL,
            drawing text NOT NULL,
            created double precision NOT NULL,
            modified double precision NOT NULL
        );
        CREATE INDEX saved_signatures_owner ON saved_signatures (owner, created);
        """,
        // 9 → 10: users' sealed certificates, as SQLite's version 8.
        """
        CREATE TABLE user_certificates (
            owner text PRIMARY KEY,
            subject text NOT NULL,
            issuer text NOT NULL,
            not_after double precision,
            key_id text NOT NULL,
            sealed text NOT NULL,
            added double precision NOT NULL
        );
        """,
        // 10 → 11: an annotation's rows in the text index found by its id, so that the index
        // takes annotations' edits from the log (PostgresTextIndex.update) instead of reading
        // the whole document again.
        """
        CREATE INDEX text_entries_annotation ON text_entries (document, annotation) WHERE kind = 'annotation';
        """,
    ]

    static var currentVersion: Int { migrations.count }

    /// The advisory lock key that serialises migrations ("MARG").
    static let migrationLock = 0x4D41_5247

    /// Migrates the schema on `connection` (in one transaction).
    static func prepare(_ pool: PostgresPool) throws {
        try pool.transaction { connection in
            try connection.query("SELECT pg_advisory_xact_lock($1)", [.integer(migrationLock)])
            try connection.run("CREATE TABLE IF NOT EXISTS marginalia_schema (version integer NOT NULL)")
            let stored = try connection.query("SELECT version FROM marginalia_schema").first?.integer(0)
            let version = stored ?? 0
            guard version <= currentVersion else {
                throw StoreError.damaged(
                    "the database has schema version \(version); this program knows versions up to \(currentVersion)")
            }
            for migration in migrations[version...] { try connection.run(migration) }
            if stored == nil {
                try connection.query("INSERT INTO marginalia_schema (version) VALUES ($1)", [.integer(currentVersion)])
            } else if version != currentVersion {
                try connection.query("UPDATE marginalia_schema SET version = $1", [.integer(currentVersion)])
            }
        }
    }

    /// The schema version recorded in the database (0 for an empty one).
    static func version(_ pool: PostgresPool) throws -> Int {
        try pool.withConnection { connection in
            let exists = try connection.query("SELECT to_regclass('marginalia_schema') IS NOT NULL").first?.text(0) == "t"
            guard exists else { return 0 }
            return try connection.query("SELECT version FROM marginalia_schema").first?.integer(0) ?? 0
        }
    }
}
