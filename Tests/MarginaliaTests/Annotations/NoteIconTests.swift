import Foundation
import PDFCore
import Testing
@testable import Marginalia

@Suite("Note icons")
struct NoteIconTests {
    static func drawing(_ name: String) -> [UInt8] {
        let note = PDFAnnotation(kind: .note(.init(icon: name)), rect: CGRect(x: 50, y: 50, width: 20, height: 20),
                                 color: Color(red: 1, green: 0.85, blue: 0.2))
        let builder = AppearanceBuilder(addObject: { _ in PDFReference(1) })
        guard case .note(let n) = note.kind else { return [] }
        return builder.note(note, n).content.bytes
    }

    @Test func everyStandardIconHasItsOwnDrawing() {
        let drawings = NoteIcon.allCases.map { Self.drawing($0.rawValue) }
        #expect(Set(drawings).count == NoteIcon.allCases.count)
        #expect(Self.drawing("SomeViewersOwnIcon") == Self.drawing("Note"), "other names draw as Note")
    }

    @Test func theIconIsTwentyPointsAtTheTopLeftOfRect() throws {
        let document = try TestDocuments.pages(1)
        for icon in NoteIcon.allCases {
            let stored = try document.addAnnotation(
                PDFAnnotation(kind: .note(.init(icon: icon.rawValue)), rect: CGRect(x: 100, y: 500, width: 30, height: 40)), toPage: 0)
            let appearance = try document.file.resolve(stored.dictionary["AP"]?.dictionaryValue?["N"] ?? .null)
            #expect(appearance.dictionaryValue?["BBox"]?.arrayValue?.compactMap(\.numberValue) == [100, 520, 120, 540])
            #expect(stored.dictionary["Name"]?.nameValue == icon.rawValue)
            #expect(stored.flags.contains(.noZoom) && stored.flags.contains(.noRotate))
        }
    }

    @Test func theAppearancePaintsTheIconsMarks() {
        // One drawing of each icon: the stream holds every mark's path and one paint per mark
        // (bodies filled and stroked, lines stroked, dots filled), as the browser draws them.
        for icon in NoteIcon.allCases {
            let text = String(decoding: Self.drawing(icon.rawValue), as: UTF8.self)
            let marks = icon.marks(in: CGRect(x: 50, y: 50, width: 20, height: 20))
            let operators = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
            #expect(operators.filter { $0 == "B" }.count == marks.filter { $0.paint == .body }.count, "\(icon)")
            #expect(operators.filter { $0 == "S" }.count == marks.filter { $0.paint == .line }.count, "\(icon)")
            #expect(operators.filter { $0 == "f" }.count == marks.filter { $0.paint == .dot }.count, "\(icon)")
            var path = ContentStreamBuilder()
            for mark in marks { path.append(mark.path) }
            let expected = String(decoding: path.bytes, as: UTF8.self)
            let drawn = operators.filter { !["B", "S", "f", "w", "J", "j", "RG", "rg", "q", "Q", "gs"].contains($0) && Double($0) == nil && !$0.hasPrefix("/") }
            #expect(Set(drawn).isSubset(of: ["m", "l", "c", "h", "re"]), "\(icon): \(Set(drawn))")
            for line in expected.split(separator: "\n") { #expect(text.contains(line), "\(icon): \(line)") }
        }
    }
}
