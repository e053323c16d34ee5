import Foundation
import Testing
@testable import MarginaliaCore

/// What the engine decides an annotation's input by, computed from its shared properties
/// (Annotation+Behaviour.swift).
@Suite("Annotation behaviour")
struct AnnotationBehaviourTests {
    static let box = CGRect(x: 0, y: 0, width: 10, height: 10)

    @Test func theLineWidthIsTheBorders() {
        var square = Annotation(id: "s", pageIndex: 0, kind: .square, rect: Self.box, border: AnnotationBorder(width: 3))
        #expect(square.lineWidth == 3)
        square.border.width = 0.5
        #expect(square.lineWidth == 0.5)
    }

    @Test(arguments: [AnnotationKind.square, .circle, .polygon(vertices: [.zero, CGPoint(x: 9, y: 0), CGPoint(x: 0, y: 9)])])
    func aShapeWithAnInteriorColourIsFilled(kind: AnnotationKind) {
        var shape = Annotation(id: "s", pageIndex: 0, kind: kind, rect: Self.box)
        #expect(!shape.filled)
        shape.interiorColor = .yellow
        #expect(shape.filled)
    }

    @Test(arguments: [AnnotationKind.ink(.init(paths: [[.zero, CGPoint(x: 9, y: 9)]])), .note(.init()),
                      .textMarkup(.highlight, quads: []),
                      .line(.init(start: .zero, end: CGPoint(x: 10, y: 10), endEnding: .closedArrow)),
                      .polyLine(.init(vertices: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)]))])
    func anInteriorColourOnAKindWithoutAnInsideFillsNothing(kind: AnnotationKind) {
        let other = Annotation(id: "o", pageIndex: 0, kind: kind, rect: Self.box, interiorColor: .yellow)
        #expect(!other.filled, "\(kind.jsonType) has no inside (a line's /IC fills its endings)")
    }

    @Test func aFilledShapeIsHitInsideAnOpenOneOnlyOnItsBorder() {
        var square = Annotation(id: "s", pageIndex: 0, kind: .square, rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(!AnnotationShape(square).contains(CGPoint(x: 50, y: 50), tolerance: 2))
        square.interiorColor = .yellow
        #expect(AnnotationShape(square).contains(CGPoint(x: 50, y: 50), tolerance: 2))
    }

    @Test func theEnginesPageIsThePageIndex() {
        var a = Annotation(id: "a", pageIndex: 3, kind: .square, rect: Self.box)
        #expect(a.page == 3)
        a.pageIndex = nil
        #expect(a.page == 0)
    }
}
