import Foundation
import Testing
@testable import Marginalia
import PDFCore

/// `PDFDocument.fieldRecords`: each text widget's `fontSize`, the size its appearance draws
/// the value at (the browser's typing control is sized by it, issue 28).
@Suite("Field records")
struct FieldRecordsTests {
    /// The `fontSize` of each widget of `name`, nil where a widget has none.
    private func sizes(_ document: PDFDocument, _ name: String) throws -> [Double?] {
        let form = try document.acroForm()
        let records = document.fieldRecords(of: form, highlightedBy: DefaultFormFieldPolicy())
        let record = try #require(records.first { $0["name"] == .string(name) })
        guard case .array(let widgets)? = record["widgets"] else { Issue.record("no widgets"); return [] }
        return widgets.map {
            if case .number(let size)? = $0["fontSize"] { return size }
            return nil
        }
    }

    @Test func textWidgetsCarryTheSizeTheirValueIsDrawnAt() throws {
        let document = try FormTestDocuments.form()
        // /DA inherited from the parent names 10 points.
        #expect(try sizes(document, "person.first") == [10])
        // Size 0 on one line, no border (no /MK): 20 points high less 1 point of padding
        // above and below, over Helvetica's line height of 1.15 the size.
        let auto = try #require(try sizes(document, "lockedfield").first ?? nil)
        #expect(abs(auto - 18 / 1.15) < 1e-9)
        // Size 0 on several lines, empty: at most 12 points.
        #expect(try sizes(document, "notes") == [12])
        // Fields that are not text carry none.
        #expect(try sizes(document, "fruit") == [nil])
    }

    @Test func theSizeFollowsTheValueAsTheAppearanceDrawsIt() throws {
        let document = try FormTestDocuments.form()
        try document.setValue(.text(String(repeating: "words that wrap ", count: 30)), forField: "notes")
        let size = try #require(try sizes(document, "notes").first ?? nil)
        #expect(size < 12)
        // The size written in the appearance's Tf (at most 6 decimals).
        let content = try FormTestDocuments.appearance(document, field: "notes")
        let written = try #require(content.components(separatedBy: " Tf").first?.split(separator: " ").last.flatMap { Double($0) })
        #expect(abs(written - size) < 1e-6)
    }
}
