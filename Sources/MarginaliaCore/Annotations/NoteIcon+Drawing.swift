#if !hasFeature(Embedded)
import Foundation
#endif

/// One part of a note icon: a path and how it is painted. The appearance stream writes these
/// (Marginalia's note appearance) and the browser draws the same ones (the bridge's
/// `noteIcon`), so the icon on screen is the one in the file.
public struct NoteIconMark: Hashable, Sendable {
    public enum Paint: String, Hashable, Sendable {
        /// Filled with the note's colour and outlined in the icon's ink.
        case body
        /// Stroked in the icon's ink.
        case line
        /// Filled with the icon's ink.
        case dot
    }

    public var path: BezierPath
    public var paint: Paint
    /// The width of the outline or line (a `dot` has none).
    public var lineWidth: Double
    /// The PDF line cap (0 butt, 1 round) of an outline or line.
    public var lineCap: Int

    public init(path: BezierPath, paint: Paint, lineWidth: Double = 0.8, lineCap: Int = 1) {
        self.path = path
        self.paint = paint
        self.lineWidth = lineWidth
        self.lineCap = lineCap
    }
}

extension NoteIcon {
    /// The grey (0 to 1) of the icons' outlines and symbols.
    public static let inkGrey = 0.25

    /// The icon drawn in `box` (y up), in painting order; coordinates are designed on a
    /// 20 x 20 grid from the box's lower-left corner. Every path joins round.
    public func marks(in box: CGRect) -> [NoteIconMark] {
        var grid = IconGrid(box: box)
        switch self {
        case .note: grid.sheet()
        case .comment: grid.bubble()
        case .key: grid.key()
        case .help: grid.help()
        case .newParagraph: grid.newParagraph()
        case .paragraph: grid.paragraph()
        case .insert: grid.insert()
        }
        return grid.marks
    }
}

/// Builds an icon's marks on the 20 x 20 grid scaled to the box.
private struct IconGrid {
    let box: CGRect
    var marks: [NoteIconMark] = []

    init(box: CGRect) { self.box = box }

