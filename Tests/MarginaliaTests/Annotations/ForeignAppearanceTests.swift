import Foundation
import Testing
@testable import Marginalia

/// An appearance another application drew is kept when its annotation is moved or resized
/// (issue 26, item 1): moving a Foxit stamp turned it into a red box with garbled letters.
@Suite("Appearances other applications drew")
struct ForeignAppearanceTests {
    /// The normal appearance of annotation `id`: its decoded content, /BBox, /Matrix and
    /// whether it carries Marginalia's mark.
    static func appearance(_ document: PDFDocument, page: Int, id: String) throws -> (content: [UInt8], bbox: PDFObject?,
                                                                                      matrix: PDFObject?, marked: Bool) {
        let annotation = try #require(try document.annotations(onPage: page).first { $0.id == id })
        let ap = try #require(try document.file.dictionary(annotation.dictionary["AP"]))
        guard case .stream(let stream) = try document.file.resolve(ap["N"] ?? .null) else {
            throw PDFError.invalidArgument("annotation \(id) has no appearance stream")
        }
        let mark = try document.file.dictionary(stream.dictionary[AnnotationReader.privateKey])
        return (try stream.decodedBytes(), stream.dictionary["BBox"], stream.dictionary["Matrix"], mark?["Drawn"]?.boolValue == true)
    }

    static func reopened(_ document: PDFDocument) throws -> PDFDocument {
        try PDFDocument(data: try document.dataRepresentation())
    }

    @Test func aFoxitStampMovedAndResizedKeepsItsArtwork() throws {
        let url = CorpusAnnotationTests.corpus.appendingPathComponent("pdfjs-annotation-stamp.pdf")
        let document = try PDFDocument(url: url)
        let stamp = try #require(try document.annotations(onPage: 0).first { $0.subtype == "Stamp" })
        let before = try Self.appearance(document, page: 0, id: stamp.id)
        #expect(!before.marked)

        let moved = stamp.placed(by: .translation(x: 40, y: -200), in: stamp.rect.offsetBy(dx: 40, dy: -200))
        try document.updateAnnotation(moved)
        let resizedRect = CGRect(x: moved.rect.minX, y: moved.rect.minY, width: moved.rect.width * 2, height: moved.rect.height * 1.5)
        let current = try #require(try document.annotations(onPage: 0).first { $0.id == stamp.id })
        try document.updateAnnotation(current.placed(by: .identity, in: resizedRect))

        let saved = try Self.reopened(document)
        let after = try Self.appearance(saved, page: 0, id: stamp.id)
        #expect(after.content == before.content)
        #expect(after.bbox == before.bbox)
        #expect(after.matrix == before.matrix)
        #expect(!after.marked)
        let read = try #require(try saved.annotations(onPage: 0).first { $0.id == stamp.id })
        #expect(abs(read.rect.minX - resizedRect.minX) < 0.01 && abs(read.rect.maxY - resizedRect.maxY) < 0.01)
        #expect(read.dictionary["Name"]?.nameValue == "Foxit_Stamp")
        // The JSON tells clients to show it from the file.
        #expect(read.hasForeignAppearance && stamp.hasForeignAppearance)
        let json = try #require(try JSONSerialization.jsonObject(with: try AnnotationJSON.encode([read])) as? [String: Any])
        #expect((json["annotations"] as? [[String: Any]])?.first?["foreignAppearance"] as? Bool == true)
    }

    /// A page with one ink annotation another tool drew in its own way (a thick red zigzag
    /// with round joins), without Marginalia's mark.
    static func foreignInk(color: String = "1 0 0") throws -> PDFDocument {
        let content = "\(color) RG 6 w 1 j 100 100 m 150 160 l 200 100 l S"
        var objects: [Int: String] = [:]
        objects[1] = "<</Type/Catalog/Pages 2 0 R>>"
        objects[2] = "<</Type/Pages/Kids[3 0 R]/Count 1/MediaBox[0 0 612 792]>>"
        objects[3] = "<</Type/Page/Parent 2 0 R/Annots[4 0 R]>>"
        objects[4] = "<</Type/Annot/Subtype/Ink/NM(other-ink)/Rect[97 97 203 163]/C[\(color)]/BS<</W 6>>"
            + "/InkList[[100 100 150 160 200 100]]/AP<</N 5 0 R>>/P 3 0 R>>"
        objects[5] = "<</Type/XObject/Subtype/Form/BBox[97 97 203 163]/Resources<<>>/Length \(content.utf8.count)>>\nstream\n\(content)\nendstream"
        return try TestDocuments.assemble(objects)
    }

