/// The named widths beside the width slider: Fine, Medium and Thick. Each pen (and the Shape
/// tool) has its own three widths, so a "thick" highlighter is wider than a "thick" pen.
public enum LineWeight: String, CaseIterable, Sendable {
    case fine
    case medium
    case thick

    /// The width in points this weight gives a pen of `kind`.
    public func width(for kind: InkKind) -> Double {
        let widths: [Double]
        switch kind {
        case .pen, .pencil: widths = [1, 2, 4]
        case .marker: widths = [3, 6, 10]
        case .highlighter: widths = [8, 14, 22]
        }
        return widths[index]
    }

    /// The outline width in points this weight gives a shape.
    public var shapeWidth: Double {
        [1, 2, 4][index]
    }

    private var index: Int {
        LineWeight.allCases.firstIndex(of: self) ?? 1
    }

    /// The weight whose width for `kind` is `width`, or nil when the width is another one
    /// (set with the slider): the UI highlights this weight's button.
    public static func named(width: Double, for kind: InkKind) -> LineWeight? {
        allCases.first { abs($0.width(for: kind) - width) < 1e-9 }
    }

    /// The weight whose shape width is `width`, or nil.
    public static func named(shapeWidth width: Double) -> LineWeight? {
        allCases.first { abs($0.shapeWidth - width) < 1e-9 }
    }
}

#if !hasFeature(Embedded)
extension LineWeight: Codable {}
#endif

extension ToolPreferences {
    /// Gives the current pen the width `weight` names for its kind (the Draw settings'
    /// Fine / Medium / Thick).
    public mutating func setInkWeight(_ weight: LineWeight) {
        var preset = currentPreset
        preset.width = weight.width(for: currentInk)
        setPreset(preset, for: currentInk)
    }

    /// The named weight of the current pen's width, or nil when the slider set another width.
    public var inkWeight: LineWeight? {
        LineWeight.named(width: currentPreset.width, for: currentInk)
    }

    /// Gives the Shape tool the outline width `weight` names.
    public mutating func setShapeWeight(_ weight: LineWeight) {
        shape.width = weight.shapeWidth
    }

    /// The named weight of the Shape tool's width, or nil.
    public var shapeWeight: LineWeight? {
        LineWeight.named(shapeWidth: shape.width)
    }
}
