import Foundation

// Files uploaded for a document to insert pages from (`files/<id>.u<n>.pdf`), and removing a
// document for good. Uploads are files beside the document's own, never changed once written:
// the operation log names them by number, so a copy of their pages replays the same.

extension SQLiteDocumentStore {
    public func addUpload(_ id: String, pdf: Data) throws -> Int {
        _ = try document(id)
        // One document's uploads are made under its service lock, so numbers do not race.
        let number = (try uploadNumbers(id).last ?? 0) + 1
        try writeFile(named: Self.uploadFile(id, number), pdf)
        return number
    }

    public func uploadData(_ id: String, number: Int) throws -> Data {
        try DocumentID.validate(id)
        let name = Self.uploadFile(id, number)
        guard number > 0, FileManager.default.fileExists(atPath: try fileURL(named: name).path) else {
            throw StoreError.notFound("upload \(number) of document \(id)")
        }
        return try readFile(named: name)
    }

    public func uploadNumbers(_ id: String) throws -> [Int] {
        try DocumentID.validate(id)
        return filesOf(id).compactMap { name -> Int? in
            let parts = name.split(separator: ".")
            guard parts.count == 3, parts[1].first == "u" else { return nil }
            return Int(parts[1].dropFirst())
        }.sorted()
    }

    public func purge(_ id: String) throws {
        try DocumentID.validate(id)
        try withDatabase { database in
            try database.transaction {
                try database.run("DELETE FROM operations WHERE document = ?", [.text(id)])
                try database.run("DELETE FROM versions WHERE document = ?", [.text(id)])
                try database.run("DELETE FROM documents WHERE id = ?", [.text(id)])
                guard database.changes > 0 else { throw StoreError.notFound("document \(id)") }
            }
        }
        for name in filesOf(id) { removeFile(named: name) }
    }

    static func uploadFile(_ id: String, _ number: Int) -> String { "\(id).u\(number).pdf" }

    /// The names in `files/` that belong to document `id`.
    func filesOf(_ id: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: filesDirectory.path)) ?? []
        return names.filter { $0.hasPrefix(id + ".") && $0.hasSuffix(".pdf") }
    }
}
