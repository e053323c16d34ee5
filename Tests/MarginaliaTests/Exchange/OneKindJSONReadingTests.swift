import Foundation
import Testing
@testable import Marginalia

/// The one kind (``AnnotationKind``) read back: what the engine in the browser reads from the
/// annotation JSON (``Annotation/init(json:)``) is the kind the document model wrote,
/// payload and all (points, line endings, brush, text and font, icon, crop and rotation,
/// overlay text), but for a stamp's picture, which the engine does not hold.
@Suite("One kind: the engine's JSON reading")
struct OneKindJSONReadingTests {
    static func annotations() -> [PDFAnnotation] {
        let image = try? Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/images/rgb.png").standardizedFileURL)
        var text = PDFAnnotation(kind: .freeText(.init(text: "Two\nlines", font: "Times-Bold", fontSize: 17,
                                                       textColor: Color(red: 0, green: 0, blue: 1), alignment: .right,
                                                       richText: "<body><p>Two</p></body>")),
                                 rect: CGRect(x: 300, y: 20, width: 200, height: 60))
        text.contents = "Two\nlines"
        var brushed = PDFAnnotation(kind: .ink(.init(paths: [[CGPoint(x: 10, y: 10), CGPoint(x: 40, y: 30)]], pressures: [[0.25, 0.75]],
                                                     brush: .crayon)), rect: .zero)
        brushed.border.width = 3
        let picture = PDFAnnotation(kind: .stamp(.init(name: "Image", imageData: image, crop: CGRect(x: 0.25, y: 0.125, width: 0.5, height: 0.75),
                                                       rotation: 270)), rect: CGRect(x: 40, y: 220, width: 60, height: 40))
        let named = PDFAnnotation(kind: .stamp(.init(name: "Confidential")), rect: CGRect(x: 420, y: 220, width: 160, height: 50))
        let link = PDFAnnotation(kind: .other(subtype: AnnotationSubtype.link.pdfName), rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        var all = AnnotationSamples.all() + [text, brushed, picture, named, link]
        for index in all.indices {
            all[index].id = "one-kind-\(index)"
            all[index].pageIndex = 0
        }
        return all
    }

    @Test func theEngineReadsTheKindTheModelWrote() throws {
        let annotations = Self.annotations()
        #expect(annotations.contains { if case .stamp(let s) = $0.kind { return s.isImage } else { return false } }, "the picture fixture is read")
        let document = try JSONParser.parse([UInt8](try AnnotationJSON.encode(annotations)))
        guard case .array(let items)? = document["annotations"] else { Issue.record("no annotations"); return }
        #expect(items.count == annotations.count)
        for (annotation, item) in zip(annotations, items) {
            let read = try Annotation(json: JSONField(item, path: annotation.id))
            var expected = annotation.kind
            if case .stamp(var stamp) = expected {
                stamp.imageBytes = nil
                expected = .stamp(stamp)
            }
            #expect(read.kind == expected, "\(annotation.id)")
            #expect(read.typeName == AnnotationJSON.typeName(of: annotation))
            #expect(read.brush == annotation.annotation.brush)
        }
    }

    @Test func aKindFieldOfTheWrongShapeIsRefusedByName() {
        func read(_ json: String) -> String? {
            do {
                _ = try Annotation(json: JSONField(try JSONParser.parse(Array(json.utf8)), path: "annotation"))
                return nil
            } catch {
                return "\(error)"
            }
        }
        let line = #"{"type": "line", "id": "a", "pageIndex": 0, "points": [[0, 0], [10, 10]], "lineEndings": ["circle", "spiral"]}"#
        #expect(read(line)?.contains("annotation.lineEndings") == true)
        let text = #"{"type": "freeText", "id": "b", "pageIndex": 0, "rect": [0, 0, 9, 9], "text": "x", "alignment": "justify"}"#
        #expect(read(text)?.contains("annotation.alignment") == true)
        let note = #"{"type": "note", "id": "c", "pageIndex": 0, "rect": [0, 0, 9, 9], "open": "yes"}"#
        #expect(read(note)?.contains("annotation.open") == true)
    }

    @Test func anUnknownBorderStyleIsRefusedInTheSameWordsByBothReaders() throws {
        let json = #"{"type": "square", "id": "d", "pageIndex": 0, "rect": [0, 0, 9, 9], "borderStyle": "wavy"}"#
        let expected = "expected solid, dashed, beveled, inset or underline"
        #expect(AnnotationBorder.Style.expectedNames == expected)
        #expect(throws: CommandError.malformed("annotation.borderStyle: \(expected)")) {
            _ = try Annotation(json: JSONField(try JSONParser.parse(Array(json.utf8)), path: "annotation"))
        }
        do {
            _ = try AnnotationJSON.decode(Data("{\"annotations\": [\(json)]}".utf8))
            Issue.record("the model's reader took borderStyle wavy")
        } catch {
            #expect("\(error)".contains(expected), "\(error)")
        }
    }
}
