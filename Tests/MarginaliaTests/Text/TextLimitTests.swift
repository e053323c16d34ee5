import Foundation
import Marginalia
import Testing

@Suite("Text extraction within limits")
struct TextLimitTests {
    @Test func formsDrawnOverAndOverStopAtTheOperationLimit() throws {
        // Each level draws the next ten times: 10^6 draws of the innermost text from a few bytes.
        var objects: [Int: String] = [10: TextFixtures.standardFont()]
        for level in 0..<6 {
            let inner = level == 5 ? "BT /F1 1 Tf (x) Tj ET" : String(repeating: "/X Do ", count: 10)
            objects[11 + level] = TextFixtures.stream(
                inner, dictionary: "/Subtype/Form/BBox[0 0 1 1]/Resources<</Font<</F1 10 0 R>>/XObject<</X \(12 + level) 0 R>>>>")
        }
        var data = try TextFixtures.document(content: "/X Do", objects: objects, xObjects: ["X": 11]).dataRepresentation()
        var limits = PDFLimits()
        limits.maxContentOperations = 100_000
        let document = try PDFDocument(data: data, limits: limits)
        #expect(throws: PDFError.self) { try document.text(ofPage: 0) }
        do {
            _ = try document.text(ofPage: 0)
        } catch let error as PDFError {
            guard case .limitExceeded(let message, .maxContentOperations, 100_000) = error else { Issue.record("wrong error \(error)"); return }
            #expect(message.contains("100000"))
        }
        data.removeAll()
    }

    @Test func damagedContentAndFontsGiveWhatCanBeRead() throws {
        let content = "BT /F1 10 Tf 72 700 Td (good) Tj ] >> (unclosed [ 1 2 Tj /Nope 5 Tf (lost) Tj /F1 10 Tf (again) Tj 1 0 0 Tm ET Q Q Q"
        let objects: [Int: String] = [10: "<</Type/Font/Subtype/Type0/Encoding 99 0 R/DescendantFonts 98 0 R/ToUnicode 97 0 R>>"]
        let document = try TextFixtures.document(content: content, objects: objects)
        let text = try document.text(ofPage: 0)
        #expect(text.unmappedGlyphCount > 0)
        #expect(!text.string.contains("lost"))
    }
}
