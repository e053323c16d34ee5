import Foundation
import Marginalia

/// Keeps unsaved work safe without touching the user's file: the operations applied since
/// the last save are written to a side file after `idleDelay` seconds without a change, and
/// replayed onto the document when it is opened again after a crash. Saving clears it.
public final class Autosave {
    /// The side file: `.name.pdf.marginalia-autosave.json` next to the document.
    public let url: URL
    public let idleDelay: TimeInterval
    private let clock: any EditorClock
    private var pending: [EditorOperation] = []
    private var lastChange: TimeInterval?
    private var dirty = false

    public init(documentURL: URL, clock: any EditorClock = SystemClock(), idleDelay: TimeInterval = 3) {
        let folder = documentURL.deletingLastPathComponent()
        url = folder.appendingPathComponent(".\(documentURL.lastPathComponent).marginalia-autosave.json")
        self.clock = clock
        self.idleDelay = max(0, idleDelay)
    }

    /// Notes an applied operation (what the undo history records, and undo's inverses).
    public func record(_ operation: EditorOperation) {
        pending.append(operation)
        lastChange = clock.now
        dirty = true
    }

    /// Writes the side file when there are unsaved changes and nothing changed for
    /// `idleDelay` seconds. Returns whether it wrote. Call it from the event loop.
    @discardableResult
    public func tick() throws -> Bool {
        guard dirty, let lastChange, clock.now - lastChange >= idleDelay else { return false }
        try writeNow()
        return true
    }

    /// Writes the side file at once (before the app is suspended, say).
    public func writeNow() throws {
        let data = try JSONEncoder().encode(pending)
        try AtomicFileWriter.write(Array(data), to: url.path)
        dirty = false
    }

    /// After the user saved: nothing is unsaved any more.
    public func documentSaved() {
        pending.removeAll()
        dirty = false
        lastChange = nil
        try? FileManager.default.removeItem(at: url)
    }

    /// Replays an autosave left by a session that ended without saving onto `document`
    /// (just opened from the user's file) and returns the operations replayed, which stay
    /// pending until the next save. A damaged side file is set aside (renamed `.damaged`)
    /// and nothing is replayed.
    public func recover(into document: PDFDocument) throws -> [EditorOperation] {
        guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
        guard let operations = try? JSONDecoder().decode([EditorOperation].self, from: data) else {
            let aside = url.appendingPathExtension("damaged")
            try? FileManager.default.removeItem(at: aside)
            try? FileManager.default.moveItem(at: url, to: aside)
            return []
        }
        var replayed: [EditorOperation] = []
        for operation in operations {
            replayed.append(try operation.apply(to: document, dating: .replayed(Date())))
        }
        pending = replayed
        dirty = false
        return replayed
    }
}
