import Foundation
import Marginalia
import MarginaliaEditor

/// One document held in memory by the service: the PDF with every logged edit applied, the
/// shared undo history and the revision. Everything happens under its recursive lock, so
/// requests for one document run one at a time (a subscriber called back under the lock
/// may read the same document again) while different documents run in parallel.
final class OpenDocument: @unchecked Sendable {
    /// The loaded state.
    struct State {
        var document: PDFDocument
        var history: SharedHistory
        var revision: Int
        var savedRevision: Int
    }

    let id: String
    private let lock = NSRecursiveLock()
    private var state: State?

    init(id: String) {
        self.id = id
    }

    /// Runs `body` on the document's state under the lock, loading it first when needed.
    func withState<T>(load: () throws -> State, _ body: (inout State) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        if state == nil { state = try load() }
        guard var current = state else { throw ServiceError.internalError("document \(id) could not be loaded") }
        defer { state = current }
        return try body(&current)
    }

    /// Runs `body` under the lock without loading (for changes that only touch the catalogue
    /// but must not interleave with edits, such as renaming).
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
