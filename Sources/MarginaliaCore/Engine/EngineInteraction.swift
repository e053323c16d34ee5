#if !hasFeature(Embedded)
import Foundation
#endif

/// What one pointer is doing, from its `began` to its `ended` or `cancelled`.
enum EngineInteraction {
    case draw(DrawState)
    case erase(EraseState)
    /// Dragging out a shape, text box, image, note, form tap or text marking from `start` to
    /// `current` (page space; the view points decide tap or drag).
    case place(EditorTool, pageIndex: Int, start: CGPoint, current: CGPoint, startView: CGPoint, currentView: CGPoint)
    /// The Select tool's gesture.
    case select(SelectGesture)
    /// The Select tool pressed on link `id` (no annotation above it): a tap follows it.
    case link(id: String, startView: CGPoint, currentView: CGPoint)
    /// A pointer whose press was a stylus gesture, or a refused drag: it does nothing more.
    case inert
}

struct DrawState {
    var pageIndex: Int
    var builder: StrokeBuilder
    var preset: InkPreset
    /// Whether the pressures so far differ (kept as samples arrive: no scan of the stroke).
    var followsPressure = false
    /// Where the pen last moved more than ``EditorEngine/holdSlop`` (view space), and when,
    /// for shape recognition on hold.
    var anchor: CGPoint
    var lastMove: Double
}

struct EraseState {
    var pageIndex: Int
    var mode: EraserMode
    /// The eraser's diameter in page points (its size on screen at the zoom it began).
    var size: Double
    var points: [CGPoint]
    /// The page as the sweep left it so far: a removed annotation maps to nil, a cut one to
    /// what remains. The document is untouched until the sweep ends.
    var working: [String: Annotation?] = [:]
    /// Ids removed whole, in order.
    var removed: [String] = []
    /// Ids cut, in order (what remains is in `working`).
    var cut: [String] = []
}

/// The Select tool's gestures, decided once the pointer has moved far enough.
enum SelectGesture {
    /// Not moved yet: a tap so far. `hit` is the annotation under the pointer, `handle` the
    /// selection's resize corner under it.
    case pending(pageIndex: Int, start: CGPoint, startView: CGPoint, hit: String?, handle: Int?, additive: Bool, kind: PointerEvent.Kind)
    case moving(pageIndex: Int, ids: [String], start: CGPoint, current: CGPoint)
    /// Resizing one annotation by its corner `corner` (0 lower-left, then anticlockwise).
    case resizing(pageIndex: Int, id: String, original: CGRect, corner: Int, current: CGPoint)
    case lasso(pageIndex: Int, points: [CGPoint], additive: Bool)
    case rubberBand(pageIndex: Int, start: CGPoint, current: CGPoint, additive: Bool)
}
