#if !hasFeature(Embedded)
import Foundation
#endif

// The bridge calls behind the tools' one-tap settings and the editor's styling (docs/engine.md):
// Fine / Medium / Thick, the brushes, the Text tool's font, and the note icons as the
// appearance stream draws them.

extension EngineBridge {
    /// Answers the calls of this file, or nil for a call that is not one of them.
    func stylingCall(_ name: String, _ request: JSONField) throws(CommandError) -> JSONValue? {
        switch name {
        case "lineWeights":
            return try lineWeights(tool: request.optionalMember("tool")?.string() ?? "draw")
        case "brushes":
            return Self.brushesJSON()
        case "setLineWeight":
            let weight = try request.member("weight").choice(LineWeight.self)
            var preferences = engine.preferences
            switch try request.optionalMember("tool")?.string() ?? "draw" {
            case "draw": preferences.setInkWeight(weight)
            case "shape": preferences.setShapeWeight(weight)
            case let other: throw CommandError.malformed("tool: expected \"draw\" or \"shape\", found \"\(other)\"")
            }
            engine.updatePreferences(preferences)
            return engine.preferences.json
        case "textToolFont":
            // The font the Text tool writes a box in, for the bold setting asked about.
            let font = TextToolSettings.font(bold: try request.member("bold").bool())
            return .object([("font", .string(font)), ("face", Self.fontFaceJSON(StandardFontNames.face(of: font)))])
        case "noteIcon":
            // A name outside the standard set draws as Note, as in the appearance stream.
            let name = try request.member("icon").string()
            return Self.noteIconJSON(NoteIcon(name: name) ?? .note)
        default:
            return nil
        }
    }

    /// `{brushes: [{name, label, followsPressure}]}`: every ``InkBrush`` in the order the brush
    /// picker shows them, with the name a user reads and whether pressure changes its width.
    static func brushesJSON() -> JSONValue {
        .object([("brushes", .array(InkBrush.allCases.map { brush in
            .object([("name", .string(brush.rawValue)), ("label", .string(brush.label)),
                     ("followsPressure", .bool(brush.followsPressure))])
        }))])
    }

    /// `{icon, viewBox: [0, 0, 20, 20], marks: [{d, paint: "body"|"line"|"dot", width, cap}]}`:
    /// the icon's marks in its 20-point box (y up), `cap` in CSS's words.
    static func noteIconJSON(_ icon: NoteIcon) -> JSONValue {
        let marks: [JSONValue] = icon.marks(in: CGRect(x: 0, y: 0, width: 20, height: 20)).map { mark in
            .object([("d", .string(mark.path.svgPathData(decimals: 3))), ("paint", .string(mark.paint.rawValue)),
                     ("width", .number(mark.lineWidth)), ("cap", .string(mark.lineCap == 0 ? "butt" : "round"))])
        }
        return .object([("icon", .string(icon.rawValue)), ("viewBox", .array([0, 0, 20, 20].map { .number($0) })),
                        ("ink", .string(Color(red: NoteIcon.inkGrey, green: NoteIcon.inkGrey, blue: NoteIcon.inkGrey).hex)),
                        ("marks", .array(marks))])
    }

    /// `{weights: [{name, width}], current}`: the widths Fine, Medium and Thick give the current
    /// pen (`tool` "draw") or the Shape tool, and the one its width is now (null: another width).
    func lineWeights(tool: String) throws(CommandError) -> JSONValue {
        let preferences = engine.preferences
        let current: LineWeight?
        let widths: [(LineWeight, Double)]
        switch tool {
        case "draw":
            widths = LineWeight.allCases.map { ($0, $0.width(for: preferences.currentInk)) }
            current = preferences.inkWeight
        case "shape":
            widths = LineWeight.allCases.map { ($0, $0.shapeWidth) }
            current = preferences.shapeWeight
        default:
            throw CommandError.malformed("tool: expected \"draw\" or \"shape\", found \"\(tool)\"")
        }
        return .object([("weights", .array(widths.map { .object([("name", .string($0.0.rawValue)), ("width", .number($0.1))]) })),
                        ("current", current.map { .string($0.rawValue) } ?? .null)])
    }
}
