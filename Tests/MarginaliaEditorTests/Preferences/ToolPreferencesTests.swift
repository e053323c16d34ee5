import Foundation
import Marginalia
import Testing
@testable import MarginaliaEditor

extension PreferencesTests {
    @Suite("Tool preferences")
    struct ToolPreferencesTests {
        /// Every setting changed from its default.
        static var everythingChanged: ToolPreferences {
            var p = ToolPreferences()
            p.pen = InkPreset(color: Color(hex: "#123456")!, width: 3.5, opacity: 0.9, usesPressure: false)
            p.marker = InkPreset(color: .red, width: 8, opacity: 0.5, usesPressure: true)
            p.highlighter = InkPreset(color: .green, width: 20, opacity: 0.25, usesPressure: true)
            p.currentInk = .highlighter
            p.eraser = EraserSettings(mode: .segment, size: 24)
            p.text = TextToolSettings(fontSize: 22, bold: true, textColor: .blue,
                                      backgroundColor: Color(hex: "#FFEECC80")!)
            p.shape = ShapeToolSettings(kind: .arrow, strokeColor: .red, width: 4.5, fillColor: .yellow)
            p.noteColor = Color(hex: "#88CCFF")!
            p.inputMode = .pencilOnly
            p.shapeRecognition = ShapeRecognitionSettings(recognizeOnHold: false, recognizeEveryStroke: true)
            p.undoDepth = 250
            p.gestures.assign(.undo, to: .singleSqueeze)
            p.gestures.assign(.redo, to: .doubleSqueeze)
            p.gestures.assign(.toggleEraser, to: .penBarrelButton)
            p.gestures.assign(.lastTool, to: .doubleTap)
            return p
        }

        static func decode(_ json: String) throws -> (ToolPreferences, [String]) {
            let notes = PreferenceDecodingNotes()
            let decoder = JSONDecoder()
            decoder.userInfo[PreferenceDecodingNotes.userInfoKey] = notes
            return (try decoder.decode(ToolPreferences.self, from: Data(json.utf8)), notes.notes)
        }

        @Test func defaults() {
            let p = ToolPreferences()
            #expect(p.pen == InkPreset(color: .black, width: 2, opacity: 1, usesPressure: true))
            #expect(p.marker == InkPreset(color: .blue, width: 6, opacity: 1, usesPressure: false, brush: .marker))
            #expect(p.highlighter == InkPreset(color: .yellow, width: 14, opacity: 0.35, usesPressure: false))
            #expect(p.pencil.brush == .pencil && p.pencil.width == 2 && p.pencil.usesPressure)
            #expect(p.noteIcon == .note)
            #expect(p.currentInk == .pen)
            #expect(p.currentPreset == p.pen)
            #expect(p.eraser.mode == .stroke && p.eraser.size == 10)
            #expect(p.text.fontSize == 14 && !p.text.bold && p.text.textColor == .black && p.text.backgroundColor == nil)
            #expect(p.shape.kind == .rectangle && p.shape.fillColor == nil)
            #expect(p.inputMode == .default)
            #expect(p.shapeRecognition.recognizeOnHold && !p.shapeRecognition.recognizeEveryStroke)
            #expect(p.undoDepth == 100)
            #expect(p.gestures == GestureMap())
        }

        @Test func roundTripKeepsEverySetting() throws {
            let original = Self.everythingChanged
            let data = try JSONEncoder().encode(original)
            let (decoded, notes) = try Self.decode(String(decoding: data, as: UTF8.self))
            #expect(decoded == original)
            #expect(notes.isEmpty)
            // Guard against a round trip that passes because nothing changed.
            #expect(decoded != ToolPreferences())
            #expect(decoded.pen != InkPreset.pen && decoded.marker != InkPreset.marker)
            #expect(decoded.highlighter != InkPreset.highlighter)
            #expect(decoded.text.backgroundColor == Color(hex: "#FFEECC80"))
            #expect(decoded.gestures.action(for: .doubleSqueeze) == .redo)
        }

        @Test func emptyObjectGivesDefaults() throws {
            let (decoded, notes) = try Self.decode("{}")
            #expect(decoded == ToolPreferences())
            #expect(notes.isEmpty)
        }

