#if !hasFeature(Embedded)
import Foundation
#endif

/// The annotations of one page with a spatial index, answering "what is under this point",
/// "what does this eraser sweep touch" and "what lies inside this lasso" geometrically,
/// topmost first (the last in `/Annots` is drawn on top). Kept up to date with
/// ``insert(_:)``, ``update(_:)`` and ``remove(id:)`` as annotations change, so a sweep over
/// thousands of strokes only looks at the few near it.
///
/// The browser's engine and the document model (Marginalia's `AnnotationIndex`) both answer
/// with this one index. Hidden annotations are never hit; kinds the editor does not draw
/// (links, widgets) are, and the editor's tools leave them alone (``Annotation/isEditable``).
public final class AnnotationGeometryIndex {
    private var shapes: [String: AnnotationShape] = [:]
    private var spatial = SpatialIndex<String>(cellSize: 64)
    /// Each annotation by id with its place in the stacking order (higher is on top), so a
    /// query sorts only the few candidates near it instead of scanning the page.
    private var byID: [String: (geometry: Annotation, order: Int)] = [:]
    private var nextOrder = 0

    public init(_ annotations: [Annotation] = []) {
        for annotation in annotations { index(annotation, order: nil) }
    }

    /// The annotations in stacking order, bottom first.
    public var annotations: [Annotation] {
        byID.values.sorted { $0.order < $1.order }.map { $0.geometry }
    }

    public var count: Int { byID.count }

    private func index(_ annotation: Annotation, order: Int?) {
        let shape = AnnotationShape(annotation)
        shapes[annotation.id] = shape
        spatial.insert(annotation.id, rect: shape.bounds)
        if let order {
            byID[annotation.id] = (annotation, order)
        } else {
            byID[annotation.id] = (annotation, nextOrder)
            nextOrder += 1
        }
    }

    /// The annotation with this id, if it is on the page.
    public func annotation(id: String) -> Annotation? {
        byID[id]?.geometry
    }

    /// The candidates passing `test`, topmost first.
    private func topmostFirst(_ candidates: [String], where test: (Annotation, AnnotationShape) -> Bool) -> [Annotation] {
        var seen = Set<String>()
        var found: [(geometry: Annotation, order: Int)] = []
        for id in candidates where seen.insert(id).inserted {
            guard let entry = byID[id], let shape = shapes[id], !entry.geometry.isHidden,
                  test(entry.geometry, shape) else { continue }
            found.append(entry)
        }
        return found.sorted { $0.order > $1.order }.map { $0.geometry }
    }

    /// Every annotation under `point` (page space) within `tolerance` points, topmost first.
    public func annotations(at point: CGPoint, tolerance: CGFloat = 2) -> [Annotation] {
        let t = max(0, tolerance.isFinite ? tolerance : 0)
        guard point.x.isFinite, point.y.isFinite else { return [] }
        let candidates = spatial.query(CGRect(x: point.x - t, y: point.y - t, width: 2 * t, height: 2 * t))
        return topmostFirst(candidates) { _, shape in shape.contains(point, tolerance: t) }
    }

    /// The topmost annotation under `point`, or nil.
    public func annotation(at point: CGPoint, tolerance: CGFloat = 2) -> Annotation? {
        annotations(at: point, tolerance: tolerance).first
    }

    /// Every annotation a sweep along `path` with a tool `width` points wide touches,
    /// topmost first (what a stroke eraser removes).
    public func annotations(touching path: BezierPath, width: CGFloat) -> [Annotation] {
        let reach = max(0, width.isFinite ? width : 0) / 2
        let bounds = path.bounds
        guard !bounds.isNull, bounds.minX.isFinite else { return [] }
        let candidates = spatial.query(bounds.insetBy(dx: -reach, dy: -reach))
        return topmostFirst(candidates) { _, shape in shape.touches(path, width: width) }
    }

    /// The annotations inside a closed polygon (page space), bottom first: ink whose every
    /// point is inside, other kinds whose rect's centre is inside.
    public func annotations(inLasso polygon: [CGPoint]) -> [Annotation] {
        guard polygon.count >= 3, polygon.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return [] }
        let area = BezierPath(polyline: polygon, closed: true)
        let candidates = spatial.query(area.bounds)
        return topmostFirst(candidates) { geometry, _ in
            if case .ink(let ink) = geometry.kind {
                return ink.paths.allSatisfy { $0.allSatisfy { area.contains($0) } }
            }
            return area.contains(CGPoint(x: geometry.rect.midX, y: geometry.rect.midY))
        }.reversed()
    }

    /// The annotations whose drawing lies wholly inside `rect` (rubber-band selection), bottom first.
    public func annotations(inside rect: CGRect) -> [Annotation] {
        let box = rect.standardized
        guard !box.isNull else { return [] }
        // Edge by edge: CGRect.contains(_: CGRect) compares a union with the rect, and the
        // union's width, computed again, differs in its last bit (nothing was ever inside).
        let b = box.insetBy(dx: -0.001, dy: -0.001)
        return topmostFirst(spatial.query(box)) { _, shape in
            let s = shape.bounds
            return b.minX <= s.minX && b.minY <= s.minY && s.maxX <= b.maxX && s.maxY <= b.maxY
        }.reversed()
    }

    /// The bounds an annotation is drawn in (its geometry grown by its line width), or nil.
    public func drawnBounds(id: String) -> CGRect? {
        shapes[id]?.bounds
    }

    /// Adds an annotation on top (or moves it there when present).
    public func insert(_ annotation: Annotation) {
        remove(id: annotation.id)
        index(annotation, order: nil)
    }

    /// Replaces the annotation with the same id, keeping its place in the stacking order.
    public func update(_ annotation: Annotation) {
        guard let order = byID[annotation.id]?.order else {
            insert(annotation)
            return
        }
        spatial.remove(annotation.id)
        index(annotation, order: order)
    }

    /// Moves an annotation to `position` in the stacking order (0 is the bottom; clamped).
    public func move(id: String, toPosition position: Int) {
        guard byID[id] != nil else { return }
        var order = byID.values.sorted { $0.order < $1.order }.map { $0.geometry.id }
        order.removeAll { $0 == id }
        order.insert(id, at: min(max(0, position), order.count))
        for (rank, each) in order.enumerated() { byID[each]?.order = rank }
        nextOrder = order.count
    }

    public func remove(id: String) {
        guard byID.removeValue(forKey: id) != nil else { return }
        shapes[id] = nil
        spatial.remove(id)
    }
}
