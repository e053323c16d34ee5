import Foundation
import Marginalia
import MarginaliaEditor
import Testing
@testable import MarginaliaServer

/// A fresh data directory under the system's temporary folder, removed by ``remove()``.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("marginalia-store-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

enum Fixtures {
    static let images = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images")

    static func image(_ name: String) throws -> Data {
        try Data(contentsOf: images.appendingPathComponent(name))
    }

    /// A sample PDF (three pages, with annotations), made once.
    static let sample: Data = (try? SampleDocument.make(date: Date(timeIntervalSince1970: 1_700_000_000))) ?? Data()

    /// A square annotation on `page` with a fixed id.
    static func square(_ id: String, page: Int = 0, x: Double = 100) -> PDFAnnotation {
        var annotation = PDFAnnotation(kind: .square, rect: CGRect(x: x, y: 100, width: 50, height: 40), color: .black,
                                       pageIndex: page)
        annotation.id = id
        annotation.creationDate = Date(timeIntervalSince1970: 1_700_000_000)
        annotation.modificationDate = Date(timeIntervalSince1970: 1_700_000_000)
        return annotation
    }

    static func add(_ id: String, page: Int = 0, x: Double = 100) -> EditorOperation {
        .addAnnotation(square(id, page: page, x: x))
    }

    static func request(_ change: ApplyRequest.Change, base: Int, client: String = "tab-1",
                        author: String? = nil) -> ApplyRequest {
        ApplyRequest(baseRevision: base, clientId: client, author: author, change: change)
    }
}

extension DocumentService {
    /// The ids of the annotations on `page`.
    func annotationIDs(_ id: String, page: Int = 0) throws -> [String] {
        try editing.annotations(id, page: page).annotations.map(\.id)
    }
}

/// The two stores the service tests run against.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgresql
    var testDescription: String { rawValue }
}

/// A fresh place for one test's store: a temporary folder, or a new database in the test
/// cluster. Each ``open()`` makes a new store object there, as a restart (or, for
/// PostgreSQL, another replica) would.
final class TestStore: @unchecked Sendable {
    let kind: StoreKind
    private let folder: TemporaryDirectory?
    let url: String?
    private var opened: [any DocumentStore] = []
    private let lock = NSLock()

    init(_ kind: StoreKind) throws {
        self.kind = kind
        switch kind {
        case .sqlite:
            folder = try TemporaryDirectory()
            url = nil
        case .postgresql:
            folder = nil
            url = try PostgresTestCluster.shared.get().makeDatabase()
        }
    }

    /// The folder of a SQLite store (nil for PostgreSQL).
    var folderURL: URL? { folder?.url }

    /// A new store object over this place.
    func open() throws -> any DocumentStore {
        let store: any DocumentStore
        if let folder {
            store = try SQLiteDocumentStore(directory: folder.url)
        } else {
            store = try PostgresDocumentStore(configuration: PostgresConfiguration(url: url ?? ""))
        }
        lock.withLock { opened.append(store) }
        return store
    }

    /// A new service over a new store object; `searchable`: with the store's text index, as
    /// `marginalia serve` makes it.
    func service(limits: RequestLimits = RequestLimits(), searchable: Bool = false) throws -> DocumentService {
        let store = try open()
        let location = try folder.map { StoreLocation.folder($0.url) } ?? .postgres(PostgresConfiguration(url: url ?? ""))
        return DocumentService(store: store, limits: limits, textIndex: searchable ? try location.openTextIndex(for: store) : nil)
    }

    /// Throws away everything the text index holds, as a lost index file (or an emptied
    /// table) would.
    func loseTextIndex() throws {
        if let folder {
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(at: folder.url.appendingPathComponent("text-index.sqlite" + suffix))
            }
        } else if let store = try open() as? PostgresDocumentStore {
            try store.pool.withConnection { try $0.run("DELETE FROM text_documents") }
        }
    }

    /// Makes every later append to the log fail (`true`), as a full disk would, or stop failing.
    func failLogInserts(_ failing: Bool) throws {
        switch try open() {
        case let store as SQLiteDocumentStore:
            try store.withDatabase { database in
                try database.execute(failing
                    ? "CREATE TRIGGER full_disk BEFORE INSERT ON operations BEGIN SELECT RAISE(ABORT, 'disk full'); END"
                    : "DROP TRIGGER full_disk")
            }
        case let store as PostgresDocumentStore:
            try store.pool.withConnection { connection in
                try connection.run(failing ? """
                    CREATE FUNCTION full_disk() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$;
                    CREATE TRIGGER full_disk BEFORE INSERT ON operations FOR EACH ROW EXECUTE FUNCTION full_disk();
                    """ : "DROP TRIGGER full_disk ON operations; DROP FUNCTION full_disk();")
            }
        default:
            break
        }
    }

    /// Closes every store opened here and removes the folder (databases stay until the
    /// cluster goes).
    func remove() {
        for store in lock.withLock({ opened }) { store.close() }
        folder?.remove()
    }
}
