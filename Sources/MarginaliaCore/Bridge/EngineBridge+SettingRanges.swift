#if !hasFeature(Embedded)
import Foundation
#endif

// The ranges the engine accepts for the numbers a user sets with a slider, and the part of
// each a slider offers (docs/engine.md, `settingRanges`): the editor's sliders take their ends
// from here, so they never offer a value the engine would clamp or refuse.

/// What the editor's sliders offer: the values people pick, within what the engine accepts.
/// A slider across the whole accepted range would put the usual widths (0.5 to 5 points) in
/// the first few per cent of its track, and let one drag make an annotation invisible (no
/// width, no opacity); values outside these still come from files and the API.
enum OfferedRanges {
    static let inkWidth: ClosedRange<Double> = 0.5...30
    static let inkOpacity: ClosedRange<Double> = 0.1...1
    static let shapeWidth: ClosedRange<Double> = 0.5...20
    static let restyleWidth: ClosedRange<Double> = 0.5...30
    static let restyleOpacity: ClosedRange<Double> = 0.1...1
    /// An image stamp's frame: none (0) is a choice.
    static let frameWidth: ClosedRange<Double> = 0...20
}

extension EngineBridge {
    /// Answers `settingRanges`, or nil for another call.
    func settingRangesCall(_ name: String) -> JSONValue? {
        name == "settingRanges" ? Self.settingRangesJSON() : nil
    }

    /// `{inkPreset: {width, opacity}, shape: {width}, text: {fontSize}, eraser: {size}, restyle:
    /// {width, opacity, fontSize}, offered: {inkPreset: {width, opacity}, shape: {width},
    /// restyle: {width, opacity, frameWidth}}}`, each `[lowest, highest]`: the preferences'
    /// ranges (``InkPreset/widthRange``, ``ShapeToolSettings/widthRange``...), into which a
    /// value is clamped, those a `restyle` command accepts (``EditorCommand/Restyle/widthRange``...),
    /// outside which it is refused, and what the sliders offer of them (``OfferedRanges``).
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
            ("offered", .object([
                ("inkPreset", .object([("width", range(OfferedRanges.inkWidth)), ("opacity", range(OfferedRanges.inkOpacity))])),
                ("shape", .object([("width", range(OfferedRanges.shapeWidth))])),
                ("restyle", .object([("width", range(OfferedRanges.restyleWidth)), ("opacity", range(OfferedRanges.restyleOpacity)),
                                     ("frameWidth", range(OfferedRanges.frameWidth))])),
            ])),
        ])
    }
}