        @Test func missingKeysTakeTheirOwnDefaults() throws {
            // A marker missing its width gets the marker's width, not the pen's.
            let json = ##"{"marker": {"color": "#FF0000"}, "eraser": {"mode": "segment"}, "inputMode": "drawWithFinger"}"##
            let (decoded, notes) = try Self.decode(json)
            #expect(decoded.marker == InkPreset(color: .red, width: 6, opacity: 1, usesPressure: false, brush: .marker))
            #expect(decoded.eraser == EraserSettings(mode: .segment, size: 10))
            #expect(decoded.inputMode == .drawWithFinger)
            #expect(decoded.pen == .pen)
            #expect(notes.isEmpty)
        }

        @Test func unknownKeysAreIgnored() throws {
            let json = ##"""
            {"pen": {"width": 5, "texture": "pencil"}, "laserPointer": {"color": "#FF0000"},
             "undoDepth": 40, "version": 7}
            """##
            let (decoded, notes) = try Self.decode(json)
            #expect(decoded.pen.width == 5)
            #expect(decoded.undoDepth == 40)
            #expect(notes.isEmpty)
        }

        @Test func outOfRangeValuesAreClampedOrReplaced() throws {
            let json = ##"""
            {"pen": {"width": -3, "opacity": 4}, "marker": {"width": 1e9, "opacity": -1},
             "eraser": {"size": 0}, "text": {"fontSize": -12}, "shape": {"width": -1},
             "undoDepth": -5}
            """##
            let (decoded, notes) = try Self.decode(json)
            #expect(decoded.pen.width == 2)
            #expect(decoded.pen.opacity == 1)
            #expect(decoded.marker.width == InkPreset.widthRange.upperBound)
            #expect(decoded.marker.opacity == InkPreset.opacityRange.lowerBound)
            #expect(decoded.eraser.size == 10)
            #expect(decoded.text.fontSize == 14)
            #expect(decoded.shape.width == 2)
            #expect(decoded.undoDepth == 1)
            #expect(!notes.isEmpty)
        }

        @Test func hugeNumbersDoNotDamageTheFile() throws {
            let (decoded, _) = try Self.decode(#"{"pen": {"width": 1e999, "opacity": 1e999}, "eraser": {"size": 1e999}}"#)
            #expect(decoded.pen.width.isFinite && decoded.pen.width > 0)
            #expect(decoded.pen.opacity == 1)
            #expect(decoded.eraser.size.isFinite)
        }

        @Test func invalidValuesCostOnlyThemselves() throws {
            let json = ##"""
            {"pen": {"color": "not a colour", "width": "wide"}, "inputMode": "telepathy",
             "currentInk": "crayon", "eraser": 12, "noteColor": "#00FF00", "undoDepth": "lots"}
            """##
            let (decoded, notes) = try Self.decode(json)
            #expect(decoded.pen == .pen)
            #expect(decoded.inputMode == .default)
            #expect(decoded.currentInk == .pen)
            #expect(decoded.eraser == .default)
            #expect(decoded.undoDepth == 100)
            #expect(decoded.noteColor == .green)
            #expect(notes.count == 6)
        }

        @Test(arguments: [Double.nan, .infinity, -.infinity, 0, -1])
        func nonsenseWidthsNeverStick(_ bad: Double) {
            var p = ToolPreferences()
            p.pen.width = 3
            p.pen.width = bad
            #expect(p.pen.width == 3)
            #expect(InkPreset(color: .black, width: bad, opacity: 1, usesPressure: true).width == 2)
            p.eraser.size = bad
            #expect(p.eraser.size == 10)
            p.text.fontSize = bad
            #expect(p.text.fontSize == 14)
            p.shape.width = bad
            #expect(p.shape.width == 2)
        }

        @Test func nanOpacityIsReplacedAndLargeOpacityClamped() {
            var preset = InkPreset.highlighter
            preset.opacity = .nan
            #expect(preset.opacity == 0.35)
            preset.opacity = 7
            #expect(preset.opacity == 1)
            #expect(InkPreset(color: .black, width: 2, opacity: .nan, usesPressure: false).opacity == 1)
        }

        @Test func undoDepthIsClamped() {
            var p = ToolPreferences()
            p.undoDepth = 0
            #expect(p.undoDepth == 1)
            p.undoDepth = .max
            #expect(p.undoDepth == ToolPreferences.undoDepthRange.upperBound)
        }

        @Test func presetAccessorsFollowTheKind() {
            var p = ToolPreferences()
            let preset = InkPreset(color: .red, width: 9, opacity: 0.5, usesPressure: true)
            p.setPreset(preset, for: .marker)
            p.currentInk = .marker
            #expect(p.marker == preset && p.currentPreset == preset)
            #expect(p.preset(for: .pen) == .pen)
        }
    }
}
