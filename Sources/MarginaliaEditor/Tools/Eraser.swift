import Foundation
import Marginalia

/// The two erasers: the stroke eraser removes every annotation whose geometry the eraser
/// touches (by outline, never by bounding box); the segment eraser cuts ink strokes exactly
/// where the eraser's swept circle crosses them, keeping the pieces with their colour,
/// width, opacity, author and dates (issue 5, Tools).
public struct Eraser: Sendable, Equatable {
    /// Whole annotations or the parts of ink under the sweep (``EraserMode``, in the core).
    public typealias Mode = EraserMode

    public var mode: Mode
    /// The eraser's diameter in page points.
    public var size: Double

    public init(mode: Mode = .stroke, size: Double = 10) {
        self.mode = mode
        self.size = size
    }

    /// The operation that erases what a sweep from `a` to `b` (page space) touches on page
    /// `pageIndex`, or nil when it touches nothing. A tap is a sweep with `a == b`. The
    /// operation is not applied: the caller applies and records it (one undo step).
    ///
    /// What is erased is the engine core's decision (``EraserSweep``), the same one the
    /// browser previews; this turns it into operations on the document's annotations.
    public func erase(from a: CGPoint, to b: CGPoint, onPage pageIndex: Int, in document: PDFDocument) throws -> EditorOperation? {
        let index = try document.annotationIndex(forPage: pageIndex)
        let effects = EraserSweep.effects(from: a, to: b, mode: mode, size: size, in: index.geometryIndex)
        var operations: [EditorOperation] = []
        for effect in effects {
            guard let annotation = index.annotation(id: effect.id) else { continue }
            // Raised to the top first, as a deletion does, so its undo (an addition, which
            // lands on top) puts it back where it was in the drawing order.
            operations.append(.arrangeAnnotation(id: annotation.id, pageIndex: pageIndex, from: -1, to: Int.max))
            operations.append(.removeAnnotation(annotation))
            if case .cut(_, let paths, let pressures) = effect, !paths.isEmpty {
                var rest = annotation
                rest.id = AnnotationID.make()
                rest.kind = .ink(PDFAnnotation.Ink(paths: paths, pressures: pressures))
                rest.modificationDate = Date()
                operations.append(.addAnnotation(rest))
            }
        }
        return operations.isEmpty ? nil : .group(name: "erase", operations)
    }
}
