import Foundation
import Marginalia
import MarginaliaEditor

/// The editor engine's benchmark (issue 5), run by Benchmarks/run_editor.py in a release
/// build. In one process it times, as medians of repeated runs:
///
/// - `parse`: opening the 2,000-page benchmark file and reading page 1,500 (the yardstick
///   the other two are divided by, so the ratios hold on a faster or slower machine);
/// - `finish`: finishing a 2,000-point pen stroke with pressure — smoothing, simplification,
///   clipping and adding the annotation, which builds its appearance stream;
/// - `eraserSample`: one sample of a 100-sample stroke-eraser sweep over a page holding
///   10,000 ink strokes (hit test by geometry, then the removal).
///
/// Prints one JSON object. Usage: `MarginaliaEditorBench OPEN-2000.pdf [--runs N]`.
@main
struct EditorBench {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let path = arguments.first else {
            FileHandle.standardError.write(Data("usage: MarginaliaEditorBench OPEN-2000.pdf [--runs N]\n".utf8))
            exit(2)
        }
        var runs = 15
        if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.endIndex, let n = Int(arguments[index + 1]) {
            runs = max(5, n)
        }
        let parse = try median(runs) { try parseOnce(URL(fileURLWithPath: path)) }
        let finish = try median(runs * 4) { try finishStrokeOnce() }
        let (eraserSample, erased) = try eraserSweep(runs: max(3, runs / 3))
        let result: [String: Any] = [
            "runs": runs,
            "parseMilliseconds": parse * 1000,
            "finishMilliseconds": finish * 1000,
            "eraserSampleMilliseconds": eraserSample * 1000,
            "strokesErasedPerSweep": erased,
        ]
        let data = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }

    static func median(_ runs: Int, _ body: () throws -> Void) throws -> Double {
        var times: [Double] = []
        try body()  // warm-up
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.sorted()[times.count / 2]
    }

    static func parseOnce(_ url: URL) throws {
        let document = try PDFDocument(url: url)
        let page = try document.page(at: 1499)
        _ = page.bounds(for: .cropBox)
        _ = try document.annotations(onPage: 1499).count
        guard try document.pageCount == 2000 else { throw BenchError.unexpected("not the 2,000-page file") }
    }

    static func blankDocument() throws -> PDFDocument {
        try PDFDocument(data: try PDFRenderer().data { try $0.beginPage() })
    }

    nonisolated(unsafe) static var strokeDocument: PDFDocument?

    static func finishStrokeOnce() throws {
        if strokeDocument == nil { strokeDocument = try blankDocument() }
        guard let document = strokeDocument else { return }
        var builder = StrokeBuilder(width: 2)
        builder.append((0..<2000).map { index in
            let t = Double(index) / 1999
            return StrokeSample(point: CGPoint(x: 100 + 400 * t, y: 300 + 60 * sin(t * 3 * .pi) + 20 * cos(t * 7)),
                                pressure: 0.2 + 0.6 * sin(t * .pi), time: t)
        })
        guard let ink = StrokeFinishing.ink(from: builder, pageIndex: 0, preset: .pen, zoom: 1,
                                            pageBounds: CGRect(x: 0, y: 0, width: 612, height: 792)) else {
            throw BenchError.unexpected("no ink")
        }
        try document.addAnnotation(ink, toPage: 0)
        try document.removeAnnotations(ids: [ink.id])
    }

    /// A page of 10,000 short strokes on a grid, then sweeps across its middle.
    static func eraserSweep(runs: Int) throws -> (Double, Int) {
        var times: [Double] = []
        var erased = 0
        for _ in 0..<runs {
            let document = try blankDocument()
            var strokes: [PDFAnnotation] = []
            for row in 0..<100 {
                for column in 0..<100 {
                    let x = 20 + CGFloat(column) * 5.7, y = 40 + CGFloat(row) * 7.2
                    var ink = PDFAnnotation(kind: .ink(.init(paths: [[CGPoint(x: x, y: y), CGPoint(x: x + 3, y: y + 4),
                                                                      CGPoint(x: x + 5, y: y + 1)]])),
                                            rect: .zero, color: .black, pageIndex: 0)
                    ink.border.width = 1
                    strokes.append(ink)
                }
            }
            for stroke in strokes { try document.addAnnotation(stroke, toPage: 0) }
            _ = try document.annotations(touching: BezierPath(polyline: [.zero, .zero], closed: false), width: 1, onPage: 0)
            let eraser = Eraser(mode: .stroke, size: 6)
            let samples = (0..<100).map { CGPoint(x: 30 + CGFloat($0) * 5.5, y: 400 + 30 * sin(CGFloat($0) / 8)) }
            var removed = 0
            let start = DispatchTime.now().uptimeNanoseconds
            for (a, b) in zip([samples[0]] + samples, samples) {
                if let step = try eraser.erase(from: a, to: b, onPage: 0, in: document) {
                    if case .group(_, let operations) = try step.apply(to: document) { removed += operations.count }
                }
            }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(samples.count))
            erased = removed
        }
        return (times.sorted()[times.count / 2], erased)
    }

    enum BenchError: Error { case unexpected(String) }
}
