import Foundation
import Testing
@testable import Marginalia

@Suite("Annotations: create, save, read back")
struct AnnotationRoundTripTests {
    static let modes = [PDFWriteOptions(mode: .incremental), PDFWriteOptions(mode: .compact, useObjectStreams: true)]

    @Test(arguments: modes)
    func everyKindSurvivesSaveAndReopen(options: PDFWriteOptions) throws {
        let document = try TestDocuments.pages(2)
        let originals = AnnotationSamples.all()
        for annotation in originals { try document.addAnnotation(annotation, toPage: 1) }
        let saved = try TestDocuments.reopen(document, options: options)
        let (read, problems) = try saved.readAnnotations(onPage: 1)
        #expect(problems.isEmpty)
        #expect(read.count == originals.count)
        for (original, back) in zip(originals, read) {
            #expect(back.id == original.id)
            #expect(back.kind == original.kind, "\(original.subtype)")
            #expect(back.color?.hex == original.color?.hex)
            #expect(back.interiorColor?.hex == original.interiorColor?.hex)
            #expect(abs(back.opacity - original.opacity) < 1e-6)
            #expect(back.author == "Ada")
            #expect(back.subject == original.subject)
            #expect(back.creationDate == original.creationDate)
            #expect(back.flags == original.flags)
            #expect(back.pageIndex == 1)
            if original.kind.drawsBorder {
                #expect(back.border == original.border)
            }
            // The rect covers the drawing: every point lies inside it.
            for point in Self.points(of: back) {
                #expect(back.rect.insetBy(dx: -0.01, dy: -0.01).contains(point), "\(back.subtype) point \(point) outside \(back.rect)")
            }
            let appearance = try saved.file.resolve(back.dictionary["AP"]?.dictionaryValue?["N"] ?? .null)
            #expect(appearance.streamValue != nil, "\(back.subtype) has a normal appearance stream")
        }
    }

    static func points(of a: PDFAnnotation) -> [CGPoint] {
        switch a.kind {
        case .ink(let ink): return ink.paths.flatMap { $0 }
        case .line(let l): return [l.start, l.end]
        case .polygon(let v): return v
        case .polyLine(let p): return p.vertices
        case .textMarkup(_, let quads): return quads.flatMap(\.points)
        case .redact(let redact): return redact.quads.flatMap(\.points)
        default: return []
        }
    }

    @Test func updatingOneAnnotationRewritesOnlyItsObjects() throws {
        let document = try TestDocuments.pages(1)
        for annotation in AnnotationSamples.all() { try document.addAnnotation(annotation, toPage: 0) }
        let base = try document.dataRepresentation()
        let reopened = try PDFDocument(data: base)
        var square = try #require(try reopened.annotations(onPage: 0).first { $0.subtype == "Square" })
        square.color = Color(red: 0, green: 1, blue: 0)
        try reopened.updateAnnotation(square)
        let updated = try reopened.dataRepresentation()
        #expect(updated.prefix(base.count) == base)
        let appended = String(decoding: updated[base.count...], as: UTF8.self)
        let objects = appended.components(separatedBy: " 0 obj").count - 1
        #expect(objects == 2, "the annotation and its new appearance, nothing else (got \(objects))")
        let again = try PDFDocument(data: updated)
        let changed = try #require(try again.annotations(onPage: 0).first { $0.id == square.id })
        #expect(changed.color?.hex == "#00FF00")
        #expect(try again.annotations(onPage: 0).count == AnnotationSamples.all().count)
    }

