import Dispatch
import Foundation
import Synchronization
import PDFCore

extension PDFDocument {
    /// How many consecutive pages one thread reads in a batch of
    /// ``forEachString(ofPages:threads:_:)``, at most: the batch's strings wait for `body`
    /// together, so this bounds what is held (threads × this many page strings).
    static let pagesPerThreadInBatch = 64

    /// Hands `body` the string of each page of `indexes` (what ``string(ofPage:)`` gives, or
    /// the error it throws), in the order of `indexes`, reading up to `threads` pages at once.
    ///
    /// With more than one thread, the pages are read in batches of consecutive pages, each
    /// thread reading a run of them with a reader of its own (the document opened again from
    /// the same bytes, so no object or cache is shared between threads); `body` hears a
    /// batch's pages, in order, once the whole batch is read. A batch holds at most `threads`
    /// × 64 page strings. What `body` hears is the same whatever the number of threads. A
    /// document changed since it was opened, an encrypted one, one whose reading is charged
    /// to a ``PDFFile/meter``, or fewer pages than two threads' runs are read on the calling
    /// thread alone, page after page. The threads share what the document has left of
    /// ``PDFLimits/maxDocumentDecodedSize``: together they decode no more than it may (a
    /// document that runs out of it may stop a page or two sooner on several threads, as
    /// decodes running at once are each refused).
    ///
    /// - Parameters:
    ///   - indexes: the pages to read, 0-based, in the order `body` hears them.
    ///   - threads: how many threads may read at once; below 1 counts as 1. The default is
    ///     the number of active processors.
    ///   - body: called on the calling thread with each page's index and its string or the
    ///     error reading it threw; what it throws ends the reading (no later page is heard)
    ///     and is rethrown.
    public func forEachString(ofPages indexes: [Int], threads: Int = ProcessInfo.processInfo.activeProcessorCount,
                              _ body: (Int, Result<PageString, any Error>) throws -> Void) rethrows {
        guard let readers = parallelReaders(for: indexes.count, threads: threads) else {
            for index in indexes { try body(index, Result { try string(ofPage: index) }) }
            return
        }
        let batchSize = readers.count * Self.pagesPerThreadInBatch
        var start = 0
        while start < indexes.count {
            let batch = Array(indexes[start..<min(start + batchSize, indexes.count)])
            let results = Self.readInParallel(batch, with: readers)
            for (index, result) in zip(batch, results) { try body(index, result) }
            start += batch.count
        }
    }

    /// The strings of `batch`'s pages, each reader taking an equal run of consecutive pages.
    private static func readInParallel(_ batch: [Int], with readers: [PageReader]) -> [Result<PageString, any Error>] {
        let slots = Mutex([Result<PageString, any Error>?](repeating: nil, count: batch.count))
        let run = (batch.count + readers.count - 1) / readers.count
        DispatchQueue.concurrentPerform(iterations: readers.count) { thread in
            for position in (thread * run)..<min((thread + 1) * run, batch.count) {
                let result = readers[thread].string(ofPage: batch[position])
                slots.withLock { $0[position] = result }
            }
        }
        return slots.withLock { $0.map { $0! } }  // every slot was set
    }

    /// A reader of its own for each thread worth starting (the document opened again from the
    /// same bytes), all charged to one ``SharedDecodeBudget`` that starts from what this
    /// document has decoded; nil, for reading on the calling thread, when the pages are few or
    /// another reader could not read the same thing.
    private func parallelReaders(for pageCount: Int, threads: Int) -> [PageReader]? {
        let wanted = min(max(threads, 1), pageCount / Self.pagesPerThreadInBatch)
        guard wanted > 1, file.changeCount == 0, !file.isEncrypted, file.meter == nil else { return nil }
        let budget = SharedDecodeBudget(limits: file.limits, used: file.decodedByteCount)
        var readers: [PageReader] = []
        for _ in 0..<wanted {
            guard let reader = try? PageReader(source: file.source, limits: file.limits, meter: budget) else { return nil }
            readers.append(reader)
        }
        return readers
    }
}

/// One thread's reader in a parallel read: a document of its own, reached only through its
/// lock. Each thread uses one reader, so the lock is never contended; it is what lets the
/// compiler check that no document is shared between threads.
private final class PageReader: Sendable {
    private let document: Mutex<PDFDocument>

    /// The document of `source` opened again, its decoding charged to `meter` from here on
    /// (opening again read only what the first opening read).
    init(source: ByteSource, limits: PDFLimits, meter: any ResourceMeter) throws {
        let document = try PDFDocument(source: source, limits: limits)
        document.file.meter = meter
        self.document = Mutex(document)
    }

    /// What ``PDFDocument/string(ofPage:)`` gives for page `index`, or the error it throws.
    func string(ofPage index: Int) -> Result<PageString, any Error> {
        document.withLock { document in Result { try document.string(ofPage: index) } }
    }
}
