#if !hasFeature(Embedded)
import Foundation
#endif


/// The three pens of the Draw tool.
public enum InkKind: String, CaseIterable, Sendable {
    /// A thin opaque pen whose width follows pressure.
    case pen
    /// A wider, slightly translucent marker.
    case marker
    /// A wide translucent highlighter.
    case highlighter
}

/// The settings of one pen of the Draw tool: colour, width, opacity and pressure response.
///
/// Values are always usable: a width that is NaN, infinite, zero or negative, or an opacity
/// that is NaN, is replaced (by the preset default at creation, by the previous value when
/// assigned); other values are clamped into ``widthRange`` and ``opacityRange``.
public struct InkPreset: Equatable, Sendable {
    /// Widths a pen can have, in points.
    public static let widthRange: ClosedRange<Double> = 0.1...200
    /// Opacities a pen can have; fully transparent ink would be invisible, so not quite 0.
    public static let opacityRange: ClosedRange<Double> = 0.05...1

    /// The ink colour (its own alpha is ignored; ``opacity`` says how opaque the ink is).
    public var color: Color
    /// The stroke width in points (the nominal width when pressure varies it).
    public var width: Double {
        didSet { width = SettingRange.length(width, in: Self.widthRange, fallback: oldValue) }
    }
    /// The ink opacity.
    public var opacity: Double {
        didSet { opacity = SettingRange.fraction(opacity, in: Self.opacityRange, fallback: oldValue) }
    }
    /// Whether pen pressure changes the width along the stroke.
    public var usesPressure: Bool

    /// A preset; out-of-range values are sanitised against the pen preset's defaults.
    public init(color: Color, width: Double, opacity: Double, usesPressure: Bool) {
        self.init(color: color, width: width, opacity: opacity, usesPressure: usesPressure,
                  defaults: .pen)
    }

    private init(color: Color, width: Double, opacity: Double, usesPressure: Bool, defaults: InkPreset?) {
        self.color = color
        let fallbackWidth = defaults?.width ?? 2
        let fallbackOpacity = defaults?.opacity ?? 1
        self.width = SettingRange.length(width, in: Self.widthRange, fallback: fallbackWidth)
        self.opacity = SettingRange.fraction(opacity, in: Self.opacityRange, fallback: fallbackOpacity)
        self.usesPressure = usesPressure
    }

    // MARK: - Defaults

    /// The default pen: black, 2 pt, opaque, pressure on.
    public static let pen = InkPreset(color: .black, width: 2, opacity: 1, usesPressure: true, defaults: nil)
    /// The default marker: blue, 6 pt, 0.8 opacity, no pressure.
    public static let marker = InkPreset(color: .blue, width: 6, opacity: 0.8, usesPressure: false, defaults: nil)
    /// The default highlighter: yellow, 14 pt, 0.35 opacity, no pressure.
    public static let highlighter = InkPreset(color: .yellow, width: 14, opacity: 0.35, usesPressure: false, defaults: nil)

    /// The default preset of `kind`.
    public static func defaultPreset(for kind: InkKind) -> InkPreset {
        switch kind {
        case .pen: return .pen
        case .marker: return .marker
        case .highlighter: return .highlighter
        }
    }

    #if !hasFeature(Embedded)
    // MARK: - Codable

    private enum CodingKeys: String, CodingKey {
        case color, width, opacity, usesPressure
    }

    /// Decodes tolerantly against the pen defaults; ``ToolPreferences`` decodes each preset
    /// against its own kind's defaults through ``init(from:defaults:)``.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, defaults: .pen)
    }

    /// Decodes a preset whose missing or invalid values come from `defaults`.
    init(from decoder: any Decoder, defaults: InkPreset) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let width = c.tolerant(.width, or: defaults.width, decoder: decoder)
        let opacity = c.tolerant(.opacity, or: defaults.opacity, decoder: decoder)
        self.init(color: c.tolerant(.color, or: defaults.color, decoder: decoder),
                  width: width, opacity: opacity,
                  usesPressure: c.tolerant(.usesPressure, or: defaults.usesPressure, decoder: decoder),
                  defaults: defaults)
        if self.width != width || self.opacity != opacity {
            decoder.notePreferenceRepair(
                "\(decoder.codingPath.map(\.stringValue).joined(separator: ".")) had an out-of-range width or opacity; adjusted")
        }
    }
    #endif
}

#if !hasFeature(Embedded)
extension InkKind: Codable {}
extension InkPreset: Codable {}
#endif
