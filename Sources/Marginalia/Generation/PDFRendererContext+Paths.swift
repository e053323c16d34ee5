import Foundation
import PDFCore

/// Line caps (ISO 32000-2, 8.4.3.3), as `CGLineCap`.
public enum LineCap: Int, Sendable, Hashable, CaseIterable {
    case butt = 0, round = 1, square = 2
}

/// Line joins (8.4.3.4), as `CGLineJoin`.
public enum LineJoin: Int, Sendable, Hashable, CaseIterable {
    case miter = 0, round = 1, bevel = 2
}

extension PDFRendererContext {
    // MARK: - Building the path

    /// Begins a new subpath at `point`.
    public func move(to point: CGPoint) throws {
        try FiniteCheck.point(point, "the point given to move(to:)")
        path.move(to: point)
    }

    /// Adds a straight segment from the current point (a new subpath when there is none).
    public func addLine(to point: CGPoint) throws {
        try FiniteCheck.point(point, "the point given to addLine(to:)")
        path.addLine(to: point)
    }

    /// Adds a cubic Bézier segment from the current point.
    public func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) throws {
        for p in [point, control1, control2] { try FiniteCheck.point(p, "a point given to addCurve(to:control1:control2:)") }
        path.addCurve(to: point, control1: control1, control2: control2)
    }

    /// Adds a quadratic Bézier segment from the current point (stored as the equal cubic).
    public func addQuadCurve(to point: CGPoint, control: CGPoint) throws {
        for p in [point, control] { try FiniteCheck.point(p, "a point given to addQuadCurve(to:control:)") }
        path.addQuadCurve(to: point, control: control)
    }

    /// Adds a closed rectangle as its own subpath.
    public func addRect(_ rect: CGRect) throws {
        try FiniteCheck.rect(rect, "the rectangle given to addRect(_:)")
        path.append(BezierPath(rect: rect))
    }

    /// Adds a closed ellipse inscribed in `rect` as its own subpath.
    public func addEllipse(in rect: CGRect) throws {
        try FiniteCheck.rect(rect, "the rectangle given to addEllipse(in:)")
        path.append(BezierPath(ovalIn: rect))
    }

    /// Adds every subpath of `bezierPath`.
    public func addPath(_ bezierPath: BezierPath) throws {
        for element in bezierPath.elements {
            switch element {
            case .move(let p), .line(let p):
                try FiniteCheck.point(p, "a point of the path given to addPath(_:)")
            case .curve(let p, let c1, let c2):
                for q in [p, c1, c2] { try FiniteCheck.point(q, "a point of the path given to addPath(_:)") }
            case .close:
                break
            }
        }
        path.append(bezierPath)
    }

    /// Closes the current subpath with a straight segment back to its start.
    public func closePath() {
        path.close()
    }

    // MARK: - Painting

    /// Strokes the current path with the stroke colour and line style, then clears it.
    /// Without a path it does nothing.
    public func stroke() throws {
        try paint("stroke()") { $0.stroke() }
    }

    /// Fills the current path with the fill colour, by the nonzero winding rule or, with
    /// `evenOdd`, the even-odd rule (8.5.3.3), then clears it.
    public func fill(evenOdd: Bool = false) throws {
        try paint("fill(evenOdd:)") { $0.fill(evenOdd: evenOdd) }
    }

    /// Fills, then strokes, the current path, then clears it.
    public func fillAndStroke(evenOdd: Bool = false) throws {
        try paint("fillAndStroke(evenOdd:)") { $0.fillAndStroke(evenOdd: evenOdd) }
    }

    /// Intersects the clipping area with the current path (nonzero or even-odd rule), then
    /// clears the path. The clip lasts until the ``restoreState()`` of an enclosing save.
    public func clip(evenOdd: Bool = false) throws {
        try paint("clip(evenOdd:)") { $0.clip(evenOdd: evenOdd) }
    }

    /// Fills `rect` with the fill colour; the current path is kept.
    public func fill(_ rect: CGRect) throws {
        try FiniteCheck.rect(rect, "the rectangle given to fill(_:)")
        try paint(BezierPath(rect: rect), "fill(_:)") { $0.fill() }
    }

    /// Strokes the outline of `rect`; the current path is kept.
    public func stroke(_ rect: CGRect) throws {
        try FiniteCheck.rect(rect, "the rectangle given to stroke(_:)")
        try paint(BezierPath(rect: rect), "stroke(_:)") { $0.stroke() }
    }

    /// Fills `bezierPath` (nonzero or even-odd rule); the current path is kept.
    public func fill(_ bezierPath: BezierPath, evenOdd: Bool = false) throws {
        let saved = path
        defer { path = saved }
        path = BezierPath()
        try addPath(bezierPath)
        try fill(evenOdd: evenOdd)
    }

    /// Strokes `bezierPath`; the current path is kept.
    public func stroke(_ bezierPath: BezierPath) throws {
        let saved = path
        defer { path = saved }
        path = BezierPath()
        try addPath(bezierPath)
        try stroke()
    }

    /// Writes the current path and `operation`, and clears the path.
    private func paint(_ name: String, _ operation: (inout ContentStreamBuilder) -> Void) throws {
        let painted = path
        path = BezierPath()
        try paint(painted, name, operation)
    }

    private func paint(_ bezierPath: BezierPath, _ name: String, _ operation: (inout ContentStreamBuilder) -> Void) throws {
        try requirePage(name)
        guard !bezierPath.isEmpty else { return }
        for element in bezierPath.elements {
            switch element {
            case .move(let p): page?.content.move(p)
            case .line(let p): page?.content.line(p)
            case .curve(let p, let c1, let c2): page?.content.curve(c1, c2, p)
            case .close: page?.content.closePath()
            }
        }
        operation(&page!.content)  // `requirePage` made sure there is a page
    }

    // MARK: - Line style

    /// Sets the width of stroked lines, in points (0 is the thinnest line the device shows).
    public func setLineWidth(_ width: Double) throws {
        try requirePage("setLineWidth(_:)")
        try FiniteCheck.number(width, "the width given to setLineWidth(_:)")
        guard width >= 0 else { throw GenerationError.invalidArgument("a line width cannot be negative (\(width))") }
        page?.content.lineWidth(width)
    }

    /// Sets the shape of the ends of open subpaths.
    public func setLineCap(_ cap: LineCap) throws {
        try requirePage("setLineCap(_:)")
        page?.content.lineCap(cap.rawValue)
    }

    /// Sets the shape of corners.
    public func setLineJoin(_ join: LineJoin) throws {
        try requirePage("setLineJoin(_:)")
        page?.content.lineJoin(join.rawValue)
    }

    /// Sets the miter limit: the ratio of miter length to line width past which a miter
    /// join is bevelled (8.4.3.5). At least 1.
    public func setMiterLimit(_ limit: Double) throws {
        try requirePage("setMiterLimit(_:)")
        try FiniteCheck.number(limit, "the limit given to setMiterLimit(_:)")
        guard limit >= 1 else { throw GenerationError.invalidArgument("a miter limit must be at least 1 (\(limit))") }
        page?.content.emit([limit], "M")
    }

    /// Sets a dash pattern: lengths of dashes and gaps, in turn, starting `phase` points into
    /// the pattern (8.4.3.6). An empty pattern draws solid lines.
    ///
    /// - Throws: ``GenerationError`` for a negative or non-finite length, or a pattern whose
    ///   lengths are all zero (which PDF does not allow).
    public func setLineDash(_ pattern: [Double], phase: Double = 0) throws {
        try requirePage("setLineDash(_:phase:)")
        for length in pattern + [phase] { try FiniteCheck.number(length, "a length given to setLineDash(_:phase:)") }
        guard pattern.allSatisfy({ $0 >= 0 }), pattern.isEmpty || pattern.contains(where: { $0 > 0 }) else {
            throw GenerationError.invalidArgument("a dash pattern needs non-negative lengths, not all zero: \(pattern)")
        }
        page?.content.dash(pattern, phase: phase)
    }
}
