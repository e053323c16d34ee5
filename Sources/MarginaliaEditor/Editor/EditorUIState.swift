import Foundation
import Marginalia

/// A form field the user is filling in (Form tool): the UI shows an input over `widget`
/// and ends it with ``Editor/commitField(_:)`` or ``Editor/cancelField()``.
public struct PendingField: Equatable, Sendable {
    public var field: FormField
    /// The widget that was tapped (page and rect for placing the input).
    public var widget: FormWidget
}

/// What the UI draws for interactions in progress, in page space of `pageIndex`; never part
/// of the document until the interaction ends.
public enum LivePreview: Equatable, Sendable {
    /// The stroke so far, predicted samples included.
    case stroke(pageIndex: Int, points: [CGPoint], preset: InkPreset)
    /// The eraser's circle.
    case eraser(pageIndex: Int, center: CGPoint, size: Double)
    /// The shape, image or text box that ending here would add.
    case annotation(PDFAnnotation)
    /// The lasso drawn so far.
    case lasso(pageIndex: Int, points: [CGPoint])
    /// The rubber band drawn so far (a mouse drag on empty space).
    case rubberBand(pageIndex: Int, rect: CGRect)
    /// The selection as it would be after ending here (moved or resized).
    case selection([PDFAnnotation])
}

/// Text the UI should let the user type: a new text box or note, or an existing one's text.
/// ``Editor/commitText(_:)`` ends it, ``Editor/cancelText()`` abandons it.
public struct PendingText: Equatable, Sendable {
    public enum Target: Equatable, Sendable {
        /// A new free-text box over `rect`.
        case newTextBox(rect: CGRect)
        /// A new sticky note whose icon's upper-left corner is at `point`.
        case newNote(at: CGPoint)
        /// The existing free text or note with this annotation.
        case existing(PDFAnnotation)
    }

    public var pageIndex: Int
    public var target: Target
    /// The text to start from (empty for new ones).
    public var text: String
    /// The engine's request this answers.
    public var request: TextRequest
}
