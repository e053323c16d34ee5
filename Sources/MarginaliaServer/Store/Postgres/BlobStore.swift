import Foundation

/// Where a shared store keeps document bytes: immutable chunks under unique keys.
///
/// ``PostgresDocumentStore`` keeps every version of a document as chunks: a document's
/// first version (or a restored version) is one chunk holding the whole file, and each save
/// adds one chunk holding only the bytes it appended (a version is a prefix of the next one
/// in the same file). The catalogue names each version's chunk and its offset; the chunk is
/// written first under a key never used before and the catalogue row committed after, so a
/// crash between the two leaves an unreferenced chunk, never a row without its bytes.
///
/// This is the extension point for an S3-compatible object store (docs/scale-out.md):
/// ``put(_:key:)`` maps to PutObject, ``get(_:)`` to GetObject (the array form to parallel
/// GetObjects), ``suffix(_:length:)`` to a ranged GetObject and ``remove(_:)`` to
/// DeleteObject, ``keys(withPrefix:)`` to ListObjectsV2; keys contain only `[0-9a-fuv/-]`. The default, ``PostgresBlobStore``, keeps
/// chunks in the same database.
public protocol BlobStore: Sendable {
    /// Stores `data` under `key` (a key is written once; writing it again with the same
    /// bytes is allowed, so a retried write is harmless).
    func put(_ data: Data, key: String) throws
    /// The bytes under `key`.
    ///
    /// - Throws: ``StoreError/damaged(_:)`` when there is no such chunk.
    func get(_ key: String) throws -> Data
    /// The bytes under each of `keys`, in the same order.
    func get(_ keys: [String]) throws -> [Data]
    /// The last `length` bytes under `key` (all of them when it holds fewer).
    func suffix(_ key: String, length: Int) throws -> Data
    /// Removes a chunk no row refers to (a save that lost a race); a missing key is ignored.
    func remove(_ key: String) throws
    /// The keys that begin with `prefix`, sorted (S3: ListObjectsV2 with a prefix).
    func keys(withPrefix prefix: String) throws -> [String]
}

extension BlobStore {
    public func get(_ keys: [String]) throws -> [Data] {
        try keys.map { try get($0) }
    }

    public func suffix(_ key: String, length: Int) throws -> Data {
        Data(try get(key).suffix(length))
    }
}

/// Chunks in the `blobs` table of the store's own database (bytea, stored out of line and
/// uncompressed).
final class PostgresBlobStore: BlobStore, Sendable {
    private let pool: PostgresPool

    init(pool: PostgresPool) {
        self.pool = pool
    }

    func put(_ data: Data, key: String) throws {
        try pool.withConnection { connection in
            try connection.query("INSERT INTO blobs (key, data) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
                                 [.text(key), .bytes(data)])
        }
    }

    func get(_ key: String) throws -> Data {
        try get([key])[0]
    }

    func get(_ keys: [String]) throws -> [Data] {
        guard !keys.isEmpty else { return [] }
        let rows = try pool.withConnection { connection in
            try connection.query("SELECT key, data FROM blobs WHERE key = ANY($1::text[])",
                                 [.text(PostgresArray.text(keys))], binaryResult: true)
        }
        var found: [String: Data] = [:]
        for row in rows {
            if let key = row.bytes(0).map({ String(decoding: $0, as: UTF8.self) }), let data = row.bytes(1) { found[key] = data }
        }
        return try keys.map { key in
            guard let data = found[key] else { throw StoreError.damaged("the chunk \(key) is missing") }
            return data
        }
    }

    func suffix(_ key: String, length: Int) throws -> Data {
        let rows = try pool.withConnection { connection in
            try connection.query("SELECT substring(data FROM greatest(length(data) - $2::integer, 0) + 1) FROM blobs WHERE key = $1",
                                 [.text(key), .integer(length)], binaryResult: true)
        }
        guard let data = rows.first?.bytes(0) else { throw StoreError.damaged("the chunk \(key) is missing") }
        return data
    }

    func remove(_ key: String) throws {
        try pool.withConnection { connection in
            try connection.query("DELETE FROM blobs WHERE key = $1", [.text(key)])
        }
    }

    func keys(withPrefix prefix: String) throws -> [String] {
        // Keys hold no LIKE wildcards (`[0-9a-fuv/-]`), so the prefix is taken literally.
        try pool.withConnection { connection in
            try connection.query("SELECT key FROM blobs WHERE key LIKE $1 || '%' ORDER BY key", [.text(prefix)])
        }.compactMap { $0.text(0) }
    }
}

/// PostgreSQL array literals for text parameters.
enum PostgresArray {
    /// `{"a","b\"c"}`: every element quoted, `"` and `\` escaped.
    static func text(_ items: [String]) -> String {
        text(items.map { Optional($0) })
    }

    /// The same with `NULL` (unquoted) for each nil element.
    static func text(_ items: [String?]) -> String {
        "{" + items.map { item in
            guard let item else { return "NULL" }
            return "\"" + item.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }.joined(separator: ",") + "}"
    }
}
