#if !hasFeature(Embedded)
import Foundation
#endif


/// Every setting of the editor's tools that persists between sessions: the ink presets, the
/// eraser, text, shape and note settings (colour and icon), the input mode, shape recognition, the undo depth,
/// the stylus gestures, whether form fields are marked with every tool and the page layout.
///
/// A value is always usable: numeric settings are sanitised when set or decoded (see the
/// individual types). Decoding tolerates missing keys (older files: defaults fill in) and
/// unknown keys (newer files: ignored), and one invalid value costs only that value; the
/// repairs are reported by ``PreferencesStore/load()``.
public struct ToolPreferences: Equatable, Sendable {
    /// Undo depths allowed.
    public static let undoDepthRange: ClosedRange<Int> = 1...10_000

    /// The pen preset (default: black, 2 pt, opaque, pressure on).
    public var pen: InkPreset
    /// The marker preset (default: blue, 6 pt, 0.8 opacity, no pressure).
    public var marker: InkPreset
    /// The highlighter preset (default: yellow, 14 pt, 0.35 opacity, no pressure).
    public var highlighter: InkPreset
    /// The pencil preset (default: graphite grey, 2 pt, pressure on, the pencil brush).
    public var pencil: InkPreset
    /// The preset the Draw tool uses now (default: pen).
    public var currentInk: InkKind
    /// The Erase tool's mode and size (default: stroke, 10 pt).
    public var eraser: EraserSettings
    /// The Text tool's settings (default: 14 pt, regular, black, no background).
    public var text: TextToolSettings
    /// The Shape tool's settings (default: rectangle, black, 2 pt, no fill).
    public var shape: ShapeToolSettings
    /// The colour of new sticky notes (default: yellow).
    public var noteColor: Color
    /// The icon of new sticky notes (default: ``NoteIcon/note``).
    public var noteIcon: NoteIcon
    /// Which pointers annotate (default: ``InputMode/default``).
    public var inputMode: InputMode
    /// When strokes become shapes (default: on hold only).
    public var shapeRecognition: ShapeRecognitionSettings
    /// How many steps undo remembers (default 100); clamped into ``undoDepthRange``.
    public var undoDepth: Int {
        didSet { undoDepth = Self.clampedUndoDepth(undoDepth) }
    }
    /// What each stylus gesture does.
    public var gestures: GestureMap
    /// Whether form fields are marked (a tint and an outline) whatever the tool, like a
    /// viewer's "highlight existing fields" (default: off: the page shows what the file draws,
    /// and the fields are marked while the Form tool is active; ``EditorEngine/marksFormFields``).
    public var highlightFields: Bool
    /// How pages are laid out in the view (default: ``PageLayout/continuousVertical``).
    public var pageLayout: PageLayout

    /// The defaults of every setting.
    public init() {
        pen = .pen
        marker = .marker
        highlighter = .highlighter
        pencil = .pencil
        currentInk = .pen
        eraser = .default
        text = .default
        shape = .default
        noteColor = .yellow
        noteIcon = .note
        inputMode = .default
        shapeRecognition = .default
        undoDepth = 100
        gestures = .default
        highlightFields = false
        pageLayout = .continuousVertical
    }

    /// The preset of `kind`.
    public func preset(for kind: InkKind) -> InkPreset {
        switch kind {
        case .pen: return pen
        case .marker: return marker
        case .highlighter: return highlighter
        case .pencil: return pencil
        }
    }

    /// Replaces the preset of `kind`.
    public mutating func setPreset(_ preset: InkPreset, for kind: InkKind) {
        switch kind {
        case .pen: pen = preset
        case .marker: marker = preset
        case .highlighter: highlighter = preset
        case .pencil: pencil = preset
        }
    }

    /// The preset the Draw tool uses now.
    public var currentPreset: InkPreset {
        preset(for: currentInk)
    }

    static func clampedUndoDepth(_ depth: Int) -> Int {
        min(undoDepthRange.upperBound, max(undoDepthRange.lowerBound, depth))
    }
}

#if !hasFeature(Embedded)
// MARK: - Codable

/// The native preferences file's coding: the JSON reading and writing (ToolPreferences+JSON),
/// called, not a second coding.
extension ToolPreferences: Codable {
    /// Decodes tolerantly with ``init(json:reader:)``; its repairs go to the decoding notes
    /// (``PreferenceDecodingNotes``).
    ///
    /// - Throws: `DecodingError.typeMismatch` when the value is not an object.
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        guard case .object = json else {
            throw DecodingError.typeMismatch(ToolPreferences.self, .init(codingPath: decoder.codingPath, debugDescription: "expected an object of preferences"))
        }
        var reader = PreferenceReader()
        self.init(json: json, reader: &reader)
        for repair in reader.repairs { decoder.notePreferenceRepair(repair) }
    }

    /// Encodes ``json``.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
#endif
