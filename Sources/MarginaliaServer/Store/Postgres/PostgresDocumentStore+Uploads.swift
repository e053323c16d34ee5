import Foundation

// Uploads (pages to insert from) and removing a document for good, in a shared store. An
// upload is a chunk under `<id>/u<n>`, never changed once written; its number is taken under
// the document's row lock, so replicas uploading at once get different numbers.

extension PostgresDocumentStore {
    public func addUpload(_ id: String, pdf: Data) throws -> Int {
        try DocumentID.validate(id)
        return try withDocumentLock(id) {
            let number = (try uploadNumbers(id).last ?? 0) + 1
            try blobs.put(pdf, key: Self.uploadKey(id, number))
            return number
        }
    }

    public func uploadData(_ id: String, number: Int) throws -> Data {
        try DocumentID.validate(id)
        guard number > 0, try uploadNumbers(id).contains(number) else {
            throw StoreError.notFound("upload \(number) of document \(id)")
        }
        return try blobs.get(Self.uploadKey(id, number))
    }

    public func purge(_ id: String) throws {
        try DocumentID.validate(id)
        // The row first (versions and log go with it): a crash leaves chunks no row names.
        let deleted = try pool.transaction { connection in
            try connection.query("DELETE FROM documents WHERE id = $1 RETURNING id", [.text(id)]).count
        }
        guard deleted > 0 else { throw StoreError.notFound("document \(id)") }
        for key in try blobs.keys(withPrefix: "\(id)/") { try blobs.remove(key) }
    }

    public func uploadNumbers(_ id: String) throws -> [Int] {
        try DocumentID.validate(id)
        return try blobs.keys(withPrefix: "\(id)/u").compactMap { Int($0.dropFirst(id.count + 2)) }.sorted()
    }

    static func uploadKey(_ id: String, _ number: Int) -> String { "\(id)/u\(number)" }
}
