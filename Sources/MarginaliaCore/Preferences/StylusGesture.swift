#if !hasFeature(Embedded)
import Foundation
#endif

/// A gesture made with the stylus itself rather than its tip.
///
/// The case order matters: when a damaged file assigns one action to several gestures,
/// the first gesture in this order keeps it (see ``GestureMap``).
public enum StylusGesture: String, CaseIterable, Sendable {
    /// Two taps on the pen's barrel.
    case doubleTap
    /// One squeeze of the barrel.
    case singleSqueeze
    /// Two squeezes ending within ``SqueezeRecognizer/doubleSqueezeWindow``.
    case doubleSqueeze
    /// Writing with the pen's eraser end (the action lasts while that end touches).
    case penEraserEnd
    /// Holding the barrel button.
    case penBarrelButton
}

/// What a stylus gesture does.
public enum GestureAction: String, CaseIterable, Sendable {
    /// Nothing; any number of gestures may do nothing.
    case none
    /// Switch between the eraser and the Draw tool (from any other tool: the eraser).
    case toggleEraser
    /// Choose the Select tool.
    case selectTool
    /// Choose the Draw tool.
    case drawTool
    /// Choose the Erase tool (for ``StylusGesture/penEraserEnd``: erase while held).
    case eraserTool
    /// Choose the Text tool.
    case textTool
    /// Choose the Shape tool.
    case shapeTool
    /// Go back to the tool used before the current one.
    case lastTool
    /// Undo the last step.
    case undo
    /// Redo the last undone step.
    case redo
}

#if !hasFeature(Embedded)
extension StylusGesture: Codable {}
extension GestureAction: Codable {}
#endif
