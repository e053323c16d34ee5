import PDFCore
import Synchronization

/// What a document has left of ``PDFLimits/maxDocumentDecodedSize``, shared by the readers
/// that read its pages on several threads (``PDFDocument/forEachString(ofPages:threads:_:)``),
/// as their ``PDFFile/meter``: each reader opened afresh has a whole budget of its own, so
/// without this the threads together could decode that many times what the document may.
/// Past it, decoding stops with the error the document's own budget gives.
///
/// A decode may make at most what is left when it begins, as with one reader; decodes
/// running at once on other threads are not set aside, so that one thread's hold never starves
/// another's small stream, but each is charged when it ends and refused, past the budget,
/// with the budget's error: what the threads decode in all never passes what one reader may,
/// though the last decodes running when the budget runs out may have been done for nothing.
final class SharedDecodeBudget: ResourceMeter {
    private struct State {
        /// Decoded bytes the readers may still make.
        var left: Int
        var refused: PDFError?
    }
    private let state: Mutex<State>
    private let limit: Int

    /// The budget left of `limits` once `used` bytes were decoded.
    init(limits: PDFLimits, used: Int) {
        limit = limits.maxDocumentDecodedSize
        state = Mutex(State(left: max(0, limits.maxDocumentDecodedSize - max(0, used))))
    }

    var refusal: (any Error)? { state.withLock { $0.refused } }

    func hold(upTo bytes: Int) -> Int {
        state.withLock { state in
            guard state.refused == nil else { return 0 }
            // What is left, half as much again for the copy a growing output makes (a file
            // sets aside that much for what it may decode).
            let room = state.left > Int.max / 3 ? Int.max : state.left + state.left / 2
            return min(max(0, bytes), room)
        }
    }

    func settle(held: Int, charging bytes: Int, for what: @autoclosure () -> String) throws {
        try state.withLock { state in
            if let refused = state.refused { throw refused }
            let bytes = max(0, bytes)
            guard bytes <= held, bytes <= state.left else {
                let refusal = PDFError.limitExceeded(
                    "decoding \(what()) takes the document's streams past \(limit) decoded bytes in all (maxDocumentDecodedSize)",
                    limit: .maxDocumentDecodedSize, max: limit)
                state.refused = refusal
                throw refusal
            }
            state.left -= bytes
        }
    }
}
