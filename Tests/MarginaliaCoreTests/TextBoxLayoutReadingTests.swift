import Foundation
import Testing
@testable import MarginaliaCore

/// Issue 28, "Drawn once": the bridge's `textBoxLayout` reads the free text it lays out once,
/// through the one lenient reading of the annotation JSON (as `annotationDrawing` does), and
/// answers the face the browser shows its text in, so no JavaScript reads a font's name.
@Suite("Text boxes read once and their faces answered by the core")
struct TextBoxLayoutReadingTests {
    private func call(_ request: String) throws -> JSONValue {
        try JSONParser.parse(EngineBridge().call(Array(request.utf8)))
    }

    private func face(_ family: String, bold: Bool = false, italic: Bool = false) -> JSONValue {
        .object([("family", .string(family)), ("bold", .bool(bold)), ("italic", .bool(italic))])
    }

    /// A box as the server answers it, with what the layout does not read (dates, flags,
    /// contents, an id); Courier at 10 points: 6 points a character.
    @Test func aDocumentsBoxIsLaidOutAsTheServerAnswersIt() throws {
        let answer = try call(##"{"call": "textBoxLayout", "annotation": {"id": "7f3a", "pageIndex": 0, "type": "freeText", "##
                              + ##""rect": [10, 20, 60, 120], "text": "abc defg hi", "contents": "abc defg hi", "font": "Cour", "##
                              + ##""fontSize": 10, "width": 1, "color": "#FFFF00", "textColor": "#0000FF", "alignment": "center", "##
                              + ##""flags": ["print"], "creationDate": "2026-12-01T10:00:00Z", "opacity": 1}}"##)
        // 50 wide less twice the border and 2 points: 44, seven characters.
        #expect(answer["lines"]?.arrayValue?.compactMap { $0["text"]?.stringValue } == ["abc", "defg hi"], "\(answer)")
        #expect(answer["lines"]?.arrayValue?.compactMap { $0["x"]?.numberValue } == [25 - 9, 25 - 21], "centred in the box")
        #expect(answer["padding"] == .number(3) && answer["background"] != nil && answer["border"]?["width"] == .number(1), "\(answer)")
        #expect(answer["face"] == face("Courier"), "\(answer)")
    }

    /// What the lenient reading refuses, the layout refuses, naming the field as it does.
    @Test(arguments: [
        (#""type": "square", "rect": [0, 0, 40, 40]"#, "annotation.type"),
        (#""type": "freeText", "rect": [0, 0, 40, 40], "color": "yellow""#, "annotation.color"),
        (#""type": "freeText", "rect": [0, 0, 40, 40], "textColor": 5"#, "annotation.textColor"),
        (#""type": "freeText", "rect": [0, 0, 40, 40], "fontSize": -5"#, "annotation.fontSize"),
        (#""type": "freeText", "rect": [0, 0, 40, 40], "alignment": "justify""#, "annotation.alignment"),
        (#""type": "freeText", "text": "no box""#, "annotation.rect"),
        (#""type": "freeText", "rect": [0, 0, 40, 40], "width": 2000000"#, "annotation.width"),
    ])
    func whatTheReadingRefusesIsRefusedNamingTheField(fields: String, path: String) throws {
        let answer = try call(#"{"call": "textBoxLayout", "annotation": {"# + fields + "}}")
        let error = try #require(answer["error"]?.stringValue, "\(answer)")
        #expect(error.contains(path), "\(error)")
    }

    /// A file's box above the 1,000 points a new one may have is laid out at its own size, up
    /// to the coordinate limit (``TextBoxLayout/drawnFontSize(_:)``), as its appearance draws it.
    @Test(arguments: [(2_000.0, 2_000.0), (5e6, 1e6)])
    func aFilesLargeBoxIsLaidOutAtItsSize(size: Double, drawn: Double) throws {
        let answer = try call(#"{"call": "textBoxLayout", "annotation": {"type": "freeText", "rect": [0, 0, 40, 40], "text": "A", "fontSize": \#(size)}}"#)
        #expect(answer["fontSize"] == .number(drawn) && answer["lineHeight"] == .number(1.15 * drawn), "\(answer)")
        #expect(answer["lines"]?.arrayValue?.count == 1, "\(answer)")
    }

    /// `fontFace` with a size answers the line height a box has in that font at that size
    /// (Helvetica's and Courier's ascent-to-descent spans are under 1.15 sizes; Times-Bold's
    /// too), for the textareas the engine does not lay out; without one, the face alone.
    @Test(arguments: [("Helvetica", 14.0), ("Courier", 9.5), ("Times-Bold", 300.0)])
    func fontFaceAnswersTheLineHeightAtASize(font: String, size: Double) throws {
        let answer = try call(#"{"call": "fontFace", "font": "\#(font)", "fontSize": \#(size)}"#)
        let box = try call(#"{"call": "textBoxLayout", "annotation": {"type": "freeText", "rect": [0, 0, 40, 40], "text": "A", "font": "\#(font)", "fontSize": \#(size)}}"#)
        let lineHeight = try #require(answer["lineHeight"]?.numberValue, "\(answer)")
        #expect(abs(lineHeight - 1.15 * size) < 1e-9 && answer["lineHeight"] == box["lineHeight"], "\(answer) \(box)")
        #expect(try call(#"{"call": "fontFace", "font": "\#(font)"}"#)["lineHeight"] == nil)
        let unsized = try call(#"{"call": "fontFace", "font": "\#(font)", "fontSize": 0}"#)  // a file's box of size 0
        #expect(unsized["lineHeight"] == (try call(#"{"call": "fontFace", "font": "\#(font)", "fontSize": 12}"#))["lineHeight"])
        let refused = try call(#"{"call": "fontFace", "font": "\#(font)", "fontSize": -1}"#)
        #expect(refused["error"]?.stringValue?.contains("fontSize") == true, "\(refused)")
    }

    @Test func everyStandardFontHasItsFace() {
        let faces = StandardFontNames.all.map(StandardFontNames.face(of:))
        // Regular, bold, slanted, bold slanted, in the order of the 14 names.
        let traits = [(false, false), (true, false), (false, true), (true, true)]
        let expected = ["Helvetica", "Times", "Courier"].flatMap { family in traits.map { StandardFontFace(family: family, bold: $0.0, italic: $0.1) } }
            + ["Symbol", "ZapfDingbats"].map { StandardFontFace(family: $0, bold: false, italic: false) }
        #expect(faces == expected)
        #expect(StandardFontNames.face(of: "Calibri") == StandardFontFace(family: "Helvetica", bold: false, italic: false))
    }

    /// The face of the font the name resolves to, in the layout (even while it asks for widths)
    /// and by `fontFace`: the browser reads none of it out of the name.
    @Test(arguments: [
        ("TimesNewRomanPS-BoldItalicMT", "Times", true, true), ("Arial,Bold", "Helvetica", true, false),
        ("Courier-Oblique", "Courier", false, true), ("HeBO", "Helvetica", true, true), ("Calibri", "Helvetica", false, false),
        ("ZaDb", "ZapfDingbats", false, false),
    ])
    func theLayoutAndFontFaceAnswerTheFace(font: String, family: String, bold: Bool, italic: Bool) throws {
        let box = #"{"type": "freeText", "rect": [0, 0, 100, 40], "font": "\#(font)", "text": "#
        let laidOut = try call(#"{"call": "textBoxLayout", "annotation": \#(box)"Words"}}"#)
        let asking = try call(#"{"call": "textBoxLayout", "annotation": \#(box)"Ωμέγα"}}"#)
        let alone = try call(#"{"call": "fontFace", "font": "\#(font)"}"#)
        #expect(laidOut["lines"] != nil && asking["measure"] != nil, "\(laidOut) \(asking)")
        for answer in [laidOut["face"], asking["face"], alone] {
            #expect(answer == face(family, bold: bold, italic: italic), "\(font): \(String(describing: answer))")
        }
    }
}
