#if !hasFeature(Embedded)
import Foundation
#endif

/// What one step of an eraser sweep does to a page: the one decision the browser previews and
/// the server applies.
///
/// The stroke eraser removes every annotation whose geometry it touches (by outline, never
/// by bounding box). The segment eraser cuts ink strokes exactly where the eraser's swept
/// circle crosses them; the pieces keep the stroke's style (the caller copies it). Locked,
/// read-only and non-editable annotations are left alone.
public enum EraserSweep {
    /// One annotation's fate.
    public enum Effect: Equatable, Sendable {
        /// Removed whole.
        case remove(id: String)
        /// Ink cut into what remains (no paths: nothing remains).
        case cut(id: String, paths: [[CGPoint]], pressures: [[Double]]?)

        public var id: String {
            switch self {
            case .remove(let id), .cut(let id, _, _): return id
            }
        }
    }

    /// The effects of the eraser moving from `a` to `b` (page space; a tap when equal) with
    /// diameter `size` over the annotations `index` holds, topmost first; empty when it
    /// touches nothing it may erase.
    ///
    /// `current` gives an annotation as an earlier part of the same sweep left it (nil when
    /// it was removed), for a sweep decided before anything is applied (the browser's
    /// preview); the index's own geometry is used for the others.
    public static func effects(from a: CGPoint, to b: CGPoint, mode: EraserMode, size: Double,
                               in index: AnnotationGeometryIndex,
                               current: ((String) -> Annotation?)? = nil) -> [Effect] {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, size.isFinite, size > 0 else { return [] }
        let sweep = BezierPath(polyline: [a, b], closed: false)
        var touched = index.annotations(touching: sweep, width: CGFloat(size)).filter { EditorCommand.isChangeable($0) }
        if let current {
            // What remains of a cut stroke lies within the original, so the index's candidates
            // cover it; each is tested again as it is now.
            touched = touched.compactMap { original in
                guard let now = current(original.id) else { return nil }
                if now == original { return now }
                return AnnotationShape(now).touches(sweep, width: CGFloat(size)) ? now : nil
            }
        }
        switch mode {
        case .stroke:
            return touched.map { .remove(id: $0.id) }
        case .segment:
            var effects: [Effect] = []
            for annotation in touched {
                guard case .ink(let ink) = annotation.kind else { continue }
                let pieces = cut(paths: ink.paths, pressures: ink.pressures, from: a, to: b, radius: CGFloat(size) / 2)
                guard pieces.paths != ink.paths || pieces.pressures != ink.pressures else { continue }
                effects.append(.cut(id: annotation.id, paths: pieces.paths, pressures: pieces.pressures))
            }
            return effects
        }
    }

    /// The parts of ink strokes outside the capsule swept by a circle of `radius` from `a` to
    /// `b`, cut at the exact crossings; pressure is interpolated at the cuts.
    public static func cut(paths: [[CGPoint]], pressures: [[Double]]?, from a: CGPoint, to b: CGPoint,
                           radius: CGFloat) -> (paths: [[CGPoint]], pressures: [[Double]]?) {
        var kept: [[CGPoint]] = []
        var keptPressures: [[Double]] = []
        for (index, stroke) in paths.enumerated() {
            var strokePressures: [CGFloat]?
            if let pressures, index < pressures.count { strokePressures = pressures[index].map { CGFloat($0) } }
            for piece in SegmentGeometry.splitPositions(polyline: stroke, outsideCapsule: a, b: b, radius: radius) {
                let points = piece.compactMap { $0.point(in: stroke) }
                guard !points.isEmpty else { continue }
                kept.append(points)
                if let strokePressures {
                    keptPressures.append(piece.compactMap { $0.interpolate(strokePressures) }.map { Double($0) })
                }
            }
        }
        return (kept, pressures == nil ? nil : keptPressures)
    }

    /// `geometry` after an effect; nil when removed (or cut to nothing).
    public static func applying(_ effect: Effect, to geometry: Annotation) -> Annotation? {
        switch effect {
        case .remove: return nil
        case .cut(_, let paths, let pressures):
            guard !paths.isEmpty else { return nil }
            var result = geometry
            result.kind = .ink(AnnotationKind.Ink(paths: paths, pressures: pressures, brush: geometry.brush))
            result.rect = Annotation.bounds(of: result.kind, lineWidth: geometry.lineWidth / 2)
            return result
        }
    }
}
