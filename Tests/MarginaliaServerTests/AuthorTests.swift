import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

/// The author of every logged change (the name the client sends with its command): kept in
/// both stores, carried by the log entries, and listed per version (distinct, in order of the
/// first change, nil for changes whose author is unknown).
@Suite("Authors of logged changes")
struct AuthorTests {
    /// Ana, Ben, a client without a name and Ana again, saved; Ben, saved; a restore.
    private func makeHistory(_ service: DocumentService) throws -> String {
        let id = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a")), base: 0, client: "tab-1", author: "Ana"))
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("b", x: 300)), base: 1, client: "tab-2",
                                                   author: "Ben"))
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("c", x: 200)), base: 2, client: "tab-3"))
        _ = try service.editing.apply(id, Fixtures.request(.undo, base: 3, client: "tab-1", author: "Ana"))
        _ = try service.saving.save(id)
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("d")), base: 4, client: "tab-4", author: "Ben"))
        _ = try service.saving.save(id)
        _ = try service.saving.restoreVersion(id, 2)
        return id
    }

    @Test(arguments: StoreKind.allCases) func versionsNameTheAuthorsOfTheirChanges(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let id = try makeHistory(try place.service())
        // Read by another service over a new store object (a restart, or another replica).
        let service = try place.service()
        let versions = try service.saving.versions(id).versions
        #expect(versions.map(\.number) == [1, 2, 3, 4])
        #expect(versions.map(\.changes) == [0, 4, 1, 0])
        #expect(versions.map(\.authors) == [[], ["Ana", "Ben", nil], ["Ben"], []])
        #expect(versions.map(\.clients) == [[], ["tab-1", "tab-2", "tab-3"], ["tab-4"], []])
        #expect(try service.editing.operations(id, after: 0).operations.map(\.author) == ["Ana", "Ben", nil, "Ana", "Ben"])
    }

    @Test func sqliteMigrationKeepsTheEntriesLoggedBeforeAuthors() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let old = try SQLiteDocumentStore(directory: folder.url)
        let id = try old.createDocument(name: "doc", kind: .pdf, pdf: Fixtures.sample, pageCount: 3).id
        let operations = try [Fixtures.add("a"), Fixtures.add("b", x: 300)].map(OpenDocuments.encodeOperation)
        try old.appendOperations(id, operations.enumerated().map {
            OperationRecord(revision: $0.offset + 1, clientID: "tab-old", kind: .do, json: $0.element)
        }, pageCount: 3)
        // Back to schema version 1, as a catalogue written before authors were kept.
        try old.withDatabase {
            try $0.execute("ALTER TABLE operations DROP COLUMN author; DROP TABLE users; DROP TABLE shares; DROP TABLE audit; "
                           + "DROP TABLE retention; DROP TABLE document_retention; ALTER TABLE versions DROP COLUMN redacted; "
                           + "DROP TABLE saved_signatures; DROP TABLE user_certificates; "
                           + "UPDATE schema_version SET version = 1")
        }
        old.close()

        let store = try SQLiteDocumentStore(directory: folder.url)
        let version = try store.withDatabase { try $0.rows("SELECT version FROM schema_version") }
        #expect(version.map { $0[0] } == [.integer(SQLiteSchema.currentVersion)])
        let kept = try store.operations(id, after: 0)
        #expect(kept.map(\.json) == operations && kept.map(\.author) == [nil, nil] && kept.map(\.clientID) == ["tab-old", "tab-old"])
        let service = DocumentService(store: store)
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("c", x: 200)), base: 2, author: "Ana"))
        _ = try service.saving.save(id)
        #expect(try service.annotationIDs(id).suffix(3) == ["a", "b", "c"])
        #expect(try service.saving.versions(id).versions.last?.authors == [nil, "Ana"])
    }
}

@Suite("Authors of logged changes in PostgreSQL")
struct PostgresAuthorTests {
    /// The arguments of `marginalia_append` of schema version 2 (version 4 adds `text[]`).
    static let appendArguments = "text, bigint, text, bigint[], text[], text[], text[], double precision[], integer, "
        + "double precision, text, text"

