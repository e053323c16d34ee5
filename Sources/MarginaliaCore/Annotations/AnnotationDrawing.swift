#if !hasFeature(Embedded)
import Foundation
#endif

/// What an annotation looks like, as plain vector drawing: paths in page space, each filled
/// and/or stroked with its own width, cap, join and dash, under one opacity and blend mode.
///
/// The one drawing of text markup (highlight, underline, strike-out, squiggly), of squares,
/// circles, lines, polylines and polygons, and of every line ending: Marginalia's appearance
/// writer paints these marks into the appearance stream, and the browser draws the same marks
/// for an annotation under edit (the bridge's `annotationDrawing`), so what the editor shows
/// is what the file will hold (docs/engine.md, "Drawn once").
public struct AnnotationDrawing: Hashable, Sendable {
    /// One path and how it is painted.
    public struct Mark: Hashable, Sendable {
        /// Which of the annotation's colours fills a mark.
        public enum Fill: String, Hashable, Sendable {
            /// `/C`: a highlight's colour.
            case color
            /// `/IC`: a shape's interior, a closed line ending.
            case interior
        }

        /// The path in page space.
        public var path: BezierPath
        /// The colour the path is filled with (nonzero rule), nil for none.
        public var fill: Fill?
        /// Whether the path is stroked in the annotation's colour (`/C`).
        public var stroke: Bool
        /// The stroke's width in points.
        public var lineWidth: Double
        /// The PDF line cap: 0 butt, 1 round, 2 square.
        public var lineCap: Int
        /// The PDF line join: 0 miter, 1 round, 2 bevel.
        public var lineJoin: Int
        /// Dash lengths (on, off...) from phase 0; empty for a solid stroke.
        public var dash: [Double]

        public init(path: BezierPath, fill: Fill?, stroke: Bool, lineWidth: Double = 1, lineCap: Int = 0, lineJoin: Int = 0,
                    dash: [Double] = []) {
            self.path = path
            self.fill = fill
            self.stroke = stroke
            self.lineWidth = lineWidth
            self.lineCap = lineCap
            self.lineJoin = lineJoin
            self.dash = dash
        }
    }

    /// What of an annotation besides its geometry decides its drawing.
    public struct Style: Hashable, Sendable {
        /// Whether it has a colour (`/C`): its outlines are stroked (with a width above 0),
        /// its markup drawn.
        public var hasColor: Bool
        /// Whether it has an interior colour (`/IC`): closed shapes and endings are filled.
        public var hasInterior: Bool
        /// The border's width (`/BS /W`).
        public var lineWidth: Double
        /// The border's dash lengths (`/BS /D` of a dashed border); empty for solid.
        public var dash: [Double]
        /// `/CA`, 0 to 1.
        public var opacity: Double

        public init(hasColor: Bool, hasInterior: Bool = false, lineWidth: Double = 1, dash: [Double] = [], opacity: Double = 1) {
            self.hasColor = hasColor
            self.hasInterior = hasInterior
            self.lineWidth = lineWidth.isFinite ? max(0, lineWidth) : 0
            self.dash = dash.map { $0.isFinite ? max(0, $0) : 0 }
            self.opacity = opacity.isFinite ? max(0, min(1, opacity)) : 1
        }

        /// Whether outlines are stroked: a colour and a width.
        var strokes: Bool { hasColor && lineWidth > 0 }
    }

    /// The miter limit of every mitred join: PDF's default (8.4.3.5), which the appearance
    /// streams keep (SVG's is 4).
    public static let miterLimit = 10.0

    /// The marks in painting order.
    public var marks: [Mark]
    /// The opacity every mark is painted at (the group's: crossings are no darker).
    public var opacity: Double
    /// A PDF blend mode (`Multiply`: a highlight under the text), nil for Normal.
    public var blendMode: String?
    /// The box holding everything drawn, widths and endings included: the appearance's
    /// bounding box and the annotation's `/Rect`.
    public var bounds: CGRect

