import Foundation
import Testing
@testable import MarginaliaCore

/// Issue 28, "Drawn once": text markup, shapes and line endings are drawn by one description
/// (``AnnotationDrawing``) that the appearance writer paints and the bridge answers the browser
/// with (`annotationDrawing`).
@Suite("Annotation drawing: one description for the appearance and the browser")
struct AnnotationDrawingTests {
    /// Upper-left, upper-right, lower-left, lower-right of a level quad.
    static func quad(_ x0: CGFloat, _ y0: CGFloat, _ x1: CGFloat, _ y1: CGFloat) -> [CGPoint] {
        [CGPoint(x: x0, y: y1), CGPoint(x: x1, y: y1), CGPoint(x: x0, y: y0), CGPoint(x: x1, y: y0)]
    }

    static func points(_ path: BezierPath) -> [CGPoint] {
        path.elements.compactMap { $0.endPoint }
    }

    @Test func aStrikeOutRunsAt045OfTheQuadsHeightAFourteenthOfItWide() {
        let drawing = AnnotationDrawing.textMarkup(.strikeOut, quads: [Self.quad(100, 200, 300, 228)], hasColor: true)
        #expect(drawing.marks.count == 1)
        let mark = drawing.marks[0]
        #expect(Self.points(mark.path) == [CGPoint(x: 100, y: 200 + 28 * 0.45), CGPoint(x: 300, y: 200 + 28 * 0.45)])
        #expect(mark.stroke && mark.fill == nil && mark.lineWidth == 2 && mark.lineCap == 0)
        #expect(drawing.blendMode == nil)
        #expect(drawing.bounds == CGRect(x: 99, y: 199, width: 202, height: 30))
    }

    @Test func anUnderlineRunsNearTheBottomAndASquigglyZigzagsThere() {
        let underline = AnnotationDrawing.textMarkup(.underline, quads: [Self.quad(0, 0, 100, 14)], hasColor: true)
        #expect(Self.points(underline.marks[0].path).map(\.y) == [14 * 0.08, 14 * 0.08])
        #expect(underline.marks[0].lineWidth == 1)
        let squiggly = AnnotationDrawing.textMarkup(.squiggly, quads: [Self.quad(0, 0, 120, 18)], hasColor: true)
        let ys = Self.points(squiggly.marks[0].path).map(\.y)
        // A step every sixth of the height, up a sixth of the height and down again.
        #expect(ys.count == 41)
        #expect(abs(ys[0] - 0.9) < 1e-9 && abs(ys[1] - 3.9) < 1e-9 && abs(ys[2] - 0.9) < 1e-9, "\(ys.prefix(3))")
        #expect(squiggly.marks[0].lineWidth == 1)
    }

    @Test func aHighlightFillsEachQuadInItsColourMultiplied() {
        let quads = [Self.quad(10, 10, 50, 20), Self.quad(10, 22, 30, 32)]
        let drawing = AnnotationDrawing.textMarkup(.highlight, quads: quads, hasColor: true, opacity: 0.4)
        #expect(drawing.blendMode == "Multiply" && drawing.opacity == 0.4)
        #expect(drawing.marks.map(\.fill) == [.color, .color] && drawing.marks.allSatisfy { !$0.stroke })
        // Bottom-left, bottom-right, top-right, top-left, closed.
        #expect(Self.points(drawing.marks[0].path) == [quads[0][2], quads[0][3], quads[0][1], quads[0][0]])
        #expect(drawing.marks[0].path.elements.last == .close)
    }

    @Test func markupWithoutAColourOrOfAnotherKindDrawsNothing() {
        #expect(AnnotationDrawing.textMarkup(.underline, quads: [Self.quad(0, 0, 10, 10)], hasColor: false).marks.isEmpty)
        #expect(AnnotationDrawing.textMarkup(.ink, quads: [Self.quad(0, 0, 10, 10)], hasColor: true).marks.isEmpty)
    }

