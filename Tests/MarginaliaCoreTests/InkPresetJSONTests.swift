import Testing
@testable import MarginaliaCore

/// An ink preset's one JSON coding (InkPreset+JSON): the stroke command, the bridge's requests
/// and the preferences write and read a preset the same way, strictly for a command and
/// tolerantly for the preferences.
@Suite("Ink preset JSON")
struct InkPresetJSONTests {
    static func field(_ text: String, path: String = "ink") throws -> JSONField {
        JSONField(try JSONParser.parse(text), path: path)
    }

    @Test func theBrushTravelsInTheInkObjectAndUnknownOnesAreRefused() throws {
        let pencil = InkPreset(color: .black, width: 3, opacity: 1, usesPressure: true, brush: .pencil)
        #expect(try InkPreset(json: JSONField(pencil.json, path: "command.ink")) == pencil)
        let plain = try InkPreset(json: Self.field(##"{"color": "#FF0000"}"##))
        #expect(plain.brush == .pen)
        let brushes = InkBrush.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        #expect(throws: CommandError.malformed("ink.brush: expected one of \(brushes), found \"spray\"")) {
            try InkPreset(json: Self.field(#"{"brush": "spray"}"#))
        }
    }

    @Test func everyFieldIsWrittenTheColourWithItsAlphaAndThePlainBrushToo() throws {
        let translucent = InkPreset(color: Color(red: 1, green: 0, blue: 0, alpha: 128 / 255), width: 4, opacity: 0.6,
                                    usesPressure: false, brush: .pen)
        #expect(JSONWriter.string(translucent.json)
                    == ##"{"color":"#FF000080","width":4,"opacity":0.6,"usesPressure":false,"brush":"pen"}"##)
        // Read back as it was, by the command's reading and by the preferences' alike.
        #expect(try InkPreset(json: JSONField(translucent.json, path: "ink")) == translucent)
        var reader = PreferenceReader()
        #expect(InkPreset(json: JSONField(translucent.json, path: "marker"), defaults: .marker, reader: &reader) == translucent)
        #expect(reader.repairs.isEmpty)
        // What the engine paints keeps to the file: no alpha in a PDF colour.
        #expect(translucent.paintHex == "#FF0000")
    }

    @Test func missingFieldsTakeTheDefaultsGiven() throws {
        #expect(try InkPreset(json: Self.field("{}")) == .pen)
        #expect(try InkPreset(json: Self.field("{}"), defaults: .marker) == .marker)
        var reader = PreferenceReader()
        #expect(InkPreset(json: try Self.field(#"{"color": null}"#, path: "highlighter"), defaults: .highlighter, reader: &reader)
                    == .highlighter)
        #expect(reader.repairs.isEmpty)
    }

    @Test func aCommandRefusesAFieldOfTheWrongKindNamingItsPath() throws {
        #expect(throws: CommandError.malformed("command.ink.width: expected a finite number, found a string")) {
            try InkPreset(json: Self.field(#"{"width": "wide"}"#, path: "command.ink"))
        }
        #expect(throws: CommandError.malformed("ink.color: expected a colour \"#RRGGBB\" or \"#RRGGBBAA\"")) {
            try InkPreset(json: Self.field(#"{"color": "red"}"#))
        }
        #expect(throws: CommandError.malformed("ink: expected an object, found an array")) {
            try InkPreset(json: Self.field("[]"))
        }
    }

    @Test func thePreferencesRepairAFieldOfTheWrongKindWithTheirKindsDefaultAndSaySo() throws {
        var reader = PreferenceReader()
        let marker = InkPreset(json: try Self.field(##"{"width": "wide", "brush": "spray", "opacity": 7, "color": "#00FF00"}"##, path: "marker"),
                               defaults: .marker, reader: &reader)
        #expect(marker.width == InkPreset.marker.width)
        #expect(marker.brush == .marker)
        #expect(marker.opacity == 1)
        #expect(marker.color == Color(hex: "#00FF00"))
        #expect(reader.repairs == ["marker.width is not valid; using the default", "marker.brush is not valid; using the default",
                                   "marker had an out-of-range width or opacity; adjusted"])
    }

    @Test func aWidthOrOpacityOutOfRangeIsClampedByTheStrictReading() throws {
        let command = try InkPreset(json: Self.field(#"{"width": 900, "opacity": 0}"#))
        #expect(command.width == InkPreset.widthRange.upperBound)
        #expect(command.opacity == InkPreset.opacityRange.lowerBound)
    }
}
