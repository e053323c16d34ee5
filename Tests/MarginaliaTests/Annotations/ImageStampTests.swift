import Foundation
import PDFCore
import Testing
@testable import Marginalia

@Suite("Image stamps: frame, crop, turn")
struct ImageStampTests {
    static func image(crop: CGRect? = nil, rotation: Int = 0) throws -> PDFAnnotation {
        let png = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/images/rgb.png"))
        return PDFAnnotation(kind: .stamp(.init(name: "Image", imageData: png, crop: crop, rotation: rotation)),
                             rect: CGRect(x: 100, y: 100, width: 160, height: 120), color: nil)
    }

    /// One letter page without /Rotate (TestDocuments' pages are turned).
    static func blankPage() throws -> PDFDocument {
        try PDFDocument(data: try PDFRenderer().data { try $0.beginPage() })
    }

    static func close(_ a: CGRect?, _ b: CGRect) -> Bool {
        guard let a else { return false }
        return [a.minX - b.minX, a.minY - b.minY, a.width - b.width, a.height - b.height].allSatisfy { abs($0) < 1e-9 }
    }

    static func content(_ a: PDFAnnotation, _ document: PDFDocument) throws -> String {
        let stream = try document.file.resolve(a.dictionary["AP"]?.dictionaryValue?["N"] ?? .null)
        return String(decoding: try document.file.decodedData(of: stream), as: UTF8.self)
    }

    @Test func aNewImageHasNoFrameUntilOneIsGiven() throws {
        let document = try Self.blankPage()
        let plain = try document.addAnnotation(try Self.image(), toPage: 0)
        #expect(plain.border.width == 0)
        #expect(plain.dictionary["BS"]?.dictionaryValue?["W"]?.numberValue == 0)
        #expect(!(try Self.content(plain, document)).contains("\nS\n"))
        var framed = try Self.image()
        framed.border.width = 4
        framed.color = Color(red: 1, green: 0, blue: 0)
        let stored = try document.addAnnotation(framed, toPage: 0)
        #expect(stored.dictionary["BS"]?.dictionaryValue?["W"]?.numberValue == 4)
        #expect(stored.dictionary["C"]?.arrayValue?.compactMap(\.numberValue) == [1, 0, 0])
        let text = try Self.content(stored, document)
        // The frame inside the box: 4 wide, centred 2 points in.
        #expect(text.contains("4 w") && text.contains("1 0 0 RG") && text.contains("2 2 156 116 re\nS"))
        let back = try TestDocuments.reopen(document).annotations(onPage: 0)
        #expect(back[0].border.width == 0 && back[1].border.width == 4 && back[1].color?.hex == "#FF0000")
    }

    @Test func stampsFromBeforeFramesReadWithoutOne() throws {
        let document = try Self.blankPage()
        var stored = try document.addAnnotation(try Self.image(), toPage: 0)
        var dictionary = stored.dictionary
        dictionary["BS"] = nil
        document.file.update(try #require(stored.reference), with: .dictionary(dictionary))
        stored = try TestDocuments.reopen(document).annotations(onPage: 0)[0]
        #expect(stored.border.width == 0)
    }

    @Test func cropAndTurnSurviveSaveJSONAndXFDF() throws {
        let crop = CGRect(x: 0.25, y: 0.1, width: 0.5, height: 0.6)
        var original = try Self.image(crop: crop, rotation: 270)
        original.pageIndex = 0
        let document = try Self.blankPage()
        try document.addAnnotation(original, toPage: 0)
        let stored = try TestDocuments.reopen(document, options: PDFWriteOptions(mode: .compact)).annotations(onPage: 0)[0]
        guard case .stamp(let read) = stored.kind else { Issue.record("not a stamp"); return }
        #expect(Self.close(read.crop, crop) && read.rotation == 270)
        #expect(stored.dictionary["MarginaliaData"]?.dictionaryValue?["Rotation"]?.integerValue == 270)
        guard case .stamp(let fromJSON) = try AnnotationJSON.decode(try AnnotationJSON.encode([original]))[0].kind else {
            Issue.record("not a stamp from JSON"); return
        }
        #expect(Self.close(fromJSON.crop, crop) && fromJSON.rotation == 270)
        let xml = XFDFDocument.export([original], sourceFileName: nil)
        #expect(xml.contains(#"crop="0.25,0.1,0.75,0.7""#) && xml.contains(#"image-rotation="270""#))
        guard case .stamp(let fromXFDF) = try XFDFDocument.importAnnotations(from: Data(xml.utf8))[0].kind else {
            Issue.record("not a stamp from XFDF"); return
        }
        #expect(Self.close(fromXFDF.crop, crop) && fromXFDF.rotation == 270)
    }

    @Test func theAppearanceClipsTheImageToTheBox() throws {
        let document = try Self.blankPage()
        let stored = try document.addAnnotation(try Self.image(crop: CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5)), toPage: 0)
        let text = try Self.content(stored, document)
        // Clip to the box, then the image twice as large, moved left and down by a box each.
        #expect(text.contains("0 0 160 120 re\nW n\n320 0 0 240 -160 -120 cm\n/Im0 Do"), "\(text)")
    }