    @Test func anArrowHeadIs0866OfItsSizeDeepWithSidesAt30Degrees() {
        // Width 2: endings 8 points across.
        let style = AnnotationDrawing.Style(hasColor: true, lineWidth: 2)
        let drawing = AnnotationDrawing.path(through: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)], closed: false,
                                             endings: (.none, .openArrow), style: style)
        #expect(drawing.marks.count == 2)
        let head = Self.points(drawing.marks[1].path)
        #expect(head.count == 3 && head[1] == CGPoint(x: 100, y: 0))
        #expect(abs(head[0].x - (100 - 8 * 0.866)) < 1e-9 && abs(head[0].y - 4) < 1e-9)
        #expect(abs(head[2].x - (100 - 8 * 0.866)) < 1e-9 && abs(head[2].y + 4) < 1e-9)
        #expect(drawing.marks.allSatisfy { $0.lineJoin == 1 && $0.stroke && $0.fill == nil })
        // Half the width, an ending's size and a point of margin round the vertices.
        #expect(drawing.bounds == CGRect(x: -10, y: -10, width: 120, height: 20))
    }

    @Test func reversedArrowsPointBackAndClosedEndingsTakeTheInterior() {
        let style = AnnotationDrawing.Style(hasColor: true, hasInterior: true, lineWidth: 1)
        let line = [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 100)]
        let drawing = AnnotationDrawing.path(through: line, closed: false, endings: (.reversedClosedArrow, .butt), style: style)
        #expect(drawing.marks.count == 3)
        let start = Self.points(drawing.marks[1].path)
        // At the start (tip (0, 0), arriving from (0, 100)) a reversed arrow's base lies beyond the tip.
        #expect(start[1] == CGPoint(x: 0, y: 0) && start[0].y < 0 && drawing.marks[1].fill == .interior)
        #expect(drawing.marks[2].fill == nil)
        // The line itself is open: never filled.
        #expect(drawing.marks[0].fill == nil)
    }

    @Test func everyEndingButNoneDrawsAndOnlyTheClosedOnesClose() {
        for ending in LineEnding.allCases {
            let path = ending.path(tip: CGPoint(x: 50, y: 50), from: CGPoint(x: 0, y: 0), size: 10)
            #expect(path.isEmpty == (ending == .none), "\(ending)")
            #expect((path.elements.last == .close) == ending.isClosed, "\(ending)")
            // Each one fits in a circle of its size round the tip (what the bounds add).
            #expect(Self.points(path).allSatisfy { hypot($0.x - 50, $0.y - 50) <= 10 + 1e-9 }, "\(ending)")
        }
        #expect(LineEnding.openArrow.path(tip: .zero, from: .zero, size: 10).isEmpty)
    }

    @Test func aBoxIsInsetByHalfItsBorderAndFilledWithItsInterior() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
        let square = AnnotationDrawing.box(rect, ellipse: false, style: .init(hasColor: true, hasInterior: true, lineWidth: 4))
        #expect(square.bounds == rect && square.marks.count == 1)
        #expect(square.marks[0].path == BezierPath(rect: CGRect(x: 12, y: 22, width: 96, height: 46)))
        #expect(square.marks[0].fill == .interior && square.marks[0].stroke && square.marks[0].lineJoin == 0)
        let circle = AnnotationDrawing.box(rect, ellipse: true, style: .init(hasColor: true, lineWidth: 0, dash: [3, 1]))
        // No width: nothing stroked, nothing inset, nothing filled: nothing drawn.
        #expect(circle.marks.isEmpty)
        let dashed = AnnotationDrawing.box(rect, ellipse: true, style: .init(hasColor: true, lineWidth: 2, dash: [3, -1]))
        #expect(dashed.marks[0].path == BezierPath(ovalIn: CGRect(x: 11, y: 21, width: 98, height: 48)))
        #expect(dashed.marks[0].dash == [3, 0] && dashed.marks[0].fill == nil)
    }

    @Test func withoutAColourNoEndingIsStroked() {
        // An arrow with no /C drew black before: now nothing but a closed ending's interior.
        let drawing = AnnotationDrawing.path(through: [.zero, CGPoint(x: 50, y: 0)], closed: false, endings: (.openArrow, .circle),
                                             style: .init(hasColor: false, hasInterior: true, lineWidth: 1))
        #expect(drawing.marks.count == 1 && drawing.marks[0].fill == .interior && !drawing.marks[0].stroke)
    }

    // MARK: - The bridge

    static func drawing(_ annotation: String) throws -> JSONValue {
        try BridgeRubberBandTests.call(EngineBridge(), #"{"call": "annotationDrawing", "annotation": \#(annotation)}"#)
    }

    @Test func theBridgeAnswersTheMarksInTheAnnotationsColours() throws {
        let answer = try Self.drawing(##"{"type": "line", "points": [[0, 0], [100, 0]], "color": "#FF0000", "fill": "#00FF00", "width": 2, "lineEndings": ["closedArrow", "none"], "borderStyle": "dashed", "dash": [4, 2], "opacity": 0.5}"##)
        let marks = try #require(answer["marks"]?.arrayValue)
        #expect(marks.count == 2, "\(answer)")
        #expect(marks[0]["d"]?.stringValue == "M 0 0L 100 0")
        #expect(marks[0]["fill"] == .null && marks[0]["stroke"]?.stringValue == "#FF0000")
        #expect(marks[1]["fill"]?.stringValue == "#00FF00" && marks[1]["join"]?.stringValue == "round")
        #expect(marks[1]["cap"]?.stringValue == "butt" && marks[1]["width"]?.numberValue == 2)
        #expect(marks[1]["dash"] == .array([.number(4), .number(2)]) && marks[1]["miterLimit"]?.numberValue == 10)
        #expect(answer["opacity"]?.numberValue == 0.5 && answer["blendMode"] == nil)
        #expect(answer["bounds"] == .array([-10, -10, 110, 10].map { .number($0) }))
        let highlight = try Self.drawing(##"{"type": "highlight", "quads": [[0, 10, 10, 10, 0, 0, 10, 0]], "color": "#FFFF00"}"##)
        #expect(highlight["blendMode"]?.stringValue == "multiply")
        #expect(highlight["marks"]?.arrayValue?.first?["fill"]?.stringValue == "#FFFF00")
    }

    @Test func theBridgeRefusesWhatItCannotDraw() throws {
        #expect(try Self.drawing(##"{"type": "ink", "paths": []}"##)["error"]?.stringValue?.contains("does not draw \"ink\"") == true)
        let ending = try Self.drawing(##"{"type": "line", "points": [[0, 0], [1, 1]], "lineEndings": ["arrow", "none"]}"##)
        #expect(ending["error"]?.stringValue?.contains(#"annotation.lineEndings[0]: unknown line ending "arrow" (known: none, square"#) == true,
                "\(ending)")
        let width = try Self.drawing(##"{"type": "square", "rect": [0, 0, 1, 1], "width": -1}"##)
        #expect(width["error"]?.stringValue?.contains("annotation.width") == true, "\(width)")
        let quads = try Self.drawing(##"{"type": "underline", "quads": [[1, 2, 3]]}"##)
        #expect(quads["error"]?.stringValue?.hasPrefix("annotation.quads[0]: a quad is eight") == true, "\(quads)")
        // A kind drawn over its rect needs one; the lenient reading would leave it null.
        for json in [#"{"type": "circle"}"#, #"{"type": "redact", "quads": []}"#] {
            #expect(try Self.drawing(json)["error"]?.stringValue == "annotation.rect: missing", "\(json)")
        }
        let opacity = try Self.drawing(##"{"type": "square", "rect": [0, 0, 1, 1], "opacity": 1.5}"##)
        #expect(opacity["error"]?.stringValue == "annotation.opacity: expected a number from 0 to 1", "\(opacity)")
        let dash = try Self.drawing(##"{"type": "square", "rect": [0, 0, 1, 1], "borderStyle": "dashed", "dash": []}"##)
        #expect(dash["error"]?.stringValue?.hasPrefix("annotation.dash: expected 1 to 64 lengths") == true, "\(dash)")
        let style = try Self.drawing(##"{"type": "square", "rect": [0, 0, 1, 1], "borderStyle": "wavy"}"##)
        #expect(style["error"]?.stringValue?.hasPrefix("annotation.borderStyle: expected solid") == true, "\(style)")
    }

    @Test func theBridgeDrawsTheValueTheLenientReadingReads() throws {
        // A draft: no id, no page. A width above the checked reading's 1000, as a file may hold.
        let json = ##"{"type": "polygon", "points": [[0, 0], [40, 0], [20, 30]], "color": "#0000FF", "fill": "#FF0000", "width": 1500}"##
        let answer = try Self.drawing(json)
        let annotation = try Annotation.lenient(JSONField(JSONParser.parse(json), path: "annotation"), placed: false)
        let drawing = try #require(AnnotationDrawing(annotation))
        #expect(answer["marks"]?.arrayValue?.count == drawing.marks.count && drawing.marks.count == 1, "\(answer)")
        #expect(answer["marks"]?.arrayValue?.first?["width"]?.numberValue == 1500)
        #expect(answer["marks"]?.arrayValue?.first?["fill"]?.stringValue == "#FF0000")
        #expect(answer["bounds"] == .rect(drawing.bounds))
        // The vertices' box widened by half the width and a point: (0, 0)-(40, 30) by 751.
        #expect(answer["bounds"] == .rect(CGRect(x: -751, y: -751, width: 1542, height: 1532)), "\(answer)")
        // The engine's keeping reading still wants a place.
        #expect(throws: CommandError.self) { try Annotation(json: JSONField(JSONParser.parse(json), path: "annotation")) }
    }

    @Test func kindsWithDrawingsOfTheirOwnAreNotDrawnHere() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 10)
        for kind: AnnotationKind in [.ink(.init(paths: [[.zero]])), .note(.init(icon: "Note", isOpen: false)),
                                     .stamp(.init(name: "Draft", imageBytes: nil)), .other(subtype: "Link")] {
            #expect(AnnotationDrawing(Annotation(id: "a", pageIndex: 0, kind: kind, rect: rect, color: .black)) == nil, "\(kind)")
        }
        #expect(AnnotationDrawing(Annotation(id: "a", pageIndex: 0, kind: .square, rect: rect, color: .black)) != nil)
    }
}
