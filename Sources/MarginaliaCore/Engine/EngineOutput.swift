#if !hasFeature(Embedded)
import Foundation
#endif

/// What the engine asks of the UI after an event: commands to apply (natively) or send (the
/// browser), and things only the UI can do (open a text editor, place an image's bytes,
/// fill a field, show a refusal).
public enum EngineOutput: Equatable, Sendable {
    /// Apply or send this command.
    case command(EditorCommand)
    /// Let the user type: a new text box or note, or an existing one's text.
    case editText(TextRequest)
    /// The Form tool tapped this field's widget: fill it (a checkbox toggles, a radio button
    /// is chosen, a text or choice field asks for its value).
    case activateField(name: String, pageIndex: Int, rect: CGRect)
    /// The Image tool placed its image here: add it (the UI holds the image's bytes).
    case placeImage(pageIndex: Int, rect: CGRect)
    /// The text-marking tool was dragged from `from` to `to` (page space): mark the text
    /// between (the UI knows the page's text).
    case markText(pageIndex: Int, from: CGPoint, to: CGPoint)
    /// The Redact tool was dragged from `from` to `to` (page space): mark what the drag
    /// covers for redaction (``RedactionDrag``, from the page's words the UI gives).
    case markRedaction(pageIndex: Int, from: CGPoint, to: CGPoint)
    /// The user asked for something the document does not allow (a locked annotation): say so.
    case refused(CommandError)
    /// The tool changed (a stylus gesture).
    case toolChanged
    /// The selection changed.
    case selectionChanged
    /// The viewport scrolled or zoomed (navigation by touch).
    case viewChanged
    /// The Select tool tapped a link (its id among ``EditorEngine/links``) with no annotation
    /// above it: follow it (the UI knows where it goes).
    case followLink(id: String)
}

/// Text the UI should let the user type.
public struct TextRequest: Equatable, Sendable {
    public enum Target: Equatable, Sendable {
        /// A new free-text box over `rect`.
        case newTextBox(rect: CGRect)
        /// A new sticky note whose icon's upper-left corner is at `point`.
        case newNote(at: CGPoint)
        /// The existing free text or note with this id.
        case existing(id: String)
    }

    public var pageIndex: Int
    public var target: Target

    public init(pageIndex: Int, target: Target) {
        self.pageIndex = pageIndex
        self.target = target
    }
}

/// A form field's widget as the Form tool sees it: which field, on which page, where.
public struct FieldWidget: Equatable, Sendable {
    public var name: String
    public var pageIndex: Int
    public var rect: CGRect

    public init(name: String, pageIndex: Int, rect: CGRect) {
        self.name = name
        self.pageIndex = pageIndex
        self.rect = rect.standardized
    }
}

/// A link's area on a page (a Link annotation, which the editor does not edit), for the
/// Select tool: the id is the UI's, given back in ``EngineOutput/followLink(id:)``.
public struct PageLink: Equatable, Sendable {
    public var id: String
    public var pageIndex: Int
    public var rect: CGRect

    public init(id: String, pageIndex: Int, rect: CGRect) {
        self.id = id
        self.pageIndex = pageIndex
        self.rect = rect.standardized
    }
}

/// What to draw for the interaction in progress, in page space of its page; never part of
/// the document until the interaction ends.
public enum EnginePreview: Equatable, Sendable {
    /// The stroke so far, drawn with the widths it will have (``StrokePreview``).
    case stroke(pageIndex: Int, StrokePreview)
    /// The eraser's circle (diameter in page points) and what the sweep erases so far: the
    /// ids it removes whole, and the ink it cuts with what remains of each.
    case eraser(pageIndex: Int, center: CGPoint, size: Double, removed: [String], cut: [EraserSweep.Effect])
    /// The shape, text box or image that ending here would add (annotation JSON; an image as
    /// a stamp without its bytes).
    case draft(pageIndex: Int, annotation: JSONValue)
    /// The lasso drawn so far.
    case lasso(pageIndex: Int, points: [CGPoint])
    /// The rubber band drawn so far.
    case rubberBand(pageIndex: Int, rect: CGRect)
    /// The selection moved or resized: every selected annotation drawn through `transform`.
    case transform(pageIndex: Int, ids: [String], transform: AffineTransform)
}

extension StrokePreview: Equatable {
    public static func == (a: StrokePreview, b: StrokePreview) -> Bool {
        a.preset == b.preset && a.samples == b.samples && a.predicted == b.predicted
    }
}