    /// The crop's corners land on the box's corners whatever the turn.
    @Test(arguments: [0, 90, 180, 270])
    func imageTransformFillsTheBoxWithTheCrop(rotation: Int) {
        let crop = CGRect(x: 0.2, y: 0.3, width: 0.4, height: 0.5)
        let stamp = PDFAnnotation.Stamp(name: "Image", imageData: Data([1]), crop: crop, rotation: rotation)
        let box = CGRect(x: 10, y: 20, width: 100, height: 50)
        let t = stamp.imageTransform(filling: box)
        // The crop in the unit square (y up): x 0.2...0.6, y 0.2...0.7.
        let mapped = t.transform(CGRect(x: 0.2, y: 0.2, width: 0.4, height: 0.5))
        #expect(abs(mapped.minX - box.minX) < 1e-9 && abs(mapped.maxX - box.maxX) < 1e-9)
        #expect(abs(mapped.minY - box.minY) < 1e-9 && abs(mapped.maxY - box.maxY) < 1e-9)
        // The image's top-left corner turns clockwise with the image.
        let topLeft = t.transform(CGPoint(x: 0.2, y: 0.7))
        let expected = [0: CGPoint(x: 10, y: 70), 90: CGPoint(x: 110, y: 70), 180: CGPoint(x: 110, y: 20), 270: CGPoint(x: 10, y: 20)][rotation]!
        #expect(abs(topLeft.x - expected.x) < 1e-9 && abs(topLeft.y - expected.y) < 1e-9, "\(topLeft)")
        #expect(stamp.shownSize(ofImage: CGSize(width: 100, height: 200)) == (rotation % 180 == 0
            ? CGSize(width: 40, height: 100) : CGSize(width: 100, height: 40)))
    }

    @Test(arguments: [
        (#""crop":[0.5,0.5,0.5,0.9]"#, "annotations[0].crop"),
        (#""crop":[0,0,1.5,1]"#, "annotations[0].crop"),
        (#""rotation":45"#, "annotations[0].rotation"),
    ])
    func badCropsAndTurnsAreRefusedWithTheirPath(field: String, path: String) {
        let json = #"{"annotations":[{"type":"stamp","pageIndex":0,"rect":[0,0,10,10],"image":"AQID","# + field + "}]}"
        let error = #expect(throws: AnnotationJSONError.self) { try AnnotationJSON.decode(Data(json.utf8)) }
        #expect(error?.path == path)
    }

    @Test func namedStampsCannotBeCropped() {
        let json = #"{"annotations":[{"type":"stamp","pageIndex":0,"rect":[0,0,10,10],"crop":[0,0,0.5,0.5]}]}"#
        let error = #expect(throws: AnnotationJSONError.self) { try AnnotationJSON.decode(Data(json.utf8)) }
        #expect(error?.path == "annotations[0].crop")
    }
}
