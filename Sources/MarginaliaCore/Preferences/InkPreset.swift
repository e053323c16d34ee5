#if !hasFeature(Embedded)
import Foundation
#endif


/// The pens of the Draw tool.
public enum InkKind: String, CaseIterable, Sendable {
    /// A thin opaque pen whose width follows pressure.
    case pen
    /// A wider felt marker (the marker brush).
    case marker
    /// A wide translucent highlighter.
    case highlighter
    /// A graphite pencil (the pencil brush).
    case pencil
}

/// The settings of one pen of the Draw tool: colour, width, opacity, pressure response and
/// brush (the texture its strokes are drawn with, ``InkBrush``).
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
    /// The brush the strokes are drawn with.
    public var brush: InkBrush

    /// Whether pressure changes the width of this pen's strokes: pressure is on and the brush
    /// follows it (a monoline never does, whatever ``usesPressure`` says).
    public var appliesPressure: Bool {
        usesPressure && brush.followsPressure
    }

    /// The colour the ink is painted in, `#RRGGBB`: a PDF colour has no alpha (the finished ink
    /// takes ``opacity`` as its constant opacity, /CA), so what the engine draws live and the
    /// annotation it makes leave the colour's own alpha out too. The preset's JSON keeps it.
    public var paintHex: String { color.hex }

    /// A preset; out-of-range values are sanitised against the pen preset's defaults.
    public init(color: Color, width: Double, opacity: Double, usesPressure: Bool, brush: InkBrush = .pen) {
        self.init(color: color, width: width, opacity: opacity, usesPressure: usesPressure, brush: brush,
                  defaults: .pen)
    }

    /// A preset whose width or opacity, when unusable, takes the value of `defaults` (the
    /// pen's when nil: 2 pt, opaque).
    init(color: Color, width: Double, opacity: Double, usesPressure: Bool, brush: InkBrush, defaults: InkPreset?) {
        self.color = color
        let fallbackWidth = defaults?.width ?? 2
        let fallbackOpacity = defaults?.opacity ?? 1
        self.width = SettingRange.length(width, in: Self.widthRange, fallback: fallbackWidth)
        self.opacity = SettingRange.fraction(opacity, in: Self.opacityRange, fallback: fallbackOpacity)
        self.usesPressure = usesPressure
        self.brush = brush
    }

    // MARK: - Defaults

    /// The default pen: black, 2 pt, opaque, pressure on, plain.
    public static let pen = InkPreset(color: .black, width: 2, opacity: 1, usesPressure: true, brush: .pen, defaults: nil)
    /// The default marker: blue, 6 pt, no pressure, the marker brush (translucent by itself).
    public static let marker = InkPreset(color: .blue, width: 6, opacity: 1, usesPressure: false, brush: .marker, defaults: nil)
    /// The default highlighter: yellow, 14 pt, 0.35 opacity, no pressure, plain.
    public static let highlighter = InkPreset(color: .yellow, width: 14, opacity: 0.35, usesPressure: false, brush: .pen, defaults: nil)
    /// The default pencil: graphite grey, 2 pt, opaque, pressure on, the pencil brush.
    public static let pencil = InkPreset(color: Color(red: 51 / 255, green: 51 / 255, blue: 56 / 255), width: 2, opacity: 1, usesPressure: true,
                                         brush: .pencil, defaults: nil)

    /// The default preset of `kind`.
    public static func defaultPreset(for kind: InkKind) -> InkPreset {
        switch kind {
        case .pen: return .pen
        case .marker: return .marker
        case .highlighter: return .highlighter
        case .pencil: return .pencil
        }
    }
}

#if !hasFeature(Embedded)
extension InkKind: Codable {}
#endif
