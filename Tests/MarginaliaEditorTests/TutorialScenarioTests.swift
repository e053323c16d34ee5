import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

/// The PDFKit ink tutorial's scenario, driven by scripted pointer events through the
/// engine: pen strokes on page 1, a stroke that crosses onto page 2 (it stays on page 1,
/// clipped), eraser taps between strokes that erase nothing, a tap on a stroke that erases
/// it, save and reopen — and the saved file read back by PyMuPDF.
@Suite("Tutorial scenario")
struct TutorialScenarioTests {
    struct Engine {
        var session: EditorSession
        var viewport: Viewport
        var router = InputRouter(mode: .default)
        var draw = DrawTool(preset: .pen)
        var eraser = Eraser(mode: .stroke, size: 8)
        var erasing = false

        mutating func handle(_ event: PointerEvent) throws {
            for action in router.handle(event) {
                switch action {
                case .began(_, _, let sample):
                    if erasing {
                        guard let (page, point) = viewport.convertToPage(sample.location),
                              let op = try eraser.erase(from: point, to: point, onPage: page, in: session.document) else { continue }
                        try session.perform(op)
                    } else {
                        _ = draw.begin(sample, viewport: viewport)
                    }
                case .moved(_, let samples, let predicted):
                    if !erasing { draw.move(samples, predicted: predicted, viewport: viewport) }
                case .ended:
                    guard !erasing, let page = draw.pageIndex else { continue }
                    let bounds = viewport.pages[page].cropBox
                    if let op = draw.end(viewport: viewport, pageBounds: bounds) { try session.perform(op) }
                case .cancelled:
                    draw.cancel()
                case .pan, .pinch:
                    break
                }
            }
        }

        /// A pen stroke through view points, sent as one began, moves with coalesced samples, and an end.
        mutating func stroke(_ points: [CGPoint]) throws {
            guard let first = points.first, let last = points.last else { return }
            try handle(PointerEvent(pointerID: 1, kind: .pen, phase: .began, sample: PointerSample(location: first, pressure: 0.6)))
            for chunk in stride(from: 1, to: points.count, by: 4) {
                let samples = points[chunk..<min(chunk + 4, points.count)].map { PointerSample(location: $0, pressure: 0.6) }
                try handle(PointerEvent(pointerID: 1, kind: .pen, phase: .moved, sample: samples[samples.count - 1], coalesced: samples))
            }
            try handle(PointerEvent(pointerID: 1, kind: .pen, phase: .ended, sample: PointerSample(location: last)))
        }

        mutating func tap(_ point: CGPoint) throws {
            try handle(PointerEvent(pointerID: 2, kind: .pen, phase: .began, sample: PointerSample(location: point)))
            try handle(PointerEvent(pointerID: 2, kind: .pen, phase: .ended, sample: PointerSample(location: point)))
        }
    }

    @Test func penStrokesCrossingEraseSaveReopen() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tutorial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("tutorial.pdf")
        try OperationTests.document().write(to: url)

        let session = try EditorSession(url: url)
        var viewport = Viewport(pages: try (0..<session.document.pageCount).map { PageGeometry(page: try session.document.page(at: $0)) },
                                viewSize: CGSize(width: 800, height: 1000))
        viewport.zoom = 1
        var engine = Engine(session: session, viewport: viewport)
        let page1 = engine.viewport.frame(ofPage: 0)
        let page2 = engine.viewport.frame(ofPage: 1)

        // Two strokes on page 1 (view space, y down), well apart.
        let a = (0...40).map { CGPoint(x: page1.minX + 100 + CGFloat($0) * 5, y: page1.minY + 200 + 20 * sin(CGFloat($0) / 4)) }
        let b = (0...40).map { CGPoint(x: page1.minX + 100 + CGFloat($0) * 5, y: page1.minY + 400) }
        try engine.stroke(a)
        try engine.stroke(b)
        // A stroke from page 1 down across the gap onto page 2.
        let crossing = (0...60).map { CGPoint(x: page1.minX + 300, y: page1.maxY - 100 + CGFloat($0) * 5) }
        #expect(crossing.last.map { page2.contains($0) } == true, "the stroke really reaches page 2")
        try engine.stroke(crossing)
        #expect(try session.document.annotations(onPage: 0).count == 3)
        #expect(try session.document.annotations(onPage: 1).isEmpty, "a stroke stays on the page it began on")
        let crossed = try #require(try session.document.annotations(onPage: 0).last)
        #expect(crossed.rect.minY >= -2 && crossed.rect.height < 120, "clipped to page 1 (half the pen width may overhang), with a tight rect")

        // Eraser taps between the strokes erase nothing; a tap on stroke b erases it.
        engine.erasing = true
        try engine.tap(CGPoint(x: page1.minX + 200, y: page1.minY + 300))
        try engine.tap(CGPoint(x: page1.minX + 50, y: page1.minY + 50))
        #expect(try session.document.annotations(onPage: 0).count == 3)
        try engine.tap(CGPoint(x: page1.minX + 150, y: page1.minY + 400))
        #expect(try session.document.annotations(onPage: 0).count == 2)

        try session.save()
        let reopened = try PDFDocument(url: url)
        #expect(try reopened.annotations(onPage: 0).count == 2)
        #expect(try reopened.annotations(onPage: 1).isEmpty)

        // PyMuPDF reads the saved file: two ink annotations on page 1, none on page 2.
        let script = "import sys, pymupdf; d = pymupdf.open(sys.argv[1]); print([len([a for a in p.annots() if a.type[1] == 'Ink']) for p in d])"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(output.hasPrefix("[2, 0, 0]"), "PyMuPDF saw \(output)")
    }
}