    @Test func unknownKeysSurviveAnEdit() throws {
        let document = try TestDocuments.pages(1)
        var square = PDFAnnotation(kind: .square, rect: CGRect(x: 10, y: 10, width: 50, height: 50))
        square = try document.addAnnotation(square, toPage: 0)
        // Another tool's private key on the stored dictionary.
        var dictionary = square.dictionary
        dictionary["XYZ_Private"] = .string(Array("keep me".utf8))
        document.file.update(try #require(square.reference), with: .dictionary(dictionary))
        var read = try #require(try document.annotations(onPage: 0).first)
        read.contents = "edited"
        try document.updateAnnotation(read)
        let back = try #require(try TestDocuments.reopen(document).annotations(onPage: 0).first)
        #expect(back.dictionary["XYZ_Private"] == .string(Array("keep me".utf8)))
        #expect(back.contents == "edited")
    }

    @Test func removeByIdTakesThePopupToo() throws {
        let document = try TestDocuments.pages(1)
        let note = try document.addAnnotation(PDFAnnotation(kind: .note(.init()), rect: CGRect(x: 0, y: 0, width: 20, height: 20)), toPage: 0)
        let popup = document.file.add(.dictionary(PDFDictionary(["Type": .name("Annot"), "Subtype": .name("Popup"),
                                                                  "Rect": [0, 0, 100, 100], "Parent": .reference(try #require(note.reference))])))
        var dictionary = note.dictionary
        dictionary["Popup"] = .reference(popup)
        document.file.update(try #require(note.reference), with: .dictionary(dictionary))
        let page = try document.page(at: 0)
        try document.setAnnotationEntries(try document.annotationEntries(of: page) + [.reference(popup)], of: page)
        #expect(try document.annotations(onPage: 0).count == 2)
        #expect(try document.removeAnnotations(ids: [note.id]) == 1)
        #expect(try TestDocuments.reopen(document).annotations(onPage: 0).isEmpty)
    }

    @Test func invalidGeometryIsRefusedAndChangesNothing() throws {
        let document = try TestDocuments.pages(1)
        let bad: [PDFAnnotation] = [
            PDFAnnotation(kind: .ink(.init(paths: [])), rect: .zero),
            PDFAnnotation(kind: .ink(.init(paths: [[CGPoint(x: CGFloat.nan, y: 1)]])), rect: .zero),
            PDFAnnotation(kind: .polygon(vertices: [CGPoint(x: 1, y: 1)]), rect: .zero),
            PDFAnnotation(kind: .square, rect: CGRect(x: CGFloat.infinity, y: 0, width: 1, height: 1)),
            PDFAnnotation(kind: .textMarkup(.highlight, quads: []), rect: .zero),
        ]
        for annotation in bad {
            #expect(throws: PDFError.self) { try document.addAnnotation(annotation, toPage: 0) }
        }
        #expect(!document.hasChanges)
    }
}

@Suite("Ink from bezier paths, and rotated pages")
struct InkPathAndRotationTests {
    @Test func addingPathsMakesStrokes() throws {
        var path = BezierPath()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addCurve(to: CGPoint(x: 100, y: 10), control1: CGPoint(x: 40, y: 80), control2: CGPoint(x: 70, y: 80))
        path.move(to: CGPoint(x: 10, y: 50))
        path.addLine(to: CGPoint(x: 100, y: 50))
        var ink = PDFAnnotation.ink([path], color: .red, width: 2)
        guard case .ink(let data) = ink.kind else { Issue.record("not ink"); return }
        #expect(data.paths.count == 2)
        #expect(data.paths[0].first == CGPoint(x: 10, y: 10) && data.paths[0].last == CGPoint(x: 100, y: 10))
        #expect(data.paths[0].count > 5, "the curve is flattened into many points")
        let top = data.paths[0].map(\.y).max() ?? 0
        #expect(abs(top - 62.5) < 0.5, "the curve's peak (62.5 for these controls) is kept")
        let removed = ink.remove(path)
        #expect(removed)
        #expect(ink.inkPaths.isEmpty)
        let document = try TestDocuments.pages(1)
        #expect(throws: PDFError.self) { try document.addAnnotation(ink, toPage: 0) }
        ink.add(path)
        let stored = try document.addAnnotation(ink, toPage: 0)
        #expect(stored.rect.contains(CGPoint(x: 55, y: 62)))
    }

    @Test(arguments: [0, 90, 180, 270])
    func textOnRotatedPagesIsTurnedForTheReader(rotation: Int) throws {
        let document = try TestDocuments.pages(1)  // its pages inherit /Rotate 90
        try document.rotatePage(at: 0, by: rotation - 90)
        #expect(try document.page(at: 0).rotation == rotation)
        let text = PDFAnnotation(kind: .freeText(.init(text: "Upright")), rect: CGRect(x: 100, y: 100, width: 50, height: 200))
        let stored = try document.addAnnotation(text, toPage: 0)
        #expect(stored.rect == CGRect(x: 100, y: 100, width: 50, height: 200))
        let form = try #require(try document.file.resolve(stored.dictionary["AP"]?.dictionaryValue?["N"] ?? .null).streamValue)
        let expected: [Double] = [[1, 0, 0, 1], [0, 1, -1, 0], [-1, 0, 0, -1], [0, -1, 1, 0]][rotation / 90]
        let matrix = form.dictionary["Matrix"]?.arrayValue?.compactMap(\.numberValue).prefix(4).map { $0 } ?? [1, 0, 0, 1]
        #expect(matrix == expected)
        let bbox = form.dictionary["BBox"]?.arrayValue?.compactMap(\.numberValue) ?? []
        // The box is the size the reader sees: 200 wide and 50 high when turned a quarter.
        #expect(bbox == (rotation % 180 == 0 ? [0, 0, 50, 200] : [0, 0, 200, 50]))
    }
}

@Suite("Annotations stored directly in /Annots")
struct DirectAnnotationTests {
    @Test func directDictionariesCanBeEditedAndRemoved() throws {
        let document = try TestDocuments.pages(1)
        let page = try document.page(at: 0)
        let square: PDFObject = .dictionary(PDFDictionary(["Type": .name("Annot"), "Subtype": .name("Square"), "Rect": [0, 0, 10, 10]]))
        let circle: PDFObject = .dictionary(PDFDictionary(["Type": .name("Annot"), "Subtype": .name("Circle"), "Rect": [20, 20, 30, 30]]))
        try document.setAnnotationEntries([.null, square, circle], of: page)
        let read = try document.annotations(onPage: 0)
        #expect(read.map(\.subtype) == ["Square", "Circle"])
        #expect(try document.removeAnnotations(ids: [read[0].id]) == 1)
        var remaining = try #require(try document.annotations(onPage: 0).first)
        #expect(remaining.subtype == "Circle")
        remaining.contents = "now an object of its own"
        try document.updateAnnotation(remaining)
        let back = try TestDocuments.reopen(document).annotations(onPage: 0)
        #expect(back.map(\.contents) == ["now an object of its own"])
        #expect(back.first?.reference != nil)
    }
}