    @Test func anotherToolsInkMovedKeepsItsDrawingAndItsPointsFollow() throws {
        let document = try Self.foreignInk()
        let ink = try #require(try document.annotations(onPage: 0).first)
        let before = try Self.appearance(document, page: 0, id: ink.id)
        try document.updateAnnotation(ink.placed(by: .translation(x: 30, y: 20), in: ink.rect.offsetBy(dx: 30, dy: 20)))
        let saved = try Self.reopened(document)
        let after = try Self.appearance(saved, page: 0, id: ink.id)
        #expect(after.content == before.content)
        #expect(!after.marked)
        guard case .ink(let moved) = try #require(try saved.annotations(onPage: 0).first).kind else {
            Issue.record("the ink was not read back as ink")
            return
        }
        #expect(moved.paths == [[CGPoint(x: 130, y: 120), CGPoint(x: 180, y: 180), CGPoint(x: 230, y: 120)]])
    }

    @Test func anotherToolsInkRestyledOrReshapedIsDrawnAgain() throws {
        let document = try Self.foreignInk()
        var ink = try #require(try document.annotations(onPage: 0).first)
        let before = try Self.appearance(document, page: 0, id: ink.id)
        ink.color = Color(red: 0, green: 0, blue: 1)
        try document.updateAnnotation(ink)
        let restyled = try Self.appearance(try Self.reopened(document), page: 0, id: ink.id)
        #expect(restyled.content != before.content)
        #expect(restyled.marked)

        // Moving one point is not a placement: drawn again too.
        let other = try Self.foreignInk()
        var reshaped = try #require(try other.annotations(onPage: 0).first)
        reshaped.kind = .ink(.init(paths: [[CGPoint(x: 100, y: 100), CGPoint(x: 150, y: 180), CGPoint(x: 200, y: 100)]]))
        try other.updateAnnotation(reshaped)
        #expect(try Self.appearance(try Self.reopened(other), page: 0, id: reshaped.id).marked)
    }

    /// Another tool's ink in a colour 8 bits cannot hold (`/C [1 0.85 0.2]`) restyled, then
    /// given its colour back as the annotation JSON carries it (`#FFD933`, an undo): its own drawing
    /// comes back, and the stream Marginalia drew meanwhile is freed.
    @Test func anotherToolsInkGivenItsColourBackThroughTheJSONGetsItsDrawingBack() throws {
        let document = try Self.foreignInk(color: "1 0.85 0.2")
        let ink = try #require(try document.annotations(onPage: 0).first)
        let before = try Self.appearance(document, page: 0, id: ink.id)
        var blue = ink
        blue.color = .blue
        let restyled = try document.updateAnnotation(blue)
        let ours = try #require(restyled.dictionary["AP"]?.dictionaryValue?["N"]?.referenceValue)
        #expect(try Self.appearance(document, page: 0, id: ink.id).marked)

        let sent = try #require(try AnnotationJSON.decode(try AnnotationJSON.encode([ink])).first)
        #expect(sent.color != ink.color)  // 217/255, not 0.85
        // As an undo sends it: the rect too, which followed Marginalia's drawing meanwhile.
        var back = try #require(try document.annotations(onPage: 0).first)
        back.color = sent.color
        back.rect = sent.rect
        let restored = try document.updateAnnotation(back)
        #expect(restored.hasForeignAppearance)
        let after = try Self.appearance(try Self.reopened(document), page: 0, id: ink.id)
        #expect(!after.marked && after.content == before.content)
        #expect(try document.file.resolve(.reference(ours)) == .null)
    }

    @Test func whatMarginaliaDrewIsMarkedAndDrawnAgainWhenMoved() throws {
        let document = try Self.foreignInk()
        let added = try document.addAnnotation(.ink([BezierPath(polyline: [CGPoint(x: 300, y: 300), CGPoint(x: 350, y: 320)], closed: false)],
                                                    color: .red, width: 2), toPage: 0)
        let before = try Self.appearance(document, page: 0, id: added.id)
        #expect(before.marked)
        try document.updateAnnotation(added.placed(by: .translation(x: 10, y: 0), in: added.rect.offsetBy(dx: 10, dy: 0)))
        let after = try Self.appearance(try Self.reopened(document), page: 0, id: added.id)
        #expect(after.marked)
        #expect(after.content != before.content)
        let read = try #require(try Self.reopened(document).annotations(onPage: 0).first { $0.id == added.id })
        #expect(!read.hasForeignAppearance)
    }
}

/// An image stamp's image is stored once (issue 26, item 2): each move, resize, turn, crop or
/// frame used to store another copy (a 56 KB JPEG edited 45 times made a 2.65 MB file).
@Suite("Images stored once")
struct StoredImageTests {
    static func imageObjects(in data: Data) -> Int {
        data.ranges(of: Data("/Subtype/Image".utf8)).count + data.ranges(of: Data("/Subtype /Image".utf8)).count
    }

    @Test(arguments: ["rgba.png", "rgb.jpg"])
    func editsOfAnImageStampReferToTheImageAlreadyStored(name: String) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/images/\(name)")
        var document = try ImageStampTests.blankPage()
        let stamp = PDFAnnotation(kind: .stamp(.init(name: "Image", imageData: try Data(contentsOf: url))),
                                  rect: CGRect(x: 100, y: 100, width: 160, height: 120), color: nil)
        let id = try document.addAnnotation(stamp, toPage: 0).id
        var data = try document.dataRepresentation()
        let first = Self.imageObjects(in: data)
        #expect(first >= 1)
        for step in 0..<12 {
            document = try PDFDocument(data: data)
            var current = try #require(try document.annotations(onPage: 0).first { $0.id == id })
            guard case .stamp(var image) = current.kind else { Issue.record("not a stamp"); return }
            switch step % 4 {
            case 0: current = current.placed(by: .translation(x: 5, y: 5), in: current.rect.offsetBy(dx: 5, dy: 5))
            case 1: image.rotation = (image.rotation + 90) % 360
            case 2: image.crop = CGRect(x: 0.1, y: 0.1, width: 0.7, height: 0.8)
            default: current.border.width += 1; current.color = .red
            }
            if step % 4 == 1 || step % 4 == 2 { current.kind = .stamp(image) }
            try document.updateAnnotation(current)
            data = try document.dataRepresentation()
        }
        #expect(Self.imageObjects(in: data) == first)
    }
}
