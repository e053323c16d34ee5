import Foundation
import Testing
@testable import Marginalia
import PDFCore

/// `PDFDocument.fieldRecords` and `fontSizes(of:in:)`: each text, combo and list widget's
/// `fontSize`, the size its appearance draws the value at (the browser's typing control is
/// sized by it, issue 28).
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
        // Fields that draw no text carry none.
        #expect(try sizes(document, "agree") == [nil])
        #expect(try sizes(document, "choice") == [nil, nil])
    }

    @Test func choiceWidgetsCarryTheSizeTheirAppearanceIsDrawnAt() throws {
        let document = try FormTestDocuments.form()
        // A combo is drawn as a text field: 20 points high, less its 1-point border and 1 point
        // of padding above and below, over the line height of 1.15 ("apple" is far narrower
        // than the box).
        let combo = try #require(try sizes(document, "fruit").first ?? nil)
        #expect(abs(combo - 16 / 1.15) < 1e-9)
        // A list box's /DA (the form's) names no size: its options are drawn at 12 points.
        #expect(try sizes(document, "pets") == [12])
    }

    @Test func aValueNotYetFilledIsSizedAsFillingItDraws() throws {
        let document = try FormTestDocuments.form()
        let form = try document.acroForm()
        let unfilled = try #require(form.field(named: "lockedfield"))
        var field = unfilled
        // No border: the text area is 150 - 2 * 2 = 146 points wide and 18 high. Ten W's of
        // Helvetica (944 units each) are 9.44 points wide a point of size: 146 / 9.44 =
        // 15.466, below the 18 / 1.15 = 15.65 the height allows; sizes go by 0.01.
        field.value = .text(String(repeating: "W", count: 10))
        #expect(document.fontSizes(of: field, in: form) == [15.46])
        // The fields' answer is for the value the field holds, still empty.
        let empty = try #require(document.fontSizes(of: unfilled, in: form).first ?? nil)
        #expect(abs(empty - 18 / 1.15) < 1e-9)
    }

    @Test func aWidgetStoredInsideItsParentIsSizedOverItsBox() throws {
        // The field's one widget is a direct dictionary in /Kids: no object to read it by.
        let document = try TestDocuments.assemble([
            1: "<</Type/Catalog/Pages 2 0 R/AcroForm<</Fields[4 0 R]/DA(/Helv 0 Tf 0 g)>>>>",
            2: "<</Type/Pages/Kids[3 0 R]/Count 1/MediaBox[0 0 300 300]>>",
            3: "<</Type/Page/Parent 2 0 R>>",
            4: "<</T(inside)/FT/Tx/Kids[<</Type/Annot/Subtype/Widget/Rect[10 10 110 33]/Parent 4 0 R>>]>>",
        ])
        // 23 points high, less 1 point of padding above and below, over the line height of 1.15.
        let size = try #require(try sizes(document, "inside").first ?? nil)
        #expect(abs(size - 21 / 1.15) < 1e-9)
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