    @Test func migrationToVersion4KeepsTheEntriesLoggedBeforeAuthors() throws {
        let place = try TestStore(.postgresql)
        defer { place.remove() }
        let old = try #require(try place.open() as? PostgresDocumentStore)
        let id = try old.createDocument(name: "doc", kind: .pdf, pdf: Fixtures.sample, pageCount: 3).id
        let operations = try [Fixtures.add("a"), Fixtures.add("b", x: 300)].map(OpenDocuments.encodeOperation)
        // Back to schema version 3 (full-text search, no authors), then logged as version 3 did.
        try old.pool.withConnection {
            try $0.run("DROP FUNCTION marginalia_append(\(Self.appendArguments)), marginalia_append(\(Self.appendArguments), text[]); "
                       + "ALTER TABLE operations DROP COLUMN author; DROP TABLE users, shares, audit, retention, document_retention; "
                       + "ALTER TABLE versions DROP COLUMN redacted; DROP TABLE saved_signatures; DROP TABLE user_certificates; "
                       + "DROP FUNCTION marginalia_audit_append_only(); DROP INDEX text_entries_annotation; "
                       + "UPDATE marginalia_schema SET version = 3")
            try $0.run(PostgresSchema.migrations[1])  // version 2's marginalia_append
            try $0.query("""
                SELECT marginalia_append($1, 0, NULL, '{1,2}', '{tab-old,tab-old}', '{do,do}', $2::text[],
                                         '{1700000000,1700000001}', 3, 1700000001, 'marginalia_test_nobody', 'x')
                """, [.text(id), .text(PostgresArray.text(operations))])
        }

        let store = try #require(try place.open() as? PostgresDocumentStore)
        #expect(try store.schemaVersion == PostgresSchema.currentVersion)
        let kept = try store.operations(id, after: 0)
        #expect(kept.map(\.json) == operations && kept.map(\.author) == [nil, nil] && kept.map(\.clientID) == ["tab-old", "tab-old"])
        // A replica not yet upgraded still appends through the signature of version 2 (no author).
        try store.pool.withConnection {
            let behind = try $0.query("""
                SELECT marginalia_append($1, 2, NULL, '{3}', '{tab-old}', '{do}', $2::text[], '{1700000002}', 3,
                                         1700000002, 'marginalia_test_nobody', 'x')
                """, [.text(id), .text(PostgresArray.text([operations[0]]))])
            #expect(behind.first?.text(0) == nil)
        }
        #expect(try store.operations(id, after: 0).map(\.author) == [nil, nil, nil])

        // The one-round-trip append keeps the author, and so does the append after a rebase
        // (another replica logged first).
        let other = try place.open()
        let ana = OperationRecord(revision: 4, clientID: "tab-1", kind: .do, json: operations[0], author: "Ana")
        try store.appendOperations(id, [ana], pageCount: 3)
        let ben = OperationRecord(revision: 4, clientID: "tab-2", kind: .do, json: operations[1], author: "Ben \"B\" \\")
        try other.appendOperations(id, expecting: LogPosition(revision: 3), LogAppend(records: [ben], pageCount: 3),
                                   now: Date()) { current, newer in
            #expect(newer.map(\.author) == ["Ana"])
            var moved = ben
            moved.revision = current.revision + 1
            return LogAppend(records: [moved], pageCount: 3)
        }
        #expect(try other.operations(id, after: 0).map(\.author) == [nil, nil, nil, "Ana", "Ben \"B\" \\"])
        #expect(try store.documentAndLog(id, after: 3).newer.map(\.author) == ["Ana", "Ben \"B\" \\"])
    }
}

@Suite("Authors over HTTP")
struct APIAuthorTests {
    @Test func commandsCarryTheAuthorAndTheVersionsListTheNames() throws {
        try withRealAPI { port, _ in
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=sample.pdf",
                                                       body: Fixtures.sample).json()["id"] as? String)
            let events = try TestSocket(port: port)
            events.write(Data("GET /api/v1/documents/\(id)/events HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            #expect(events.read(until: ": document").contains("text/event-stream"))
            var revision = 0
            func post(_ client: String, _ author: String?, x: Int) throws -> TestResponse {
                let member = author.map { #""author":\#($0),"# } ?? ""
                let body = #"{"protocol":1,"baseRevision":\#(revision),"clientId":"\#(client)",\#(member)"command":{"type":"add","annotation":{"type":"square","pageIndex":0,"rect":[\#(x),100,\#(x + 40),140]}}}"#
                let response = try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/commands", body: Data(body.utf8))
                if response.status == 200 { revision = try #require(try response.json()["revision"] as? Int) }
                return response
            }
            let ana = try post("tab-1", #""  Ana  ""#, x: 100)
            #expect(ana.status == 200)
            let applied = try #require((try ana.json()["applied"] as? [[String: Any]])?.first)
            #expect(applied["author"] as? String == "Ana" && applied["clientId"] as? String == "tab-1")
            #expect(events.read(until: #""author":"Ana""#).contains(#""author":"Ana""#))
            #expect(try post("tab-2", #""Ben""#, x: 160).status == 200)
            #expect(try post("tab-3", nil, x: 220).status == 200)
            #expect(try post("tab-4", "null", x: 280).status == 200)
            #expect(try post("tab-1", #""Ana""#, x: 340).status == 200)
            // A name that is not one is refused, naming the field; nothing is logged.
            for bad in [#""Ana\u0007""#, "\"" + String(repeating: "x", count: 101) + "\"", "5"] {
                let refused = try post("tab-5", bad, x: 400)
                #expect(refused.status == 400)
                #expect(refused.text.contains("author"))
            }
            #expect(revision == 5)

            #expect(try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/save").status == 200)
            let listed = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/versions").json()
            let versions = try #require(listed["versions"] as? [[String: Any]])
            #expect(versions.count == 2)
            #expect((versions[0]["authors"] as? [Any])?.isEmpty == true)
            let authors = try #require(versions[1]["authors"] as? [Any])
            #expect(authors.count == 3 && authors[0] as? String == "Ana" && authors[1] as? String == "Ben" && authors[2] is NSNull)
            #expect(versions[1]["clients"] as? [String] == ["tab-1", "tab-2", "tab-3", "tab-4"])
            #expect(versions[1]["changes"] as? Int == 5)

            let log = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/operations").json()
            let entries = try #require(log["operations"] as? [[String: Any]])
            #expect(entries.map { $0["author"] as? String } == ["Ana", "Ben", nil, nil, "Ana"])
            #expect(entries[2].keys.contains("author") == false)
        }
    }
}
