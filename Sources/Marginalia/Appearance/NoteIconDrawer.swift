import Foundation

/// Draws the seven standard note icons in a 20-point box: a shape filled with the note's
/// colour and outlined in dark grey, with a dark symbol on it. Coordinates are written on a
/// 20 x 20 grid from the box's lower-left corner.
struct NoteIconDrawer {
    let box: CGRect
    let fill: [Double]
    /// The stream drawn into (what came before is kept).
    var content: ContentStreamBuilder

    private static let ink: [Double] = [0.25, 0.25, 0.25]

    init(box: CGRect, fill: [Double], content: ContentStreamBuilder = ContentStreamBuilder()) {
        self.box = box
        self.fill = fill
        self.content = content
    }

    /// A point of the 20 x 20 grid, scaled to the box.
    private func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
        CGPoint(x: box.minX + x * box.width / 20, y: box.minY + y * box.height / 20)
    }

    mutating func draw(_ icon: NoteIcon) {
        content.lineWidth(0.8)
        content.lineJoin(1)
        content.lineCap(1)
        content.strokeColor(Self.ink)
        content.fillColor(fill)
        switch icon {
        case .note: sheet()
        case .comment: bubble()
        case .key: key()
        case .help: help()
        case .newParagraph: newParagraph()
        case .paragraph: paragraph()
        case .insert: insert()
        }
    }

    private mutating func polygon(_ points: [(CGFloat, CGFloat)]) {
        guard let first = points.first else { return }
        content.move(p(first.0, first.1))
        for point in points.dropFirst() { content.line(p(point.0, point.1)) }
        content.closePath()
    }

    private mutating func lines(_ segments: [((CGFloat, CGFloat), (CGFloat, CGFloat))]) {
        for (from, to) in segments {
            content.move(p(from.0, from.1))
            content.line(p(to.0, to.1))
        }
        content.stroke()
    }

    private mutating func circle(_ cx: CGFloat, _ cy: CGFloat, _ r: CGFloat) {
        AppearanceBuilder.ellipse(in: CGRect(origin: p(cx - r, cy - r), size: CGSize(width: 2 * r * box.width / 20, height: 2 * r * box.height / 20)), &content)
    }

    /// A sheet with its top-right corner folded and three lines of text.
    private mutating func sheet() {
        polygon([(1, 1), (19, 1), (19, 14), (14, 19), (1, 19)])
        content.fillAndStroke()
        lines([((14, 19), (14, 14)), ((14, 14), (19, 14)), ((4, 13), (11, 13)), ((4, 9), (16, 9)), ((4, 5), (16, 5))])
    }

    /// A speech bubble with a tail at the lower left, and two lines of text.
    private mutating func bubble() {
        let r: CGFloat = 3
        content.move(p(1 + r, 6))
        content.line(p(5, 6)); content.line(p(3, 1.5)); content.line(p(9, 6))
        content.line(p(19 - r, 6)); content.curve(p(19, 6), p(19, 6), p(19, 6 + r))
        content.line(p(19, 19 - r)); content.curve(p(19, 19), p(19, 19), p(19 - r, 19))
        content.line(p(1 + r, 19)); content.curve(p(1, 19), p(1, 19), p(1, 19 - r))
        content.line(p(1, 6 + r)); content.curve(p(1, 6), p(1, 6), p(1 + r, 6))
        content.closePath()
        content.fillAndStroke()
        lines([((5, 14.5), (15, 14.5)), ((5, 10.5), (13, 10.5))])
    }

    /// A key: a round bow with a hole, a shaft and two teeth.
    private mutating func key() {
        circle(6, 13, 5)
        content.fillAndStroke()
        content.fillColor(Self.ink)
        circle(5, 14, 1.4)
        content.fill()
        content.lineWidth(2)
        lines([((10, 10), (18, 2)), ((15, 5), (17, 7)), ((13, 7), (14.5, 8.5))])
    }

    /// A question mark in a circle.
    private mutating func help() {
        circle(10, 10, 9)
        content.fillAndStroke()
        content.lineWidth(2.2)
        content.move(p(6.6, 12.6))
        content.curve(p(6.6, 17.2), p(13.4, 17.2), p(13.4, 12.8))
        content.curve(p(13.4, 10.4), p(10, 10.6), p(10, 7.6))
        content.stroke()
        content.fillColor(Self.ink)
        circle(10, 4.2, 1.4)
        content.fill()
    }

    /// A triangle pointing up over two lines: a new paragraph starts here.
    private mutating func newParagraph() {
        polygon([(10, 19), (18.5, 6.5), (1.5, 6.5)])
        content.fillAndStroke()
        content.lineWidth(1.4)
        lines([((2, 3.5), (18, 3.5)), ((2, 1), (12, 1))])
    }

    /// A pilcrow (¶) on a rounded square.
    private mutating func paragraph() {
        AppearanceBuilder.roundedRectangle(CGRect(origin: p(1, 1), size: CGSize(width: 18 * box.width / 20, height: 18 * box.height / 20)),
                                           radius: 3 * box.width / 20, &content)
        content.fillAndStroke()
        content.fillColor(Self.ink)
        // The bowl: a half disc left of the stems.
        content.move(p(10, 16.5))
        content.curve(p(4, 16.5), p(4, 9.5), p(10, 9.5))
        content.closePath()
        content.fill()
        content.lineWidth(1.5)
        content.lineCap(0)
        lines([((10, 16.5), (10, 3.5)), ((13.2, 16.5), (13.2, 3.5)), ((9.5, 16.5), (14.5, 16.5))])
    }

    /// A caret (^) under a line: text goes in here.
    private mutating func insert() {
        polygon([(10, 18), (19, 2), (14, 2), (10, 10), (6, 2), (1, 2)])
        content.fillAndStroke()
    }
}
