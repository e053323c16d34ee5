import Foundation
import Testing
@testable import Marginalia

/// Issue 28, "Drawn once": a text box beyond WinAnsi is laid out by the browser's engine with
/// the widths the appearance writer measures it by (``TextBoxWidths``, answered by the server),
/// so the engine's lines are the writer's: the same breaks, widths and baselines.
@Suite("Text box widths of the appearance writer")
struct TextBoxWidthsTests {
    /// Greek, Cyrillic, a decomposed accent, CJK (Noto Sans CJK) and WinAnsi Latin mixed, in
    /// two paragraphs, wrapping into several lines.
    static let mixed = "Καλημέρα κόσμε, Привет мир! Cafe\u{301} crème, 漢字かな交じり文 and plain words here.\n"
        + "Ωραία Ελλάδα — Москва́ столица; ΑΥΤΟ ΑΥΤΟ AVA."

    private func call(_ bridge: EngineBridge, _ request: JSONValue) throws -> JSONValue {
        try JSONParser.parse(bridge.call(JSONWriter.bytes(request)))
    }

    @Test(arguments: [("Helvetica", "left"), ("Times-Bold", "center"), ("Courier", "right")])
    func theEnginesLinesAreTheWritersLines(font: String, alignment: String) throws {
        let text = Self.mixed
        let rect = CGRect(x: 50, y: 100, width: 180, height: 400)
        let border = 1.0
        let written = try #require(try TextBoxWidths.written(for: text, font: font), "the writer shapes this text")
        // The widths travel as JSON from the server to the engine.
        let request: JSONValue = .object([
            ("call", .string("textBoxLayout")),
            ("annotation", .object([("type", .string("freeText")), ("text", .string(text)), ("rect", .rect(rect)), ("font", .string(font)),
                                    ("fontSize", .number(11)), ("width", .number(border)), ("alignment", .string(alignment))])),
            ("widths", try JSONParser.parse(JSONWriter.bytes(written.json))),
        ])
        let answer = try call(EngineBridge(), request)
        let lines = try #require(answer["lines"]?.arrayValue, "\(answer)")
        #expect(answer["measuredBy"]?.stringValue == "writer" && answer["standard"]?.boolValue == false, "\(answer)")

        // What the writer draws (AppearanceBuilder.freeText: FreeTextLayout, shaped lines).
        let free = PDFAnnotation.FreeText(text: text, font: font, fontSize: 11,
                                          alignment: PDFAnnotation.FreeText.Alignment(rawValue: ["left", "center", "right"].firstIndex(of: alignment)!)!)
        let layout = FreeTextLayout(free, borderWidth: CGFloat(border))
        let shaped = try #require(try layout.shapedLines(text, width: Double(rect.width)))
        #expect(lines.count == shaped.count && shaped.count >= 5, "\(lines.count) lines against the writer's \(shaped.count)")
        #expect(lines.compactMap { $0["text"]?.stringValue } == shaped.map(\.text))
        for (line, written) in zip(lines, shaped) {
            #expect(abs((line["width"]?.numberValue ?? -1) - written.width) < 0.01, "\(line) against \(written.width)")
        }
        // The first baseline the placing font's ascent below the padding, then its line height.
        let top = Double(rect.height) - (border + 2) - layout.font.ascent * 11 / 1000
        let baselines = lines.compactMap { $0["baseline"]?.numberValue }
        #expect(abs(baselines[0] - top) < 1e-6 && abs((baselines[0] - baselines[1]) - layout.lineHeight) < 1e-6, "\(baselines)")
        #expect(abs((answer["lineHeight"]?.numberValue ?? 0) - layout.lineHeight) < 1e-6)
    }

    /// WinAnsi text is drawn in a standard font, measured by its widths: `widths` sent with it
    /// (a stale answer for the text before an edit) are not used.
    @Test func standardTextIsMeasuredByTheStandardWidthsWhateverWidthsCome() throws {
        let rect = CGRect(x: 50, y: 100, width: 120, height: 200)
        let annotation: JSONValue = .object([("type", .string("freeText")), ("text", .string("plain words in a box that wraps")), ("rect", .rect(rect)),
                                             ("fontSize", .number(11))])
        let stranger = try #require(try TextBoxWidths.written(for: "Привет мир", font: "Helvetica"))
        let bare = try call(EngineBridge(), .object([("call", .string("textBoxLayout")), ("annotation", annotation)]))
        let sent = try call(EngineBridge(), .object([("call", .string("textBoxLayout")), ("annotation", annotation),
                                                     ("widths", try JSONParser.parse(JSONWriter.bytes(stranger.json)))]))
        #expect(bare["standard"]?.boolValue == true && bare["lines"] != nil, "\(bare)")
        #expect(sent == bare, "\(sent)")
    }

    @Test func theWritersWidthsAreItsShapedAdvancesPerCharacter() throws {
        let text = "Ελλάδα AVA\nМосква"
        let widths = try #require(try TextBoxWidths.written(for: text, font: "Helvetica"))
        let faces = try #require(TextFaces.make(for: text, family: .helvetica, embeds: false))
        let expected = try TextBoxLayout.paragraphs(of: text).map { try ShapedTextLayout.characterUnits($0, faces: faces) }
        #expect(widths.paragraphs == expected)
        #expect(widths.paragraphs.map(\.count) == [10, 6])
        // Nimbus Sans (URW's Helvetica) has Greek and Cyrillic: the lines are placed by Helvetica's metrics.
        #expect(widths.ascent == Double(StandardFontMetrics.helvetica.ascent) && widths.descent == Double(StandardFontMetrics.helvetica.descent))
        #expect(try TextBoxWidths.written(for: "plain WinAnsi text", font: "Helvetica") == nil, "a standard font draws it")
    }

    @Test func widthsThatDoNotFitTheTextAreRefusedNamingThem() throws {
        let bridge = EngineBridge()
        func refusal(_ widths: String) -> String {
            let request = #"{"call": "textBoxLayout", "annotation": {"type": "freeText", "rect": [0, 0, 100, 100], "text": "Ωμέγα\nб"}, "widths": "# + widths + "}"
            do {
                _ = try bridge.call(JSONField(try JSONParser.parse(Array(request.utf8)), path: ""))
                return ""
            } catch {
                return "\(error)"
            }
        }
        #expect(refusal(#"{"ascent": 718, "descent": -207, "paragraphs": [[1, 2, 3, 4, 5], [1]]}"#) == "")
        #expect(refusal(#"{"ascent": 718, "descent": -207, "paragraphs": [[1, 2, 3, 4, 5]]}"#).contains("widths.paragraphs: expected 2 paragraphs"))
        #expect(refusal(#"{"ascent": 718, "descent": -207, "paragraphs": [[1, 2, 3, 4], [1]]}"#).contains("widths.paragraphs[0]: expected 5 widths"))
        #expect(refusal(#"{"ascent": 718, "descent": -207, "paragraphs": [[1, 2, 3, 4, 5], [20000]]}"#).contains("widths.paragraphs[1][0]"))
        #expect(refusal(#"{"ascent": 718, "paragraphs": [[1, 2, 3, 4, 5], [1]]}"#).contains("descent"))
        let many = "[" + Array(repeating: "1", count: TextBoxWidths.limit + 1).joined(separator: ",") + "]"
        #expect(refusal(#"{"ascent": 718, "descent": -207, "paragraphs": [[1, 2, 3, 4, 5], "# + many + "]}").contains("limit of 10000"))
    }
}
