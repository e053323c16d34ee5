import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaCore
@testable import MarginaliaEditor

@Suite("Editor interactions (strokes and sweeps a client records whole)")
struct EditorInteractionTests {
    static func decode(_ json: String) throws -> EditorCommand {
        try EditorCommand(json: JSONField(JSONParser.parse(Array(json.utf8)), path: "command"))
    }

    static func stroke(page: Int = 0, _ points: [[Double]], ink: InkPreset = .pen, recognizeShape: Bool = false) -> EditorCommand {
        .stroke(.init(pageIndex: page, samples: points.map { p in
            StrokeSample(point: CGPoint(x: p[0], y: p[1]), pressure: p.count > 2 ? p[2] : 1, time: p.count > 3 ? p[3] : 0)
        }, ink: ink, recognizeShape: recognizeShape))
    }

    static func erase(_ mode: Eraser.Mode, size: Double, _ points: [[Double]]) -> EditorCommand {
        .erase(.init(pageIndex: 0, mode: mode, size: size, points: points.map { CGPoint(x: $0[0], y: $0[1]) }))
    }

    /// Applies `command` through a session, so its steps can be undone.
    static func perform(_ command: EditorCommand, in session: EditorSession) throws -> [EditorOperation] {
        let applied = try command.apply(to: session.document)
        for step in applied { session.record(applied: step) }
        return applied
    }

    /// A square drawn as one closed stroke, 100 pt wide, starting at (200, 200).
    static var squareStroke: [[Double]] {
        var points: [[Double]] = []
        let corners: [(Double, Double)] = [(200, 200), (300, 200), (300, 300), (200, 300), (200, 200)]
        for side in 0..<4 {
            let (x0, y0) = corners[side], (x1, y1) = corners[side + 1]
            for step in 0..<20 {
                let t = Double(step) / 20
                points.append([x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, 0.5, Double(side * 20 + step) / 120])
            }
        }
        points.append([200, 200.5, 0.5, 0.7])
        return points
    }

    @Test func strokeJSONBecomesOneTightInkAnnotation() throws {
        let document = try OperationTests.document()
        let action = try Self.decode("""
            {"type": "stroke", "pageIndex": 0, "points": [[100, 100, 0.5], [150, 140, 0.6], [200, 100, 0.7]],
                        "ink": {"color": "#FF0000", "width": 4, "opacity": 1, "usesPressure": false}, "zoom": 2}
            """)
        let applied = try action.apply(to: document)
        #expect(applied.count == 1)
        let annotations = try document.annotations(onPage: 0)
        #expect(annotations.count == 1)
        let ink = try #require(annotations.first)
        guard case .ink(let strokes) = ink.kind else { Issue.record("not ink"); return }
        #expect(strokes.paths.count == 1)
        #expect(ink.color == Color(red: 1, green: 0, blue: 0))
        // Tight: the stroke's bounds grown by half the width, not the page.
        #expect(ink.rect.minX >= 97 && ink.rect.maxX <= 203 && ink.rect.maxY <= 143)
    }

    /// Issue 26, item 7: the operation a stroke command reports (and logs) carried the rect of
    /// no drawing at all ([0, 0, 0, 0]), so a client boxed the stroke just drawn from the
    /// page's corner until it read the file again.
    @Test func aStrokeCommandReportsTheRectItsDrawingCovers() throws {
        let document = try OperationTests.document()
        let command = EditorCommand.stroke(EditorCommand.Stroke(
            pageIndex: 0, samples: [[100, 100], [150, 140], [200, 100]].enumerated().map { index, p in
                StrokeSample(point: CGPoint(x: p[0], y: p[1]), pressure: 0.5, time: Double(index) / 100)
            }, ink: .pen, zoom: 1, recognizeShape: false))
        let applied = try command.apply(to: document)
        guard case .addAnnotation(let ink, _)? = applied.first else {
            Issue.record("the stroke reported \(applied)")
            return
        }
        let stored = try #require(try document.annotations(onPage: 0).first)
        #expect(ink.rect == stored.rect)
        #expect(ink.rect.minX > 90 && ink.rect.maxX < 210 && ink.rect.minY > 90 && ink.rect.maxY < 150, "\(ink.rect)")
    }

