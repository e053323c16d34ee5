#if !hasFeature(Embedded)
import Foundation
#endif

// The preferences as JSON: the one reading and writing of them. The browser keeps them in its
// storage in this form; the native preferences file (PreferencesStore) is the same JSON, read
// and written through Codable, which calls these. Reading is tolerant (PreferenceReader): a
// missing or bad value takes its default, unknown keys are ignored, repairs are noted.

extension ToolPreferences {
    /// Preferences from JSON; anything missing or invalid takes its default.
    public init(json: JSONValue) {
        var reader = PreferenceReader()
        self.init(json: json, reader: &reader)
    }

    /// Preferences from JSON, noting in `reader` every value that had to be repaired.
    public init(json: JSONValue, reader: inout PreferenceReader) {
        self.init()
        guard case .object = json else { return }
        typealias R = PreferenceReader
        pen = Self.ink(json, "pen", defaults: .pen, reader: &reader)
        marker = Self.ink(json, "marker", defaults: .marker, reader: &reader)
        highlighter = Self.ink(json, "highlighter", defaults: .highlighter, reader: &reader)
        pencil = Self.ink(json, "pencil", defaults: .pencil, reader: &reader)
        currentInk = reader.value(json, "currentInk", under: "", or: currentInk, R.name)
        if let e = reader.object(json, "eraser", under: "") {
            let d = EraserSettings.default
            eraser = EraserSettings(mode: reader.value(e, "mode", under: "eraser", or: d.mode, R.name),
                                    size: reader.value(e, "size", under: "eraser", or: d.size, R.number))
        }
        if let t = reader.object(json, "text", under: "") {
            let d = TextToolSettings.default
            text = TextToolSettings(fontSize: reader.value(t, "fontSize", under: "text", or: d.fontSize, R.number),
                                    bold: reader.value(t, "bold", under: "text", or: d.bold, R.bool),
                                    textColor: reader.value(t, "textColor", under: "text", or: d.textColor, R.color),
                                    backgroundColor: reader.value(t, "backgroundColor", under: "text", or: d.backgroundColor) { R.color($0).map { Optional($0) } })
        }
        if let s = reader.object(json, "shape", under: "") {
            let d = ShapeToolSettings.default
            shape = ShapeToolSettings(kind: reader.value(s, "kind", under: "shape", or: d.kind, R.name),
                                      strokeColor: reader.value(s, "strokeColor", under: "shape", or: d.strokeColor, R.color),
                                      width: reader.value(s, "width", under: "shape", or: d.width, R.number),
                                      fillColor: reader.value(s, "fillColor", under: "shape", or: d.fillColor) { R.color($0).map { Optional($0) } })
        }
        noteColor = reader.value(json, "noteColor", under: "", or: noteColor, R.color)
        noteIcon = reader.value(json, "noteIcon", under: "", or: noteIcon, R.name)
        inputMode = reader.value(json, "inputMode", under: "", or: inputMode, R.name)
        if let r = reader.object(json, "shapeRecognition", under: "") {
            let d = ShapeRecognitionSettings.default
            shapeRecognition = ShapeRecognitionSettings(
                recognizeOnHold: reader.value(r, "recognizeOnHold", under: "shapeRecognition", or: d.recognizeOnHold, R.bool),
                recognizeEveryStroke: reader.value(r, "recognizeEveryStroke", under: "shapeRecognition", or: d.recognizeEveryStroke, R.bool))
        }
        if let g = reader.object(json, "gestures", under: "") {
            gestures = GestureMap(json: g, under: "gestures", reader: &reader)
        }
        highlightFields = reader.value(json, "highlightFields", under: "", or: highlightFields, R.bool)
        pageLayout = reader.value(json, "pageLayout", under: "", or: pageLayout, R.name)
        let depth = reader.value(json, "undoDepth", under: "", or: undoDepth, R.integer)
        undoDepth = Self.clampedUndoDepth(depth)
        if undoDepth != depth {
            reader.note("undoDepth \(depth) is out of range; using \(undoDepth)")
        }
    }

    /// The preferences as JSON (every key written; no background or fill as null).
    public var json: JSONValue {
        func color(_ color: Color?) -> JSONValue { color.map { .string($0.compactHex) } ?? .null }
        return .object([
            ("pen", pen.json), ("marker", marker.json), ("highlighter", highlighter.json), ("pencil", pencil.json),
            ("currentInk", .string(currentInk.rawValue)),
            ("eraser", .object([("mode", .string(eraser.mode.rawValue)), ("size", .number(eraser.size))])),
            ("text", .object([("fontSize", .number(text.fontSize)), ("bold", .bool(text.bold)),
                              ("textColor", color(text.textColor)), ("backgroundColor", color(text.backgroundColor))])),
            ("shape", .object([("kind", .string(shape.kind.rawValue)), ("strokeColor", color(shape.strokeColor)),
                               ("width", .number(shape.width)), ("fillColor", color(shape.fillColor))])),
            ("noteColor", color(noteColor)), ("noteIcon", .string(noteIcon.rawValue)),
            ("inputMode", .string(inputMode.rawValue)),
            ("shapeRecognition", .object([("recognizeOnHold", .bool(shapeRecognition.recognizeOnHold)),
                                          ("recognizeEveryStroke", .bool(shapeRecognition.recognizeEveryStroke))])),
            ("undoDepth", .integer(undoDepth)),
            ("gestures", gestures.json),
            ("highlightFields", .bool(highlightFields)),
            ("pageLayout", .string(pageLayout.rawValue)),
        ])
    }

    /// The ink preset at `key`, read against its own kind's defaults (InkPreset+JSON), so a
    /// marker missing its width gets the marker's 6 pt, not the pen's 2 pt.
    private static func ink(_ json: JSONValue, _ key: String, defaults: InkPreset, reader: inout PreferenceReader) -> InkPreset {
        guard let preset = reader.object(json, key, under: "") else { return defaults }
        return InkPreset(json: JSONField(preset, path: key), defaults: defaults, reader: &reader)
    }
}
