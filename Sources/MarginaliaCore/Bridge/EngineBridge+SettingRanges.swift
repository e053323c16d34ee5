#if !hasFeature(Embedded)
import Foundation
#endif

// The ranges the engine accepts for the numbers a user sets with a slider (docs/engine.md,
// "Setting ranges"): the editor's sliders take their ends from here, so they never offer a
// value the engine would clamp or refuse, nor hide one it accepts.

extension EngineBridge {
    /// Answers `settingRanges`, or nil for another call.
    func settingRangesCall(_ name: String) -> JSONValue? {
        name == "settingRanges" ? Self.settingRangesJSON() : nil
    }

    /// `{inkPreset: {width, opacity}, shape: {width}, text: {fontSize}, eraser: {size}, restyle:
    /// {width, opacity, fontSize}}`, each `[lowest, highest]`: the preferences' ranges
    /// (``InkPreset/widthRange``, ``ShapeToolSettings/widthRange``...), into which a value is
    /// clamped, and those a `restyle` command accepts (``EditorCommand/Restyle/widthRange``...),
    /// outside which it is refused.
    static func settingRangesJSON() -> JSONValue {
        func range(_ range: ClosedRange<Double>) -> JSONValue { .array([.number(range.lowerBound), .number(range.upperBound)]) }
        typealias Restyle = EditorCommand.Restyle
        return .object([
            ("inkPreset", .object([("width", range(InkPreset.widthRange)), ("opacity", range(InkPreset.opacityRange))])),
            ("shape", .object([("width", range(ShapeToolSettings.widthRange))])),
            ("text", .object([("fontSize", range(TextToolSettings.fontSizeRange))])),
            ("eraser", .object([("size", range(EraserSettings.sizeRange))])),
            ("restyle", .object([("width", range(Restyle.widthRange)), ("opacity", range(Restyle.opacityRange)),
                                 ("fontSize", range(Restyle.fontSizeRange))])),
        ])
    }
}