    public init(marks: [Mark] = [], opacity: Double = 1, blendMode: String? = nil, bounds: CGRect) {
        self.marks = marks
        self.opacity = opacity
        self.blendMode = blendMode
        self.bounds = bounds
    }

    /// Adds `path` painted as an outline of `style`: filled with the interior colour when
    /// `closed` and the style has one, stroked when it has a colour and a width; left out
    /// when it would paint nothing.
    mutating func addOutline(_ path: BezierPath, closed: Bool, _ style: Style, lineJoin: Int) {
        let fill: Mark.Fill? = closed && style.hasInterior ? .interior : nil
        guard !path.isEmpty, fill != nil || style.strokes else { return }
        marks.append(Mark(path: path, fill: fill, stroke: style.strokes, lineWidth: style.lineWidth, lineJoin: lineJoin,
                          dash: style.dash))
    }

    // MARK: - Squares and circles

    /// A square (`ellipse` false) or circle annotation over `rect`: the rectangle or the
    /// ellipse inscribed in it, its border centred half a width inside `rect`, so that all of
    /// it lies within.
    public static func box(_ rect: CGRect, ellipse: Bool, style: Style) -> AnnotationDrawing {
        let rect = rect.standardized
        var drawing = AnnotationDrawing(opacity: style.opacity, bounds: rect)
        let inset = style.hasColor ? CGFloat(style.lineWidth) / 2 : 0
        let box = rect.insetBy(dx: min(inset, rect.width / 2), dy: min(inset, rect.height / 2))
        drawing.addOutline(ellipse ? BezierPath(ovalIn: box) : BezierPath(rect: box), closed: true, style, lineJoin: 0)
        return drawing
    }

    // MARK: - Lines, polylines and polygons

    /// A line (two vertices), polyline or polygon (`closed`): straight segments through the
    /// vertices, joined round when open and mitred when closed, and for an open path its
    /// `endings` at the first and last vertex, ``LineEnding/size(forLineWidth:)`` across,
    /// stroked like the path and the closed ones filled with the interior colour.
    public static func path(through vertices: [CGPoint], closed: Bool, endings: (start: LineEnding, end: LineEnding) = (.none, .none),
                            style: Style) -> AnnotationDrawing {
        let points = vertices.filter { $0.x.isFinite && $0.y.isFinite }
        let endingSize = LineEnding.size(forLineWidth: style.lineWidth)
        let hasEndings = !closed && (endings.start != .none || endings.end != .none)
        let margin = CGFloat(style.lineWidth) / 2 + (hasEndings ? endingSize : 0) + 1
        var drawing = AnnotationDrawing(opacity: style.opacity, bounds: CGRect.bounding(points).expanded(by: margin))
        guard let first = points.first else { return drawing }
        var path = BezierPath()
        path.move(to: first)
        for point in points.dropFirst() { path.addLine(to: point) }
        if closed { path.close() }
        let join = closed ? 0 : 1
        drawing.addOutline(path, closed: closed, style, lineJoin: join)
        if hasEndings, points.count >= 2 {
            for (ending, tip, from) in [(endings.start, points[0], points[1]),
                                        (endings.end, points[points.count - 1], points[points.count - 2])] {
                drawing.addOutline(ending.path(tip: tip, from: from, size: endingSize), closed: ending.isClosed, style, lineJoin: join)
            }
        }
        return drawing
    }
}

extension CGRect {
    /// Grown by `amount` on every side; a rect with no area still gets one.
    public func expanded(by amount: CGFloat) -> CGRect {
        CGRect(x: minX - amount, y: minY - amount, width: width + 2 * amount, height: height + 2 * amount)
    }

    /// The smallest rect holding every finite point (zero when there are none).
    public static func bounding(_ points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .zero }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points where p.x.isFinite && p.y.isFinite {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
