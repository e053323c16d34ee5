import Foundation
import Testing
@testable import Marginalia

/// A form in a file that only repair can read, filled and saved, reads back filled.
@Suite("Saving a repaired form")
struct RepairedFormSavingTests {
    /// FuzzAcroForm's input: a damaged, linearized form whose catalog and object streams only
    /// repair reads. Its update once pointed back into the damaged bytes, and reading those
    /// again after the update had followed them started a second repair of the whole file,
    /// which lost the catalog: the saved file could not be opened at all.
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fuzz/regressions/FuzzAcroForm/repaired-file-saved-reads-back.pdf")

    @Test func aCheckboxFilledInARepairedFileReadsBackOnceSaved() throws {
        let document = try PDFDocument(data: try Data(contentsOf: Self.file))
        let field = try #require(try document.acroForm().fields.first { $0.type == .checkbox })
        try document.setValue(.bool(true), forField: field.name)
        #expect(document.isRepaired)
        let saved = try PDFDocument(data: try document.dataRepresentation())
        #expect(try saved.acroForm().fields.first { $0.name == field.name }?.value == .bool(true))
    }
}
