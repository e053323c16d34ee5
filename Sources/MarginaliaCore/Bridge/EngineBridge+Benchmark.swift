#if !hasFeature(Embedded)
import Foundation
#endif

// Workloads for the engine benchmark (Benchmarks/run_engine_wasm.py): the same calls timed in
// the browser's WebAssembly build and natively, so the two are compared on identical work.

extension EngineBridge {
    /// `benchFinishStroke {points}`: a synthetic pressure stroke of `points` samples (a
    /// widening spiral, the pressure rising and falling) finished as the server finishes a
    /// stroke: simplified (StrokeBuilder at zoom 1) and outlined as its appearance draws it
    /// (InkOutline). Answers what it made, so nothing is optimised away.
    func benchFinishStroke(points count: Int) -> JSONValue {
        var builder = StrokeBuilder(width: 2)
        var samples: [StrokeSample] = []
        samples.reserveCapacity(count)
        for index in 0..<max(2, count) {
            let t = Double(index) / 40
            samples.append(StrokeSample(point: CGPoint(x: 300 + (20 + t * 4) * cos(t), y: 400 + (20 + t * 4) * sin(t)),
                                        pressure: 0.5 + 0.4 * sin(t * 0.7), time: Double(index) / 240))
        }
        builder.append(samples)
        guard let finished = builder.finish(zoom: 1) else { return .object([]) }
        let outline = InkOutline.path(points: finished.points, pressures: finished.pressures ?? samples.map { $0.pressure }, width: 2)
        return .object([("kept", .integer(finished.points.count)), ("elements", .integer(outline.path.elements.count))])
    }

    /// `benchStrokes {count}`: page 0 of a one-page document filled with `count` short ink
    /// strokes on a grid (what an eraser sweep is measured over).
    func benchStrokes(count: Int) -> JSONValue {
        engine.setPages([PageGeometry(size: CGSize(width: 612, height: 792))])
        var strokes: [Annotation] = []
        strokes.reserveCapacity(count)
        let columns = Int(Double(count).squareRoot().rounded(.up))
        for index in 0..<count {
            let x = 20 + Double(index % columns) * 572 / Double(columns), y = 20 + Double(index / columns) * 752 / Double(columns)
            let path = [CGPoint(x: x, y: y), CGPoint(x: x + 3, y: y + 4), CGPoint(x: x + 6, y: y + 1)]
            strokes.append(Annotation(id: "s\(index)", pageIndex: 0, kind: .ink(AnnotationKind.Ink(paths: [path])),
                                              rect: CGRect(x: x - 1, y: y - 1, width: 8, height: 6), border: AnnotationBorder(width: 2)))
        }
        engine.setAnnotations(strokes)
        return .object([("count", .integer(count))])
    }
}
