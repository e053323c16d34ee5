import Foundation
import PDFCore
import Testing
@testable import Marginalia

@Suite("Ink brushes")
struct BrushTests {
    static let wave: [CGPoint] = (0..<30).map { CGPoint(x: 100 + Double($0) * 6, y: 400 + 30 * sin(Double($0) / 4)) }

    static func ink(_ brush: InkBrush, width: Double = 6, pressures: [[Double]]? = nil) -> PDFAnnotation {
        var a = PDFAnnotation(kind: .ink(.init(paths: [wave, [CGPoint(x: 120, y: 300)]], pressures: pressures, brush: brush)),
                              rect: .zero, color: Color(red: 0.2, green: 0.3, blue: 0.8))
        a.border.width = width
        return a
    }

    static func appearanceText(_ a: PDFAnnotation, in document: PDFDocument) throws -> String {
        let stream = try document.file.resolve(a.dictionary["AP"]?.dictionaryValue?["N"] ?? .null)
        return String(decoding: try document.file.decodedData(of: stream), as: UTF8.self)
    }

    @Test(arguments: InkBrush.allCases)
    func brushSurvivesSaveWithTheCentrelineInInkList(brush: InkBrush) throws {
        let document = try TestDocuments.pages(1)
        try document.addAnnotation(Self.ink(brush), toPage: 0)
        let saved = try TestDocuments.reopen(document)
        let (read, problems) = try saved.readAnnotations(onPage: 0)
        #expect(problems.isEmpty)
        guard case .ink(let ink) = try #require(read.first).kind else { Issue.record("not ink"); return }
        #expect(ink.brush == brush)
        #expect(ink.paths[0].count == Self.wave.count, "the centreline, not the texture, is the ink")
        let data = read[0].dictionary["MarginaliaData"]?.dictionaryValue
        #expect(data?["Brush"]?.nameValue == (brush == .pen ? nil : brush.rawValue))
        // The drawing stays inside /Rect.
        for point in ink.paths.joined() { #expect(read[0].rect.contains(point)) }
    }

    @Test func texturedBrushesAreLayersWithAlphaGrainAndBlend() throws {
        let document = try TestDocuments.pages(1)
        let pencil = try document.addAnnotation(Self.ink(.pencil), toPage: 0)
        let marker = try document.addAnnotation(Self.ink(.marker), toPage: 0)
        let crayon = try document.addAnnotation(Self.ink(.crayon, width: 12), toPage: 0)
        let pencilText = try Self.appearanceText(pencil, in: document)
        #expect(pencilText.components(separatedBy: " gs").count - 1 >= 4, "one alpha per layer")
        #expect(pencilText.contains("] 0 d"), "a dashed grain")
        #expect(try Self.appearanceText(marker, in: document).contains("/GS0 gs"))
        let states = try document.file.resolve(document.file.resolve(marker.dictionary["AP"]!.dictionaryValue!["N"]!)
            .dictionaryValue!["Resources"]!).dictionaryValue!["ExtGState"]!.dictionaryValue!
        // The marker is laid over the page, not multiplied with it: a red marker on a dark
        // photo stays red (issue 26, item 12). Its body is most of its colour.
        #expect(states.allSatisfy { $0.value.dictionaryValue?["BM"] == nil })
        #expect(states.contains { ($0.value.dictionaryValue?["CA"]?.numberValue ?? 0) >= 0.5 }, "\(states)")
        let watercolor = try document.addAnnotation(Self.ink(.watercolor, width: 12), toPage: 0)
        let washes = try document.file.resolve(document.file.resolve(watercolor.dictionary["AP"]!.dictionaryValue!["N"]!)
            .dictionaryValue!["Resources"]!).dictionaryValue!["ExtGState"]!.dictionaryValue!
        #expect(washes.allSatisfy { $0.value.dictionaryValue?["BM"]?.nameValue == "Multiply" }, "watercolour washes multiply")
        // More streaks for a wider crayon: one layer each, each painted once.
        let crayonStrokes = try Self.appearanceText(crayon, in: document).components(separatedBy: "\nS\n").count - 1
        #expect(crayonStrokes >= 10)
    }

    @Test func theSameInkDrawsTheSameBytes() throws {
        for brush in InkBrush.allCases {
            let a = BrushDrawing.make(brush, paths: [Self.wave], pressures: nil, width: 5)
            let b = BrushDrawing.make(brush, paths: [Self.wave], pressures: nil, width: 5)
            #expect(a == b, "\(brush)")
        }
    }

    @Test func pressureMakesTheBodyAVariableOutlineAndWidensTheRect() throws {
        let pressures = [Self.wave.indices.map { Double($0) / Double(Self.wave.count) }, [1.0]]
        let drawing = BrushDrawing.make(.pencil, paths: [Self.wave, [CGPoint(x: 120, y: 300)]], pressures: pressures, width: 4)
        #expect(drawing.marks.first?.paint == .fill)
        #expect(drawing.reach >= 3, "the body may be 1.5 times as wide as the nominal width")
        let fountain = BrushDrawing.make(.fountainPen, paths: [Self.wave], pressures: nil, width: 8)
        #expect(fountain.marks.count == 1 && fountain.marks[0].paint == .fill)
    }

    @Test func jsonAndXFDFCarryTheBrush() throws {
        var a = Self.ink(.crayon)
        a.pageIndex = 0
        let json = String(decoding: try AnnotationJSON.encode([a]), as: UTF8.self)
        #expect(json.contains(#""brush" : "crayon""#))
        guard case .ink(let fromJSON) = try AnnotationJSON.decode(Data(json.utf8))[0].kind else { Issue.record("not ink"); return }
        #expect(fromJSON.brush == .crayon)
        let xml = XFDFDocument.export([a], sourceFileName: nil)
        #expect(xml.contains(#"brush="crayon""#))
        guard case .ink(let fromXFDF) = try XFDFDocument.importAnnotations(from: Data(xml.utf8))[0].kind else { Issue.record("not ink"); return }
        #expect(fromXFDF.brush == .crayon)
        // A plain pen writes no brush at all, so files stay as they were.
        var pen = Self.ink(.pen)
        pen.pageIndex = 0
        #expect(!String(decoding: try AnnotationJSON.encode([pen]), as: UTF8.self).contains("brush"))
        #expect(!XFDFDocument.export([pen], sourceFileName: nil).contains("brush"))
    }

    @Test func unknownBrushesAreErrorsInJSONAndWarningsInXFDFAndFiles() throws {
        let json = #"{"annotations":[{"type":"ink","pageIndex":0,"paths":[[[1,2],[3,4]]],"brush":"spray"}]}"#
        #expect(throws: AnnotationJSONError(path: "annotations[0].brush",
                                            message: "unknown brush \"spray\" (known: \(InkBrush.knownNames))")) {
            try AnnotationJSON.decode(Data(json.utf8))
        }
        let xml = #"<xfdf xmlns="http://ns.adobe.com/xfdf/"><annots><ink page="0" brush="spray"><inklist><gesture>1,2;3,4</gesture></inklist></ink></annots></xfdf>"#
        let report = try XFDFDocument.importReport(from: Data(xml.utf8))
        #expect(report.warnings.contains { $0.contains("unknown brush 'spray'") })
        let document = try TestDocuments.pages(1)
        var stored = try document.addAnnotation(Self.ink(.pencil), toPage: 0)
        var dictionary = stored.dictionary
        dictionary["MarginaliaData"] = .dictionary(PDFDictionary(["Brush": .name("spray")]))
        document.file.update(try #require(stored.reference), with: .dictionary(dictionary))
        stored = try TestDocuments.reopen(document).annotations(onPage: 0)[0]
        let (_, problems) = try TestDocuments.reopen(document).readAnnotations(onPage: 0)
        #expect(problems.contains { $0.contains("unknown brush /spray") })
        guard case .ink(let ink) = stored.kind else { Issue.record("not ink"); return }
        #expect(ink.brush == .pen)
    }
}
