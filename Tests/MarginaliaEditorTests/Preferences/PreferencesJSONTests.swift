import Foundation
import Marginalia
import Testing
@testable import MarginaliaEditor

extension PreferencesTests {
    /// The preferences have one JSON reading and writing (ToolPreferences+JSON): the browser's
    /// storage uses it directly, the native file through Codable, which calls it.
    @Suite("Preferences as JSON")
    struct PreferencesJSONTests {
        static func object(_ data: Data) throws -> NSDictionary {
            try #require(JSONSerialization.jsonObject(with: data) as? NSDictionary)
        }

        @Test func theFileIsTheJSONTheBrowserKeeps() throws {
            let preferences = ToolPreferencesTests.everythingChanged
            let file = try JSONEncoder().encode(preferences)
            let browser = Data(JSONWriter.string(preferences.json).utf8)
            #expect(try Self.object(file) == Self.object(browser))
        }

        @Test func theBrowsersReadingRepairsAndSaysSo() throws {
            let json = try JSONParser.parse(#"{"pen": {"width": "wide"}, "undoDepth": 0, "gestures": {"doubleTap": "undo", "singleSqueeze": "undo"}}"#)
            var reader = PreferenceReader()
            let preferences = ToolPreferences(json: json, reader: &reader)
            #expect(preferences.pen == .pen && preferences.undoDepth == 1)
            #expect(preferences.gestures.action(for: .singleSqueeze) == GestureAction.none)
            #expect(reader.repairs == ["pen.width is not valid; using the default", "gestures: undo was assigned to both doubleTap and singleSqueeze; kept doubleTap",
                                       "undoDepth 0 is out of range; using 1"])
        }

        @Test func aPresetKeepsABrushThatIsNotItsKindsThroughJSON() {
            // A marker drawn with the plain pen brush: read back against the marker's defaults,
            // an unwritten brush would come back as the marker brush.
            var preferences = ToolPreferences()
            preferences.marker.brush = .pen
            #expect(ToolPreferences(json: preferences.json).marker.brush == .pen)
        }

        @Test func translucentColoursKeepTheirAlphaThroughJSON() {
            let preferences = ToolPreferencesTests.everythingChanged
            #expect(ToolPreferences(json: preferences.json) == preferences)
            #expect(ToolPreferences(json: preferences.json).text.backgroundColor == Color(hex: "#FFEECC80"))
        }
    }
}
