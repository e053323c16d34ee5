#if !hasFeature(Embedded)
import Foundation
#endif

/// One subpath as the rectangle cut (``BezierPath/strokeCut(outside:tolerance:)``) works on
/// it: a start point and the segments after it, with whether it is closed.
struct CutSubpath: Equatable {
    var start: CGPoint
    var edges: [CutEdge]
    var closed: Bool

    var end: CGPoint { edges.last?.end ?? start }

    /// The subpaths of `path`, as PDF reads them (ISO 32000-2, 8.5.2.1): a `move` begins one,
    /// a segment after a `close` begins one at the closed subpath's start, a segment with no
    /// current point begins one at its own end (as ``BezierPath`` reads it).
    static func subpaths(of path: BezierPath) -> [CutSubpath] {
        var result: [CutSubpath] = []
        var current: CutSubpath?
        var restart: CGPoint?
        func finish() {
            if let current { result.append(current) }
            current = nil
        }
        func open(at p: CGPoint) {
            if current == nil { current = CutSubpath(start: restart ?? p, edges: [], closed: false) }
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish()
                restart = nil
                current = CutSubpath(start: p, edges: [], closed: false)
            case .line(let p):
                open(at: p)
                current?.edges.append(.line(p))
            case .curve(let p, let c1, let c2):
                open(at: p)
                current?.edges.append(.curve(c1, c2, p))
            case .close:
                guard var closing = current else { continue }
                closing.closed = true
                restart = closing.start
                current = closing
                finish()
            }
        }
        finish()
        return result
    }

    /// The path drawing `subpaths` in order.
    static func path(of subpaths: [CutSubpath]) -> BezierPath {
        var elements: [BezierPath.Element] = []
        for subpath in subpaths {
            elements.append(.move(to: subpath.start))
            for edge in subpath.edges {
                switch edge {
                case .line(let p): elements.append(.line(to: p))
                case .curve(let c1, let c2, let p): elements.append(.curve(to: p, control1: c1, control2: c2))
                }
            }
            if subpath.closed { elements.append(.close) }
        }
        return BezierPath(elements: elements)
    }

    /// The segments of the subpath closed as filling closes it: with a straight segment back
    /// to the start when it does not end there. Read as a cycle, the contour starts at its
    /// last segment's end.
    var contour: [CutEdge] {
        guard !edges.isEmpty else { return [] }
        return end == start ? edges : edges + [.line(start)]
    }

    // MARK: - Stroking

    /// The pieces of the subpath outside `box`, and whether anything was removed.
    func strokePieces(outside box: CutBox, tolerance: CGFloat) -> ([CutSubpath], Bool) {
        let drawn = closed ? contour : edges
        if drawn.allSatisfy({ $0 == .line(start) }) {
            return box.strictlyContains(start) ? ([], true) : ([self], false)  // a dot (or a lone move)
        }
        var cutter = StrokeCutter(box: box, tolerance: tolerance)
        var previous = start
        for edge in drawn {
            cutter.add(edge, from: previous, depth: 0)
            previous = edge.end
        }
        cutter.flush()
        guard cutter.removed else { return ([self], false) }
        var pieces = cutter.pieces
        // A closed subpath cut somewhere but not at its start: its last and first pieces meet there.
        if closed, pieces.count > 1, let first = pieces.first, let last = pieces.last,
           first.start == start, last.end == start {
            pieces[pieces.count - 1].edges += first.edges
            pieces.removeFirst()
        }
        return (pieces, true)
    }

    // MARK: - Filling

    /// One Sutherland-Hodgman step: the closed contour `edges` clipped to `plane`. A curve is
    /// kept whole where its control polygon is on the kept side, dropped where it is all on
    /// the other, and halved where it straddles the line until its halves are flat to within
    /// `tolerance`, which are clipped as straight segments.
    static func clip(_ edges: [CutEdge], to plane: CutHalfPlane, tolerance: CGFloat) -> [CutEdge] {
        guard let last = edges.last else { return [] }
        var out: [CutEdge] = []
        func line(_ a: CGPoint, _ b: CGPoint) {
            switch (plane.holds(a), plane.holds(b)) {
            case (true, true): out.append(.line(b))
            case (true, false): out.append(.line(plane.crossing(a, b)))
            case (false, true): out += [.line(plane.crossing(a, b)), .line(b)]
            case (false, false): break
            }
        }
        func add(_ edge: CutEdge, from a: CGPoint, depth: Int) {
            guard case .curve(let c1, let c2, let b) = edge else { return line(a, edge.end) }
            let held = [a, c1, c2, b].filter(plane.holds).count
            if held == 4 {
                out.append(edge)
            } else if held == 0 || depth >= CutCurve.maximumDepth || CutCurve.isFlat(a, c1, c2, b, tolerance: tolerance) {
                line(a, b)
            } else {
                let (first, second) = CutCurve.halves(a, c1, c2, b)
                add(first, from: a, depth: depth + 1)
                add(second, from: first.end, depth: depth + 1)
            }
        }
        var previous = last.end
        for edge in edges {
            add(edge, from: previous, depth: 0)
            previous = edge.end
        }
        return out
    }
}