    func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
        CGPoint(x: box.minX + x * box.width / 20, y: box.minY + y * box.height / 20)
    }

    func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect {
        CGRect(origin: p(x, y), size: CGSize(width: w * box.width / 20, height: h * box.height / 20))
    }

    func polygon(_ points: [(CGFloat, CGFloat)]) -> BezierPath {
        BezierPath(polyline: points.map { p($0.0, $0.1) }, closed: true)
    }

    mutating func lines(_ segments: [((CGFloat, CGFloat), (CGFloat, CGFloat))], width: Double = 0.8, cap: Int = 1) {
        var path = BezierPath()
        for (from, to) in segments {
            path.move(to: p(from.0, from.1))
            path.addLine(to: p(to.0, to.1))
        }
        marks.append(NoteIconMark(path: path, paint: .line, lineWidth: width, lineCap: cap))
    }

    mutating func add(_ path: BezierPath, _ paint: NoteIconMark.Paint, width: Double = 0.8) {
        marks.append(NoteIconMark(path: path, paint: paint, lineWidth: width))
    }

    /// A sheet with its top-right corner folded and three lines of text.
    mutating func sheet() {
        add(polygon([(1, 1), (19, 1), (19, 14), (14, 19), (1, 19)]), .body)
        lines([((14, 19), (14, 14)), ((14, 14), (19, 14)), ((4, 13), (11, 13)), ((4, 9), (16, 9)), ((4, 5), (16, 5))])
    }

    /// A speech bubble with a tail at the lower left, and two lines of text.
    mutating func bubble() {
        let r: CGFloat = 3
        var path = BezierPath()
        path.move(to: p(1 + r, 6))
        path.addLine(to: p(5, 6)); path.addLine(to: p(3, 1.5)); path.addLine(to: p(9, 6))
        path.addLine(to: p(19 - r, 6)); path.addCurve(to: p(19, 6 + r), control1: p(19, 6), control2: p(19, 6))
        path.addLine(to: p(19, 19 - r)); path.addCurve(to: p(19 - r, 19), control1: p(19, 19), control2: p(19, 19))
        path.addLine(to: p(1 + r, 19)); path.addCurve(to: p(1, 19 - r), control1: p(1, 19), control2: p(1, 19))
        path.addLine(to: p(1, 6 + r)); path.addCurve(to: p(1 + r, 6), control1: p(1, 6), control2: p(1, 6))
        path.close()
        add(path, .body)
        lines([((5, 14.5), (15, 14.5)), ((5, 10.5), (13, 10.5))])
    }

    /// A key: a round bow with a hole, a shaft and two teeth.
    mutating func key() {
        add(BezierPath(ovalIn: rect(1, 8, 10, 10)), .body)
        add(BezierPath(ovalIn: rect(3.6, 12.6, 2.8, 2.8)), .dot)
        lines([((10, 10), (18, 2)), ((15, 5), (17, 7)), ((13, 7), (14.5, 8.5))], width: 2)
    }

    /// A question mark in a circle.
    mutating func help() {
        add(BezierPath(ovalIn: rect(1, 1, 18, 18)), .body)
        var hook = BezierPath()
        hook.move(to: p(6.6, 12.6))
        hook.addCurve(to: p(13.4, 12.8), control1: p(6.6, 17.2), control2: p(13.4, 17.2))
        hook.addCurve(to: p(10, 7.6), control1: p(13.4, 10.4), control2: p(10, 10.6))
        marks.append(NoteIconMark(path: hook, paint: .line, lineWidth: 2.2))
        add(BezierPath(ovalIn: rect(8.6, 2.8, 2.8, 2.8)), .dot)
    }

    /// A triangle pointing up over two lines: a new paragraph starts here.
    mutating func newParagraph() {
        add(polygon([(10, 19), (18.5, 6.5), (1.5, 6.5)]), .body)
        lines([((2, 3.5), (18, 3.5)), ((2, 1), (12, 1))], width: 1.4)
    }

    /// A pilcrow on a rounded square.
    mutating func paragraph() {
        add(BezierPath(roundedRect: rect(1, 1, 18, 18), radius: 3 * box.width / 20), .body)
        // The bowl: a half disc left of the stems.
        var bowl = BezierPath()
        bowl.move(to: p(10, 16.5))
        bowl.addCurve(to: p(10, 9.5), control1: p(4, 16.5), control2: p(4, 9.5))
        bowl.close()
        add(bowl, .dot)
        lines([((10, 16.5), (10, 3.5)), ((13.2, 16.5), (13.2, 3.5)), ((9.5, 16.5), (14.5, 16.5))], width: 1.5, cap: 0)
    }

    /// A caret under a line: text goes in here.
    mutating func insert() {
        add(polygon([(10, 18), (19, 2), (14, 2), (10, 10), (6, 2), (1, 2)]), .body)
    }
}

extension BezierPath {
    /// A closed rectangle with quarter-circle corners of `radius`, counterclockwise from its
    /// bottom edge (y up).
    public init(roundedRect r: CGRect, radius: CGFloat) {
        self.init()
        let k = BezierPath.kappa * radius
        move(to: CGPoint(x: r.minX + radius, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - radius, y: r.minY))
        addCurve(to: CGPoint(x: r.maxX, y: r.minY + radius), control1: CGPoint(x: r.maxX - radius + k, y: r.minY),
                 control2: CGPoint(x: r.maxX, y: r.minY + radius - k))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - radius))
        addCurve(to: CGPoint(x: r.maxX - radius, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - radius + k),
                 control2: CGPoint(x: r.maxX - radius + k, y: r.maxY))
        addLine(to: CGPoint(x: r.minX + radius, y: r.maxY))
        addCurve(to: CGPoint(x: r.minX, y: r.maxY - radius), control1: CGPoint(x: r.minX + radius - k, y: r.maxY),
                 control2: CGPoint(x: r.minX, y: r.maxY - radius + k))
        addLine(to: CGPoint(x: r.minX, y: r.minY + radius))
        addCurve(to: CGPoint(x: r.minX + radius, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + radius - k),
                 control2: CGPoint(x: r.minX + radius - k, y: r.minY))
        close()
    }
}