    @Test func anEraseCommandRoundTripsThroughJSON() throws {
        let command = Self.erase(.segment, size: 12, [[1, 2], [3, 4]])
        #expect(try Self.decode(String(decoding: JSONWriter.bytes(command.json), as: UTF8.self)) == command)
    }

    @Test func recognisedShapeIsASecondStepAndOneUndoBringsTheInkBack() throws {
        let document = try OperationTests.document()
        let session = EditorSession(document: document)
        let applied = try Self.perform(Self.stroke(Self.squareStroke, recognizeShape: true), in: session)
        #expect(applied.count == 2)
        #expect(try document.annotations(onPage: 0).map { AnnotationJSON.typeName(of: $0) } == ["square"])
        try session.undo()
        #expect(try document.annotations(onPage: 0).map { AnnotationJSON.typeName(of: $0) } == ["ink"])
        try session.undo()
        #expect(try document.annotations(onPage: 0).isEmpty)
    }

    @Test func withoutRecognitionTheSquareStaysInk() throws {
        let document = try OperationTests.document()
        _ = try Self.stroke(Self.squareStroke).apply(to: document)
        #expect(try document.annotations(onPage: 0).map { AnnotationJSON.typeName(of: $0) } == ["ink"])
    }

    @Test func strokeEraserSweepRemovesEachTouchedStrokeOnceAsOneStep() throws {
        let document = try EraserTests.document()
        let session = EditorSession(document: document)
        // Crosses the line twice (down and back up) and then the V's left arm.
        let sweep = Self.erase(.stroke, size: 6, [[100, 150], [100, 50], [120, 150], [325, 250]])
        let applied = try Self.perform(sweep, in: session)
        #expect(applied.count == 1)
        #expect(try document.annotations(onPage: 0).isEmpty)
        try session.undo()
        #expect(Set(try document.annotations(onPage: 0).map(\.id)) == ["line", "v"])
    }

    @Test func segmentEraserSweepCutsAndPiecesCanBeCutAgain() throws {
        let document = try EraserTests.document()
        let sweep = Self.erase(.segment, size: 4, [[100, 150], [100, 50], [200, 50], [200, 150]])
        let applied = try sweep.apply(to: document)
        #expect(applied.count == 1)
        let pieces = try document.annotations(onPage: 0).filter { $0.id != "v" }
        let paths = pieces.flatMap { annotation -> [[CGPoint]] in
            if case .ink(let ink) = annotation.kind { return ink.paths }
            return []
        }
        #expect(paths.count == 3)  // 50...98, 102...198, 202...250
        #expect(pieces.allSatisfy { $0.author == "Ada" && $0.color == .red })
    }

    /// The sweep's pieces are expanded with the comment threads of what they remove before
    /// they are applied, so a reply goes with its stroke and one undo brings both back in order.
    @Test func aSweepRemovingAStrokeRemovesItsThreadInTheSameStep() throws {
        let document = try EraserTests.document()
        let session = EditorSession(document: document)
        _ = try EditorCommand.reply(.init(to: "line", text: "Keep this?", author: "Grace", id: "r1")).apply(to: document)
        _ = try EditorCommand.reply(.init(to: "r1", text: "No.", author: "Ada", id: "r2")).apply(to: document)
        let applied = try Self.perform(Self.erase(.stroke, size: 6, [[100, 150], [100, 50]]), in: session)
        #expect(applied.count == 1)
        #expect(try document.annotations(onPage: 0).map(\.id) == ["v"])
        try session.undo()
        let back = try document.annotations(onPage: 0)
        #expect(Set(back.map(\.id)) == ["line", "v", "r1", "r2"])
        #expect(back.first { $0.id == "r2" }?.inReplyTo == "r1")
        #expect(back.first { $0.id == "r1" }?.inReplyTo == "line")
    }

