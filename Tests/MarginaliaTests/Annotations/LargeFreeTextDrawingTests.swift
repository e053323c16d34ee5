import Foundation
import PDFCore
import Testing
@testable import Marginalia

/// A file's free text whose font size is above the 1,000 points a new box may have is drawn
/// while edited as its saved appearance draws it: the engine's `textBoxLayout` (reading the
/// annotation JSON the server answers, leniently) and ``AppearanceBuilder`` set the text at one
/// size, ``TextBoxLayout/drawnFontSize(_:)`` (the file's size, at most the ``CoordinateLimit``),
/// and place the same lines at the same baselines.
@Suite("Large free text drawn alike live and saved")
struct LargeFreeTextDrawingTests {
    @Test(arguments: [(5_000.0, 5_000.0), (2_000_000.0, 1_000_000.0)])
    func theLiveLinesAreTheSavedOnes(fileSize: Double, drawnSize: Double) throws {
        var box = PDFAnnotation(kind: .freeText(.init(text: "Big words wrap here", font: "Helvetica", fontSize: fileSize)),
                                rect: CGRect(x: 0, y: 0, width: 6 * drawnSize, height: 4 * drawnSize))
        box.id = "large"
        box.pageIndex = 0
        let appearance = try #require(try AppearanceBuilder(addObject: { _ in PDFReference(1) }).build(for: box))
        let content = String(decoding: try appearance.stream.decodedBytes(), as: UTF8.self)
        let operations = content.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let size = operations.first { $0.last == "Tf" }.flatMap { Double($0[$0.count - 2]) }
        #expect(size == drawnSize, "the saved text's size: \(content.prefix(400))")
        // As the browser has it: the annotation JSON the server answers, laid out by the engine.
        let listed = try JSONParser.parse([UInt8](try AnnotationJSON.encode([box])))
        let json = try #require(listed["annotations"]?.arrayValue?.first)
        #expect(json["fontSize"]?.numberValue == fileSize, "the file's size is kept: \(json)")
        let answer = try JSONParser.parse(EngineBridge().call(JSONWriter.bytes(.object([("call", .string("textBoxLayout")), ("annotation", json)]))))
        let lines = try #require(answer["lines"]?.arrayValue, "laid out: \(answer)")
        #expect(answer["fontSize"]?.numberValue == drawnSize, "\(answer)")
        #expect(lines.count >= 2, "\(answer)")
        let placed = operations.filter { $0.last == "Tm" }.compactMap { line in Double(line[4]).flatMap { x in Double(line[5]).map { (x, $0) } } }
        let engine = lines.compactMap { line in line["x"]?.numberValue.flatMap { x in line["baseline"]?.numberValue.map { (x, $0) } } }
        #expect(placed.count == engine.count, "\(placed) against \(engine)")
        for (saved, live) in zip(placed, engine) {
            #expect(abs(saved.0 - live.0) < 1e-6 * drawnSize && abs(saved.1 - live.1) < 1e-6 * drawnSize, "\(saved) against \(live)")
        }
    }
}
