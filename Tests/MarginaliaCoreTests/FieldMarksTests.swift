import Foundation
import Testing
@testable import MarginaliaCore

/// When the pages mark form fields (issue 15, faithful display): only while the Form tool is
/// active, unless the user asked for the marks with every tool (``ToolPreferences/highlightFields``);
/// the preference is kept with the others, in the browser's JSON and the native file.
@Suite("Engine: form field marks")
struct FieldMarksTests {
    static func call(_ bridge: EngineBridge, _ json: String) throws -> JSONValue {
        try JSONParser.parse(bridge.call(Array(json.utf8)))
    }

    static func shown(_ bridge: EngineBridge) throws -> Bool? {
        try call(bridge, #"{"call": "fieldMarks"}"#)["shown"]?.boolValue
    }

    @Test func fieldsAreMarkedWithTheFormToolOnly() throws {
        let bridge = EngineBridge()
        for tool in EditorTool.allCases {
            _ = try Self.call(bridge, #"{"call": "setTool", "tool": "\#(tool.rawValue)"}"#)
            #expect(try Self.shown(bridge) == (tool == .form), "\(tool)")
        }
    }

    @Test func highlightFieldsMarksThemWithEveryTool() throws {
        let bridge = EngineBridge()
        let kept = try Self.call(bridge, #"{"call": "setPreferences", "preferences": {"highlightFields": true}}"#)
        #expect(kept["highlightFields"]?.boolValue == true)
        for tool in EditorTool.allCases {
            _ = try Self.call(bridge, #"{"call": "setTool", "tool": "\#(tool.rawValue)"}"#)
            #expect(try Self.shown(bridge) == true, "\(tool)")
        }
        _ = try Self.call(bridge, #"{"call": "setPreferences", "preferences": {"highlightFields": false}}"#)
        _ = try Self.call(bridge, #"{"call": "setTool", "tool": "select"}"#)
        #expect(try Self.shown(bridge) == false)
    }

    @Test func thePreferenceIsOffByDefaultAndSurvivesBothFormats() throws {
        #expect(ToolPreferences().highlightFields == false)
        #expect(ToolPreferences().json["highlightFields"] == .bool(false))
        #expect(ToolPreferences(json: .object([("highlightFields", .string("yes"))])).highlightFields == false)
        var on = ToolPreferences()
        on.highlightFields = true
        #expect(ToolPreferences(json: on.json) == on)
        let decoded = try JSONDecoder().decode(ToolPreferences.self, from: JSONEncoder().encode(on))
        #expect(decoded.highlightFields)
        let older = try JSONDecoder().decode(ToolPreferences.self, from: Data(#"{"undoDepth": 20}"#.utf8))
        #expect(older.highlightFields == false && older.undoDepth == 20)
    }
}
