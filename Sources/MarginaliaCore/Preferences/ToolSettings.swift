#if !hasFeature(Embedded)
import Foundation
#endif


// MARK: - Eraser


/// The Erase tool's settings.
public struct EraserSettings: Equatable, Sendable {
    /// Eraser diameters allowed, in points.
    public static let sizeRange: ClosedRange<Double> = 1...200
    /// The default eraser: stroke mode, 10 pt.
    public static let `default` = EraserSettings(mode: .stroke, size: 10)

    /// Stroke or segment erasing.
    public var mode: EraserMode
    /// The eraser's diameter in points; invalid values keep the previous size.
    public var size: Double {
        didSet { size = SettingRange.length(size, in: Self.sizeRange, fallback: oldValue) }
    }

    /// Settings with `size` sanitised (NaN, infinite or non-positive gives 10 pt).
    public init(mode: EraserMode, size: Double) {
        self.mode = mode
        self.size = SettingRange.length(size, in: Self.sizeRange, fallback: 10)
    }
}

// MARK: - Text

/// The Text tool's settings for new text boxes.
public struct TextToolSettings: Equatable, Sendable {
    /// Font sizes allowed, in points.
    public static let fontSizeRange: ClosedRange<Double> = 4...400
    /// 14 pt, regular, black text on no background.
    public static let `default` = TextToolSettings(fontSize: 14, bold: false, textColor: .black, backgroundColor: nil)

    /// The font size in points; invalid values keep the previous size.
    public var fontSize: Double {
        didSet { fontSize = SettingRange.length(fontSize, in: Self.fontSizeRange, fallback: oldValue) }
    }
    /// Whether the text is bold.
    public var bold: Bool
    /// The colour of the text.
    public var textColor: Color
    /// The box's fill, or nil for a transparent box.
    public var backgroundColor: Color?
    /// The standard font a text box made with these settings is written in
    /// (``font(bold:)`` of ``bold``).
    public var font: String { Self.font(bold: bold) }

    /// The standard font the Text tool writes a box in: Helvetica-Bold when `bold`, else
    /// Helvetica.
    public static func font(bold: Bool) -> String { bold ? "Helvetica-Bold" : "Helvetica" }

    /// Settings with `fontSize` sanitised (NaN, infinite or non-positive gives 14 pt).
    public init(fontSize: Double, bold: Bool, textColor: Color, backgroundColor: Color?) {
        self.fontSize = SettingRange.length(fontSize, in: Self.fontSizeRange, fallback: 14)
        self.bold = bold
        self.textColor = textColor
        self.backgroundColor = backgroundColor
    }
}

// MARK: - Shape


/// The Shape tool's settings; it remembers the last kind used.
public struct ShapeToolSettings: Equatable, Sendable {
    /// Stroke widths allowed, in points.
    public static let widthRange: ClosedRange<Double> = 0.1...200
    /// A black 2 pt rectangle without fill.
    public static let `default` = ShapeToolSettings(kind: .rectangle, strokeColor: .black, width: 2, fillColor: nil)

    /// The kind last chosen, used for the next shape.
    public var kind: ShapeKind
    /// The outline colour.
    public var strokeColor: Color
    /// The outline width in points; invalid values keep the previous width.
    public var width: Double {
        didSet { width = SettingRange.length(width, in: Self.widthRange, fallback: oldValue) }
    }
    /// The interior colour, or nil for no fill (ignored for lines and arrows).
    public var fillColor: Color?

    /// Settings with `width` sanitised (NaN, infinite or non-positive gives 2 pt).
    public init(kind: ShapeKind, strokeColor: Color, width: Double, fillColor: Color?) {
        self.kind = kind
        self.strokeColor = strokeColor
        self.width = SettingRange.length(width, in: Self.widthRange, fallback: 2)
        self.fillColor = fillColor
    }
}

// MARK: - Input and recognition


/// When a drawn stroke is turned into a shape.
public struct ShapeRecognitionSettings: Equatable, Sendable {
    /// Recognise when the pen holds still at the end; never for every stroke.
    public static let `default` = ShapeRecognitionSettings(recognizeOnHold: true, recognizeEveryStroke: false)

    /// Recognise a stroke when the pen holds still for half a second at its end.
    public var recognizeOnHold: Bool
    /// Recognise every finished stroke, held or not.
    public var recognizeEveryStroke: Bool

    /// Creates the settings.
    public init(recognizeOnHold: Bool, recognizeEveryStroke: Bool) {
        self.recognizeOnHold = recognizeOnHold
        self.recognizeEveryStroke = recognizeEveryStroke
    }
}
