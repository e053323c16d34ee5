import Foundation
import Testing
@testable import Marginalia

@Suite("Annotation JSON")
struct AnnotationJSONTests {
    @Test func roundTripKeepsEveryField() throws {
        var originals = AnnotationSamples.all()
        var text = PDFAnnotation(kind: .freeText(.init(text: "Hello", font: "Times-Bold", fontSize: 14,
                                                       textColor: Color(red: 0, green: 0, blue: 1), alignment: .center)),
                                 rect: CGRect(x: 10, y: 10, width: 100, height: 40), color: Color(red: 1, green: 1, blue: 0.8))
        text.contents = "Hello"
        originals.append(text)
        originals.append(PDFAnnotation(kind: .stamp(.init(name: "Approved", imageData: Data([1, 2, 3]))),
                                       rect: CGRect(x: 1, y: 2, width: 3, height: 4)))
        for i in originals.indices { originals[i].pageIndex = i % 3 }
        let decoded = try AnnotationJSON.decode(try AnnotationJSON.encode(originals))
        #expect(decoded.count == originals.count)
        for (a, b) in zip(originals, decoded) {
            #expect(a.id == b.id)
            #expect(a.kind == b.kind)
            #expect(a.pageIndex == b.pageIndex)
            #expect(a.color?.hex == b.color?.hex)
            #expect(a.interiorColor?.hex == b.interiorColor?.hex)
            #expect(a.opacity == b.opacity)
            #expect(a.author == b.author && a.subject == b.subject && a.contents == b.contents)
            // JSON dates are ISO 8601 to the second.
            #expect(a.creationDate.map { $0.timeIntervalSince1970.rounded(.down) } == b.creationDate?.timeIntervalSince1970)
            #expect(a.flags == b.flags)
            if a.kind.drawsBorder { #expect(a.border == b.border) }
            if !a.kind.rectFollowsDrawing { #expect(a.rect == b.rect) }
        }
    }

    @Test(arguments: [
        (#"{"annotations":[{"type":"ink","paths":[[[1,2],[3]]]}]}"#, "annotations[0].paths[0][1]"),
        (#"{"annotations":[{"type":"square"}]}"#, "annotations[0].rect"),
        (#"{"annotations":[{"type":"square","rect":[0,0,1,1],"color":"red"}]}"#, "annotations[0].color"),
        (#"{"annotations":[{"type":"bogus"}]}"#, "annotations[0].type"),
        (#"{"annotations":[{"type":"line","points":[[0,0],[1,1]],"lineEndings":["none","spear"]}]}"#, "annotations[0].lineEndings[1]"),
        (#"{"annotations":[{"type":"ink","paths":[[[0,0]]],"opacity":2}]}"#, "annotations[0].opacity"),
        (#"{"annotations":[{"type":"ink","paths":[[[0,0]]],"pressures":[[0.5,0.5]]}]}"#, "annotations[0].pressures"),
        (#"{"annotations":[{"type":"highlight","quads":[[1,2,3]]}]}"#, "annotations[0].quads[0]"),
        (#"{"annotations":[{"type":1}]}"#, "annotations[0].type"),
        (#"{"notes":[]}"#, "annotations"),
        (#"{"annotations":{}}"#, "annotations"),
        (#"{"annotations":[{"type":"ink","paths":[[[1,"a"]]]}]}"#, "annotations[0].paths[0][0][1]"),
        (#"{"annotations":[{"type":"square","rect":[0,0,1,1],"pageIndex":1.5}]}"#, "annotations[0].pageIndex"),
        (#"{"annotations":[{"type":"note","rect":[0,0,1,1],"open":"yes"}]}"#, "annotations[0].open"),
        (#"not json"#, ""),
    ])
    func errorsNameTheJSONPath(json: String, path: String) {
        do {
            _ = try AnnotationJSON.decode(Data(json.utf8))
            Issue.record("\(json) was accepted")
        } catch let error as AnnotationJSONError {
            #expect(error.path == path, "\(error)")
        } catch {
            Issue.record("untyped error \(error)")
        }
    }

    /// Operations and the server carry annotations inside their own JSON, read by
    /// Foundation's decoder: the same rules apply there (null is absent, types are checked).
    @Test func annotationsDecodeInsideOtherJSON() throws {
        let json = #"{"items":[{"type":"ink","pageIndex":2,"paths":[[[1,2],[3,4.5]]],"author":null,"opacity":0.5}]}"#
        struct Wrapper: Decodable { var items: [PDFAnnotation] }
        let wrapper = try JSONDecoder().decode(Wrapper.self, from: Data(json.utf8))
        #expect(wrapper.items.count == 1)
        #expect(wrapper.items[0].kind == .ink(PDFAnnotation.Ink(paths: [[CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4.5)]])))
        #expect(wrapper.items[0].pageIndex == 2 && wrapper.items[0].opacity == 0.5 && wrapper.items[0].author == nil)
        let bad = #"{"items":[{"type":"ink","paths":[[[1,2]]],"opacity":"half"}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Wrapper.self, from: Data(bad.utf8)) }
    }
}
