import Foundation
import Testing
@testable import MarginaliaCore

/// The one table of annotation names (issue 28): every kind has one row, every name leads
/// back to its kind, and the browser is answered the same rows.
@Suite("Annotation vocabulary")
struct AnnotationVocabularyTests {
    @Test func everyKindHasOneRow() {
        for subtype in AnnotationSubtype.allCases {
            #expect(AnnotationVocabulary.entries.filter { $0.subtype == subtype }.count == 1, "\(subtype)")
        }
        #expect(AnnotationVocabulary.entries.count == AnnotationSubtype.allCases.count)
    }

    @Test func everyNameLeadsBackToItsKind() {
        for subtype in AnnotationSubtype.allCases {
            #expect(AnnotationSubtype(pdfName: subtype.pdfName) == subtype)
            #expect(AnnotationSubtype(jsonType: subtype.jsonType) == subtype)
            if let element = subtype.xfdfElement { #expect(AnnotationSubtype(xfdfElement: element) == subtype) }
        }
        #expect(AnnotationSubtype(pdfName: "ink") == nil, "PDF names are case-sensitive (7.3.5)")
        #expect(AnnotationSubtype.jsonType(ofPDFName: "FooBar") == "foobar", "a private subtype is listed lowercased")
    }

    /// ISO 32000-2, 12.5.6: /IC on squares, circles, lines, polygons, polylines and redactions.
    @Test func interiorColourBelongsToTheShapesTheStandardGivesIt() {
        let filled = Set(AnnotationSubtype.allCases.filter { $0.capabilities.contains(.interiorColor) })
        #expect(filled == [.square, .circle, .line, .polygon, .polyLine, .redact])
        #expect(AnnotationSubtype.note.capabilities.isDisjoint(with: [.interiorColor, .lineEndings, .quadPoints, .inkList]))
    }

    @Test func theBrowserIsAnsweredEveryRow() throws {
        let answer = try JSONParser.parse(EngineBridge().call(Array(#"{"call": "annotationVocabulary"}"#.utf8)))
        let kinds = try #require(answer["kinds"]?.arrayValue)
        #expect(kinds.count == AnnotationVocabulary.entries.count)
        let strikeOut = try #require(kinds.first { $0["subtype"]?.stringValue == "StrikeOut" })
        #expect(strikeOut["type"]?.stringValue == "strikeOut")
        #expect(strikeOut["xfdf"]?.stringValue == "strikeout")
        #expect(strikeOut["labelKey"]?.stringValue == "type.strikeOut")
        #expect(strikeOut["capabilities"] == .strings(["markup", "quadPoints"]))
        #expect(strikeOut["drawnWithoutAppearance"] == .bool(true))
        let widget = try #require(kinds.first { $0["subtype"]?.stringValue == "Widget" })
        #expect(widget["xfdf"] == .null && widget["modelled"] == .bool(false))
        let redact = try #require(kinds.first { $0["subtype"]?.stringValue == "Redact" })
        #expect(redact["drawnWithoutAppearance"] == .bool(false))
    }

    /// The colour each kind is painted in when its JSON names none, for the editor to draw it
    /// alike: yellow notes and highlights (`/C [1 0.85 0.2]`), red text stamps and redaction
    /// marks (`[0.8 0.1 0.1]`), no background for free text, black for the rest.
    @Test func theBrowserIsToldEachKindsDefaultColour() throws {
        let answer = try JSONParser.parse(EngineBridge().call(Array(#"{"call": "annotationVocabulary"}"#.utf8)))
        let kinds = try #require(answer["kinds"]?.arrayValue)
        var colours: [String: JSONValue] = [:]
        for kind in kinds { colours[kind["subtype"]?.stringValue ?? ""] = kind["defaultColor"] }
        #expect(colours["Text"] == .string("#FFD933") && colours["Highlight"] == .string("#FFD933"))
        #expect(colours["Stamp"] == .string("#CC1A1A") && colours["Redact"] == .string("#CC1A1A"))
        #expect(colours["FreeText"] == .null)
        #expect(colours["Ink"] == .string("#000000") && colours["Underline"] == .string("#000000"))
        #expect(colours.count == AnnotationVocabulary.entries.count)
    }

    /// The colour of a text box's text when its JSON names none (black: `/DA` without a colour
    /// operator), told the browser so that the text being typed is drawn as it will be saved;
    /// no other kind has text whose colour Marginalia sets.
    @Test func theBrowserIsToldTheDefaultTextColourOfTextBoxesOnly() throws {
        let answer = try JSONParser.parse(EngineBridge().call(Array(#"{"call": "annotationVocabulary"}"#.utf8)))
        let kinds = try #require(answer["kinds"]?.arrayValue)
        let coloured = kinds.filter { $0["defaultTextColor"] != .null }
        #expect(coloured.map { $0["subtype"]?.stringValue ?? "" } == ["FreeText"])
        #expect(coloured.first?["defaultTextColor"] == .string("#000000"))
        #expect(kinds.allSatisfy { $0["defaultTextColor"] != nil }, "every row has the member, null where it has none")
    }

    /// The defaults of a new annotation, told the browser so that its tools make what the API
    /// makes: a highlight half opaque, a text box's text 12 points, a redaction mark's overlay
    /// black; and the Review model's states in the order the review panel offers them.
    @Test func theBrowserIsToldTheDefaultsOfANewAnnotationAndTheReviewStates() throws {
        let answer = try JSONParser.parse(EngineBridge().call(Array(#"{"call": "annotationVocabulary"}"#.utf8)))
        let kinds = try #require(answer["kinds"]?.arrayValue)
        func rows(where member: String, isNot value: JSONValue) -> [String] {
            kinds.filter { $0[member] != value }.map { $0["subtype"]?.stringValue ?? "" }
        }
        #expect(rows(where: "defaultOpacity", isNot: .number(1)) == ["Highlight"])
        #expect(kinds.first { $0["subtype"] == .string("Highlight") }?["defaultOpacity"] == .number(0.5))
        #expect(rows(where: "defaultFontSize", isNot: .null) == ["FreeText"])
        #expect(kinds.first { $0["subtype"] == .string("FreeText") }?["defaultFontSize"] == .number(12))
        #expect(rows(where: "defaultFill", isNot: .null) == ["Redact"])
        #expect(kinds.first { $0["subtype"] == .string("Redact") }?["defaultFill"] == .string("#000000"))
        #expect(answer["reviewStates"] == .strings(["Accepted", "Rejected", "Cancelled", "Completed", "None"]))
    }

    /// The kinds pdf.js 6, Poppler, MuPDF and PDFium all draw from their keys when a file gives
    /// no appearance stream: shapes, lines, ink and text markup. Not a redaction mark (readers
    /// leave it undrawn), a note (each reader its own icon) or free text.
    @Test func readersDrawShapesLinesInkAndMarkupWithoutAnAppearance() {
        let drawn = Set(AnnotationVocabulary.entries.filter(\.readersDrawWithoutAppearance).map(\.subtype))
        #expect(drawn == [.line, .square, .circle, .polygon, .polyLine, .highlight, .underline, .squiggly, .strikeOut, .ink])
    }
}
