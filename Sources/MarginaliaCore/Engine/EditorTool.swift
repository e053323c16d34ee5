#if !hasFeature(Embedded)
import Foundation
#endif

/// The tools of the editor's toolbar.
public enum EditorTool: String, CaseIterable, Sendable {
    /// Tap to select, drag to move, handles to resize, lasso on empty space.
    case select
    /// The pen, marker or highlighter of ``ToolPreferences/currentInk``.
    case draw
    /// The stroke or segment eraser of ``ToolPreferences/eraser``.
    case erase
    /// Drag to make a text box, tap a box to edit it.
    case text
    /// Drag to make the shape of ``ShapeToolSettings/kind``.
    case shape
    /// Tap or drag to place an image (``EditorEngine/imageToPlace``).
    case image
    /// Tap to place a sticky note.
    case note
    /// Tap a form field to fill it: a checkbox toggles, a radio button is chosen, a text or
    /// choice field asks for its value.
    case form
    /// Drag across text to highlight, underline, strike out or squiggle it.
    case highlight
    /// Drag across text to mark it for redaction, or across anything else to mark that area
    /// (``RedactionDrag``).
    case redact

    /// Whether the tool marks the page (a finger navigates with these in the default input
    /// mode; with the others a finger uses the tool).
    public var marksPage: Bool {
        switch self {
        case .draw, .erase, .highlight, .redact: return true
        default: return false
        }
    }
}

#if !hasFeature(Embedded)
extension EditorTool: Codable {}
#endif