/// Walks the segments of one subpath, keeping what lies outside a box as pieces.
struct StrokeCutter {
    var box: CutBox
    var tolerance: CGFloat
    var pieces: [CutSubpath] = []
    var current: CutSubpath?
    var removed = false

    init(box: CutBox, tolerance: CGFloat) {
        self.box = box
        self.tolerance = tolerance
    }

    mutating func flush() {
        if let current, !current.edges.isEmpty { pieces.append(current) }
        current = nil
    }

    mutating func keep(_ edge: CutEdge, from a: CGPoint) {
        if edge == .line(a) { return }  // a straight segment of no length draws nothing
        if current == nil || current?.end != a { flush(); current = CutSubpath(start: a, edges: [], closed: false) }
        current?.edges.append(edge)
    }

    mutating func add(_ edge: CutEdge, from a: CGPoint, depth: Int) {
        let hull = CutBox(from: a, edge)
        if !box.overlapsInterior(hull) { return keep(edge, from: a) }
        guard case .curve(let c1, let c2, let b) = edge else { return cutLine(a, edge.end) }
        if box.holds(hull) {
            removed = true
            flush()
        } else if depth >= CutCurve.maximumDepth || CutCurve.isFlat(a, c1, c2, b, tolerance: tolerance) {
            cutLine(a, b)
        } else {
            let (first, second) = CutCurve.halves(a, c1, c2, b)
            add(first, from: a, depth: depth + 1)
            add(second, from: first.end, depth: depth + 1)
        }
    }

    /// Liang-Barsky: the parameters where `a b` is inside the box; the parts before and
    /// after stay, and the part between goes when it passes through the box's interior.
    mutating func cutLine(_ a: CGPoint, _ b: CGPoint) {
        let dx = b.x - a.x, dy = b.y - a.y
        var t0: CGFloat = 0, t1: CGFloat = 1
        for (p, q) in [(-dx, a.x - box.minX), (dx, box.maxX - a.x), (-dy, a.y - box.minY), (dy, box.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return keep(.line(b), from: a) }
            } else if p < 0 {
                t0 = max(t0, q / p)
            } else {
                t1 = min(t1, q / p)
            }
        }
        let middle = CGPoint(x: a.x + dx * (t0 + t1) / 2, y: a.y + dy * (t0 + t1) / 2)
        guard t0 < t1, box.strictlyContains(middle) else { return keep(.line(b), from: a) }
        removed = true
        if t0 > 0 { keep(.line(box.snapped(CGPoint(x: a.x + dx * t0, y: a.y + dy * t0))), from: a) }
        flush()
        if t1 < 1 {
            let exit = box.snapped(CGPoint(x: a.x + dx * t1, y: a.y + dy * t1))
            keep(.line(b), from: exit)
        }
    }
}
