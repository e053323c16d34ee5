import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

@Suite("Autosave")
struct AutosaveTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("autosave-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func unsavedWorkIsRecoveredAfterACrashAndTheFileIsUntouched() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fileURL = dir.appendingPathComponent("notes.pdf")
        try OperationTests.document().write(to: fileURL)
        let original = try Data(contentsOf: fileURL)

        let clock = ManualClock()
        let autosave = Autosave(documentURL: fileURL, clock: clock, idleDelay: 3)
        let document = try PDFDocument(url: fileURL)
        autosave.record(try EditorOperation.addAnnotation(OperationTests.ink("a", page: 0)).apply(to: document))
        clock.advance(by: 2)
        #expect(try autosave.tick() == false, "not idle long enough")
        autosave.record(try EditorOperation.insertPage(index: 1, width: 200, height: 300).apply(to: document))
        clock.advance(by: 3)
        #expect(try autosave.tick() == true)
        #expect(try autosave.tick() == false, "nothing new to write")
        // The session ends without saving: the user's file is as it was.
        #expect(try Data(contentsOf: fileURL) == original)

        let reopened = try PDFDocument(url: fileURL)
        let next = Autosave(documentURL: fileURL, clock: clock)
        let replayed = try next.recover(into: reopened)
        #expect(replayed.count == 2)
        #expect(try reopened.annotations(onPage: 0).map(\.id) == ["a"])
        #expect(try reopened.pageCount == 4)

        try reopened.write(to: fileURL)
        next.documentSaved()
        #expect(!FileManager.default.fileExists(atPath: next.url.path))
    }

    @Test func damagedSideFileIsSetAside() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fileURL = dir.appendingPathComponent("x.pdf")
        let autosave = Autosave(documentURL: fileURL)
        try Data("{not json".utf8).write(to: autosave.url)
        #expect(try autosave.recover(into: try OperationTests.document()).isEmpty)
        #expect(FileManager.default.fileExists(atPath: autosave.url.appendingPathExtension("damaged").path))
    }
}
