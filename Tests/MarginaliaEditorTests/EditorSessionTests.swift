import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

@Suite("Editor session")
struct EditorSessionTests {
    @Test func performUndoSaveAndExport() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("doc.pdf")
        try OperationTests.document().write(to: url)
        let original = try Data(contentsOf: url)

        let session = try EditorSession(url: url)
        try session.perform(.addAnnotation(OperationTests.ink("a", page: 0)))
        try session.perform(.addAnnotation(OperationTests.ink("b", page: 1)))
        try session.undo()
        #expect(try Data(contentsOf: url) == original, "nothing touches the file before save")
        try session.save()
        let saved = try Data(contentsOf: url)
        #expect(saved.prefix(original.count) == original, "an incremental update")
        #expect(try PDFDocument(url: url).annotations(onPage: 0).map(\.id) == ["a"])
        #expect(try PDFDocument(url: url).annotations(onPage: 1).isEmpty)

        // Undo keeps working across the save, and saving again appends again.
        try session.undo()
        try session.save()
        #expect(try PDFDocument(url: url).annotations(onPage: 0).isEmpty)
        #expect(try Data(contentsOf: url).prefix(saved.count) == saved)

        try session.redo()
        let flat = dir.appendingPathComponent("flat.pdf")
        try session.exportFlattened(to: flat)
        #expect(try PDFDocument(url: flat).annotations(onPage: 0).isEmpty)
        #expect(try session.document.annotations(onPage: 0).map(\.id) == ["a"], "the session stays editable")
    }
}
