import Foundation
import Marginalia

/// What one pointer is doing, from its `began` to its `ended` or `cancelled`.
enum Interaction {
    /// Drawing; `anchor` is where the pen last moved more than ``Editor/holdSlop`` (view
    /// space) and `lastMove` when, for shape recognition on hold.
    case draw(DrawTool, anchor: CGPoint, lastMove: TimeInterval)
    /// Erasing on `pageIndex`: each step is applied as the eraser moves (the user sees it go)
    /// and they become one undo step when the pointer lifts.
    case erase(Eraser, pageIndex: Int, last: CGPoint, applied: [EditorOperation])
    /// Dragging out a shape, text box, image or note from `start` to `current` (page space).
    case drag(EditorTool, pageIndex: Int, start: CGPoint, current: CGPoint, startView: CGPoint, currentView: CGPoint)
    /// The Select tool's gesture.
    case select(SelectDrag)
    /// A pointer whose press was a stylus gesture: it does nothing more.
    case gestureOnly
}

/// The Select tool's gestures, decided once the pointer has moved far enough.
enum SelectDrag {
    /// Not yet moved: a tap so far. `hit` is the annotation under the pointer, `handle` the
    /// selection's resize corner under it.
    case pending(pageIndex: Int, start: CGPoint, startView: CGPoint, hit: PDFAnnotation?, handle: Int?)
    case moving(pageIndex: Int, start: CGPoint, current: CGPoint)
    /// Resizing `annotation` by its corner `corner` (0 lower-left, then anticlockwise).
    case resizing(pageIndex: Int, annotation: PDFAnnotation, corner: Int, current: CGPoint)
    case lasso(pageIndex: Int, points: [CGPoint])
}