    /// Found by FuzzOperation: a sweep removing the page's first annotation, taken back, put
    /// it last. Each erased annotation is raised to the top before it goes, as a deletion is,
    /// so the undo puts it back in its place in the drawing order.
    @Test func aSweepTakenBackLeavesTheDrawingOrderAsItWas() throws {
        let document = try PDFDocument(data: SampleDocument.make())
        let order = { try document.annotations(onPage: 2).map(\.id) }
        let before = try order()
        let sweep = EditorCommand.erase(.init(pageIndex: 2, mode: .stroke, size: 8, points: [CGPoint(x: 100, y: 720)]))
        let applied = try sweep.apply(to: document)
        let during = try order()
        #expect(!applied.isEmpty && during != before)
        for step in applied.reversed() { _ = try step.inverse.apply(to: document) }
        let after = try order()
        #expect(after == before)
    }

    @Test func aSweepTakenBackPutsTheAnnotationBackWithItsModificationDate() throws {
        let document = try PDFDocument(data: SampleDocument.make())
        let sweep = EditorCommand.erase(.init(pageIndex: 2, mode: .stroke, size: 8, points: [CGPoint(x: 100, y: 720)]))
        // The erased annotation as the sweep took it, last modified in 2020 (not now).
        let modified = Date(timeIntervalSince1970: 1_600_000_000)
        func dated(_ step: EditorOperation) -> EditorOperation {
            switch step {
            case .removeAnnotation(var annotation, _):
                annotation.modificationDate = modified
                return .removeAnnotation(annotation)
            case .group(let name, let steps): return .group(name: name, steps.map(dated))
            default: return step
            }
        }
        let applied = try sweep.apply(to: document).map(dated)
        let erased = try #require(applied.flatMap { step -> [String] in
            guard case .group(_, let steps) = step else { return [] }
            return steps.compactMap { if case .removeAnnotation(let a, _) = $0 { return a.id } else { return nil } }
        }.first)
        for step in applied.reversed() { _ = try step.inverse.apply(to: document) }
        let restored = try #require(try document.annotations(onPage: 2).first { $0.id == erased })
        #expect(restored.modificationDate.map { PDFDate.format($0) } == PDFDate.format(modified))
    }

    @Test func eraserTouchingNothingDoesNothing() throws {
        let document = try EraserTests.document()
        let applied = try Self.erase(.stroke, size: 6, [[500, 600]]).apply(to: document)
        #expect(applied.isEmpty)
        #expect(try document.annotations(onPage: 0).count == 2)
    }

    @Test func badStrokesAndSweepsMadeInCodeAreTypedErrorsAndChangeNothing() throws {
        let document = try EraserTests.document()
        #expect(throws: CommandError.pageOutOfRange(9, pageCount: 3)) { try Self.stroke(page: 9, [[1, 2]]).apply(to: document) }
        #expect(throws: CommandError.self) { try Self.stroke([[1, .nan]]).apply(to: document) }
        #expect(throws: CommandError.self) { try Self.stroke([[1, 2, .infinity]]).apply(to: document) }
        #expect(throws: CommandError.self) { try Self.stroke([[1, 2_000_000]]).apply(to: document) }
        #expect(throws: CommandError.self) { try Self.stroke([]).apply(to: document) }
        #expect(throws: CommandError.self) { try Self.erase(.stroke, size: 0, [[100, 100]]).apply(to: document) }
        #expect(throws: CommandError.self) { try Self.erase(.stroke, size: .nan, [[100, 100]]).apply(to: document) }
        #expect(throws: CommandError.self) { try Self.erase(.stroke, size: 6, []).apply(to: document) }
        #expect(throws: (any Error).self) { try Self.decode(#"{"type": "stroke", "pageIndex": 0, "points": []}"#) }
        #expect(throws: (any Error).self) { try Self.decode(#"{"type": "jump"}"#) }
        #expect(try document.annotations(onPage: 0).count == 2)
    }

    @Test func strokeWhollyOffItsPageMakesNothing() throws {
        let document = try OperationTests.document()
        let applied = try Self.stroke([[-50, -50], [-10, -20]]).apply(to: document)
        #expect(applied.isEmpty)
    }
}
