#if !hasFeature(Embedded)
import Foundation
#endif

// The bridge calls behind the tools' one-tap settings and the editor's styling (docs/engine.md):
// Fine / Medium / Thick.

extension EngineBridge {
    /// Answers the calls of this file, or nil for a call that is not one of them.
    func stylingCall(_ name: String, _ request: JSONField) throws(CommandError) -> JSONValue? {
        switch name {
        case "lineWeights":
            return try lineWeights(tool: request.optionalMember("tool")?.string() ?? "draw")
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
        default:
            return nil
        }
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
