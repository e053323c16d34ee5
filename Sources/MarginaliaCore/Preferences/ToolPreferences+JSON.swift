#if !hasFeature(Embedded)
import Foundation
#endif

// The preferences as JSON, with the keys of the native preferences file (PreferencesStore's
// Codable form), so the browser keeps the same format in its storage. Reading is tolerant
// like the file's: a missing or bad value takes its default, unknown keys are ignored.

extension ToolPreferences {
    /// Preferences from JSON; anything missing or invalid takes its default.
    public init(json: JSONValue) {
        self.init()
        guard case .object = json else { return }
        pen = Self.ink(json["pen"], defaults: .pen)
        marker = Self.ink(json["marker"], defaults: .marker)
        highlighter = Self.ink(json["highlighter"], defaults: .highlighter)
        pencil = Self.ink(json["pencil"], defaults: .pencil)
        if let kind = json["currentInk"]?.stringValue.flatMap(InkKind.init(rawValue:)) { currentInk = kind }
        if let eraserJSON = json["eraser"] {
            eraser = EraserSettings(mode: eraserJSON["mode"]?.stringValue.flatMap(EraserMode.init(rawValue:)) ?? eraser.mode,
                                    size: eraserJSON["size"]?.numberValue ?? eraser.size)
        }
        if let t = json["text"] {
            let d = TextToolSettings.default
            text = TextToolSettings(fontSize: t["fontSize"]?.numberValue ?? d.fontSize, bold: t["bold"]?.boolValue ?? d.bold,
                                    textColor: Self.color(t["textColor"]) ?? d.textColor,
                                    backgroundColor: t["backgroundColor"].map { Self.color($0) } ?? d.backgroundColor)
        }
        if let s = json["shape"] {
            let d = ShapeToolSettings.default
            shape = ShapeToolSettings(kind: s["kind"]?.stringValue.flatMap(ShapeKind.init(rawValue:)) ?? d.kind,
                                      strokeColor: Self.color(s["strokeColor"]) ?? d.strokeColor,
                                      width: s["width"]?.numberValue ?? d.width,
                                      fillColor: s["fillColor"].map { Self.color($0) } ?? d.fillColor)
        }
        if let color = Self.color(json["noteColor"]) { noteColor = color }
        if let icon = json["noteIcon"]?.stringValue.flatMap(NoteIcon.init(rawValue:)) { noteIcon = icon }
        if let mode = json["inputMode"]?.stringValue.flatMap(InputMode.init(rawValue:)) { inputMode = mode }
        if let r = json["shapeRecognition"] {
            let d = ShapeRecognitionSettings.default
            shapeRecognition = ShapeRecognitionSettings(recognizeOnHold: r["recognizeOnHold"]?.boolValue ?? d.recognizeOnHold,
                                                        recognizeEveryStroke: r["recognizeEveryStroke"]?.boolValue ?? d.recognizeEveryStroke)
        }
        if let depth = json["undoDepth"]?.numberValue, depth.isFinite, depth == depth.rounded(), depth.magnitude < 1e9 {
            undoDepth = Int(depth)
        }
        if case .object(let g)? = json["gestures"] {
            var map = GestureMap()
            for gesture in StylusGesture.allCases where g[gesture.rawValue] != nil {
                map.assign(g[gesture.rawValue]?.stringValue.flatMap(GestureAction.init(rawValue:)) ?? .none, to: gesture)
            }
            gestures = map
        }
        if let marked = json["highlightFields"]?.boolValue { highlightFields = marked }
        if let layout = json["pageLayout"]?.stringValue.flatMap(PageLayout.init(rawValue:)) { pageLayout = layout }
    }

    /// The preferences as JSON (every key written).
    public var json: JSONValue {
        func ink(_ preset: InkPreset) -> JSONValue { preset.json }
        return .object([
            ("pen", ink(pen)), ("marker", ink(marker)), ("highlighter", ink(highlighter)), ("pencil", ink(pencil)),
            ("currentInk", .string(currentInk.rawValue)),
            ("eraser", .object([("mode", .string(eraser.mode.rawValue)), ("size", .number(eraser.size))])),
            ("text", .object([("fontSize", .number(text.fontSize)), ("bold", .bool(text.bold)),
                              ("textColor", .string(text.textColor.hex)),
                              ("backgroundColor", text.backgroundColor.map { .string($0.hex) } ?? .null)])),
            ("shape", .object([("kind", .string(shape.kind.rawValue)), ("strokeColor", .string(shape.strokeColor.hex)),
                               ("width", .number(shape.width)),
                               ("fillColor", shape.fillColor.map { .string($0.hex) } ?? .null)])),
            ("noteColor", .string(noteColor.hex)), ("noteIcon", .string(noteIcon.rawValue)),
            ("inputMode", .string(inputMode.rawValue)),
            ("shapeRecognition", .object([("recognizeOnHold", .bool(shapeRecognition.recognizeOnHold)),
                                          ("recognizeEveryStroke", .bool(shapeRecognition.recognizeEveryStroke))])),
            ("undoDepth", .integer(undoDepth)),
            ("gestures", .object(StylusGesture.allCases.map { ($0.rawValue, .string(gestures.action(for: $0).rawValue)) })),
            ("highlightFields", .bool(highlightFields)),
            ("pageLayout", .string(pageLayout.rawValue)),
        ])
    }

    private static func ink(_ json: JSONValue?, defaults: InkPreset) -> InkPreset {
        guard let json, case .object = json else { return defaults }
        return InkPreset(color: color(json["color"]) ?? defaults.color, width: json["width"]?.numberValue ?? defaults.width,
                         opacity: json["opacity"]?.numberValue ?? defaults.opacity,
                         usesPressure: json["usesPressure"]?.boolValue ?? defaults.usesPressure,
                         brush: json["brush"]?.stringValue.flatMap(InkBrush.init(rawValue:)) ?? defaults.brush)
    }

    private static func color(_ json: JSONValue?) -> Color? {
        json?.stringValue.flatMap { Color(hex: $0) }
    }
}
