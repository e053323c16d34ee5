import Foundation
import PDFCore
import Testing
@testable import Marginalia

/// Issue 26, item 3: a radio group whose first button is a widget merged with a field of its
/// own (it carries `/T`, as some tools write buttons) was read as two fields, so a click on
/// another button left the first on and filling the group with the first button's state was
/// refused. Every widget under a radio field is the group's.
@Suite("Forms: radio groups whatever the tree's shape")
struct RadioGroupTests {
    /// A page with the radio group `choice`: buttons A (merged with a field `a`, holding the
    /// group's state), B and C.
    static func mergedButtonForm() throws -> PDFDocument {
        func stream(_ content: String) -> String {
            "<</Type/XObject/Subtype/Form/BBox[0 0 20 20]/Resources<<>>/Length \(content.utf8.count)>>\nstream\n\(content)\nendstream"
        }
        func button(_ state: String, x: Int, on: Bool, extra: String = "") -> String {
            "<</Type/Annot/Subtype/Widget/Rect[\(x) 700 \(x + 20) 720]/P 4 0 R/F 4/Parent 10 0 R"
                + "/AP<</N<</\(state) 20 0 R/Off 21 0 R>>>>/AS/\(on ? state : "Off")\(extra)>>"
        }
        return try TestDocuments.assemble([
            1: "<</Type/Catalog/Pages 2 0 R/AcroForm 3 0 R>>",
            2: "<</Type/Pages/Kids[4 0 R]/Count 1/MediaBox[0 0 612 792]>>",
            3: "<</Fields[10 0 R]>>",
            4: "<</Type/Page/Parent 2 0 R/Annots[11 0 R 12 0 R 13 0 R]>>",
            10: "<</T(choice)/FT/Btn/Ff 49152/Kids[11 0 R 12 0 R 13 0 R]/V/A>>",
            11: button("A", x: 72, on: true, extra: "/T(a)/V/A"),
            12: button("B", x: 122, on: false),
            13: button("C", x: 172, on: false),
            20: stream("0 g 4 4 12 12 re f"),
            21: stream("0 G 1 1 18 18 re S"),
        ])
    }

    /// Each button's `/AS`, in order, and the group's `/V`, as the saved file holds them.
    static func states(_ document: PDFDocument) throws -> (buttons: [String], value: String?, mergedValue: String?) {
        let reopened = try PDFDocument(data: try document.dataRepresentation())
        let file = reopened.file
        let buttons = try (11...13).map { try file.dictionary(.reference(PDFReference($0, 0)))?["AS"]?.nameValue ?? "?" }
        let group = try file.dictionary(.reference(PDFReference(10, 0)))
        let merged = try file.dictionary(.reference(PDFReference(11, 0)))
        return (buttons, group?["V"]?.nameValue, merged?["V"]?.nameValue)
    }

    @Test func theMergedButtonIsOneOfTheGroupsButtons() throws {
        let form = try Self.mergedButtonForm().acroForm()
        #expect(form.fields.map(\.name) == ["choice"], "no field 'choice.a' beside the group")
        let group = try #require(form.field(named: "choice"))
        #expect(group.type == .radio && group.states == ["A", "B", "C"] && group.widgets.count == 3)
        #expect(group.value == .text("A"))
    }

    @Test func choosingAButtonTurnsEveryOtherOffAndTheFirstStateFills() throws {
        let document = try Self.mergedButtonForm()
        try document.setValue(.text("C"), forField: "choice")
        let third = try Self.states(document)
        #expect(third.buttons == ["Off", "Off", "C"] && third.value == "C" && third.mergedValue == "C")
        try document.setValue(.text("A"), forField: "choice")
        let first = try Self.states(document)
        #expect(first.buttons == ["A", "Off", "Off"] && first.value == "A" && first.mergedValue == "A")
    }
}
