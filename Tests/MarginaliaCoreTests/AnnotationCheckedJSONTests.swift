import Testing
@testable import MarginaliaCore

/// The core's one checked reading of the annotation JSON (Annotation+CheckedJSON.swift):
/// what it leaves to the caller and what it reads that the engine's reading does not.
@Suite("Annotation JSON, checked")
struct AnnotationCheckedJSONTests {
    static func read(_ text: String) throws -> Annotation {
        try Annotation(checking: AnnotationJSONFields(json: JSONParser.parse(text), path: "annotation"), path: "annotation")
    }

    /// An annotation naming no opacity is opaque, a highlight too (PDF's default for a missing
    /// `/CA`): the vocabulary's `defaultOpacity` of 0.5 is the Highlight tool's starting value,
    /// not the JSON's default, so what the API and the CLI are given is written as given.
    @Test func anAnnotationNamingNoOpacityIsOpaque() throws {
        let quads = #""quads": [[10, 20, 50, 20, 10, 10, 50, 10]]"#
        #expect(try Self.read(#"{"type": "highlight", \#(quads)}"#).opacity == 1)
        #expect(try Self.read(#"{"type": "highlight", "opacity": 0.25, \#(quads)}"#).opacity == 0.25)
        #expect(try Self.read(#"{"type": "underline", \#(quads)}"#).opacity == 1)
        #expect(try Self.read(#"{"type": "square", "rect": [0, 0, 10, 10]}"#).opacity == 1)
    }

    @Test func leavesTheIdAndTheDatesItIsNotGivenToTheCaller() throws {
        let square = try Self.read(#"{"type": "square", "rect": [0, 0, 10, 10]}"#)
        #expect(square.id.isEmpty && square.creationDate == nil && square.modificationDate == nil)
        #expect(square.flags == [.print] && square.color == .black && square.border.width == 1)
    }

    @Test func readsTheDatesAndAStampsPicture() throws {
        let stamp = try Self.read(#"{"type": "stamp", "id": "s", "rect": [0, 0, 10, 10], "image": "iVBORw==", "#
                                  + #""creationDate": "2026-01-31T12:00:00.5+01:00", "modificationDate": "2001-01-01T00:00:00Z"}"#)
        guard case .stamp(let picture) = stamp.kind else { Issue.record("not a stamp"); return }
        #expect(picture.imageBytes == [0x89, 0x50, 0x4E, 0x47])
        #expect(stamp.border.width == 0)
        #expect(stamp.creationDate == AnnotationTimestamp(secondsSinceReferenceDate: 791_550_000.5))
        #expect(stamp.modificationDate == AnnotationTimestamp(secondsSinceReferenceDate: 0))
    }

    @Test(arguments: [
        (#"{"type": "stamp", "rect": [0, 0, 1, 1], "image": "QQ="}"#, "annotation.image: not base64"),
        (#"{"type": "note", "rect": [0, 0, 1, 1], "creationDate": "2026-01-31"}"#, "annotation.creationDate: expected an ISO 8601 date"),
        (##"{"type": "note", "rect": [0, 0, 1, 1], "fill": "#FF0000"}"##, "annotation.fill: a note annotation has no fill (only line, square, circle, polygon, polyline, redact do)"),
        (#"{"type": "square", "rect": [0, 0, 1, 1], "width": 1000000.5}"#, "annotation.width: expected a width from 0 to 1000 points"),
        (#"{"type": "square", "rect": [0, 0, 1, 1], "dash": [3, -1]}"#, "annotation.dash: expected lengths from 0 to 1000 points"),
        (#"{"type": "square", "rect": [0, 0, 1, 1], "opacity": 1.01}"#, "annotation.opacity: expected a number from 0 to 1"),
    ])
    func namesTheBadField(json: String, message: String) {
        #expect(throws: AnnotationJSONError.self) { try Self.read(json) }
        do { _ = try Self.read(json) } catch { #expect(String(describing: error) == message) }
    }

    /// Every field the capabilities check, set on a square, which has none of their
    /// capabilities: refused under its own key.
    @Test(arguments: [
        ("lineEndings", #"["none", "none"]"#), ("points", "[[0, 0], [1, 1]]"), ("paths", "[[[0, 0]]]"), ("pressures", "[[1]]"),
        ("brush", #""pen""#), ("quads", "[[0, 1, 1, 1, 0, 0, 1, 0]]"), ("icon", #""Note""#), ("open", "true"),
        ("richText", #""<p>a</p>""#), ("overlayText", #""x""#), ("repeatOverlayText", "true"),
    ])
    func refusesAFieldOfACapabilityTheKindHasNot(key: String, value: String) {
        let json = #"{"type": "square", "rect": [0, 0, 1, 1], ""# + key + #"": "# + value + "}"
        do {
            _ = try Self.read(json)
            Issue.record("read \(json)")
        } catch {
            #expect(String(describing: error).hasPrefix("annotation.\(key): a square annotation has no \(key) (only "), "\(error)")
        }
    }
}
