import Foundation
import Testing
@testable import Marginalia

/// The one annotation value (``Annotation``): the document model holds it and reads and writes
/// its shared properties through it, and the engine in the browser reads the same value from
/// the annotation JSON the model wrote.
@Suite("One annotation value")
struct OneAnnotationValueTests {
    @Test func theModelsPropertiesAreTheValuesProperties() {
        var a = PDFAnnotation(kind: .square, rect: CGRect(x: 10, y: 20, width: 30, height: 40))
        a.border.width = 4
        a.interiorColor = .yellow
        a.inReplyTo = "parent"
        a.flags.insert(.locked)
        #expect(a.annotation.border.width == 4 && a.annotation.lineWidth == 4)
        #expect(a.annotation.interiorColor == .yellow && a.annotation.filled)
        #expect(a.annotation.inReplyTo == "parent" && a.annotation.isComment)
        #expect(a.annotation.flags.contains(.locked))
        a.annotation.contents = "set on the value"
        #expect(a.contents == "set on the value")
    }

    @Test func aValueBecomesAnAnnotationWithNoFileYet() {
        let value = Annotation(id: "v", pageIndex: 2, kind: .circle, rect: CGRect(x: 1, y: 2, width: 3, height: 4), color: .red,
                               contents: "a circle")
        let annotation = PDFAnnotation(value)
        #expect(annotation.annotation == value)
        #expect(annotation.reference == nil && annotation.dictionary.isEmpty && !annotation.hasForeignAppearance)
    }

    @Test func datesConvertExactly() {
        var a = PDFAnnotation(kind: .square, rect: CGRect(x: 0, y: 0, width: 1, height: 1))
        let moment = Date(timeIntervalSinceReferenceDate: 786_543_210.123_456_7)
        a.creationDate = moment
        a.modificationDate = nil
        #expect(a.creationDate == moment)
        #expect(a.annotation.creationDate == AnnotationTimestamp(secondsSinceReferenceDate: 786_543_210.123_456_7))
        #expect(a.annotation.modificationDate == nil)
    }

    /// What the JSON writer leaves out or rounds, taken out of the model's value: dates (the
    /// engine does not read them), a stamp's picture, colours to 8 bits a channel, `/IC` on a
    /// kind without one, and the border of a kind that draws none.
    static func asTheEngineReadsIt(_ a: PDFAnnotation) -> Annotation {
        var value = a.annotation
        if !value.kind.drawsBorder {
            value.border = AnnotationBorder(dashPattern: value.border.style == .dashed ? value.border.dashPattern : [3])
        }
        value.creationDate = nil
        value.modificationDate = nil
        if case .stamp(var stamp) = value.kind {
            stamp.imageBytes = nil
            value.kind = .stamp(stamp)
        }
        value.color = value.color.flatMap { Color(hex: $0.hex) }
        value.interiorColor = value.kind.allows(.interiorColor) ? value.interiorColor.flatMap { Color(hex: $0.hex) } : nil
        return value
    }

    @Test func theEngineReadsTheValueTheModelWrote() throws {
        var annotations = OneKindJSONReadingTests.annotations()
        annotations[0].inReplyTo = annotations[1].id
        annotations[0].replyType = .group
        annotations[1].flags = [.print, .locked, .lockedContents]
        let document = try JSONParser.parse([UInt8](try AnnotationJSON.encode(annotations)))
        guard case .array(let items)? = document["annotations"] else { Issue.record("no annotations"); return }
        #expect(items.count == annotations.count)
        #expect(annotations.contains { $0.border.style == .dashed && $0.kind.drawsBorder }, "a dashed border is read")
        #expect(annotations.contains { $0.interiorColor != nil && $0.kind.allows(.interiorColor) }, "a fill is read")
        for (annotation, item) in zip(annotations, items) {
            let read = try Annotation(json: JSONField(item, path: annotation.id))
            #expect(read == Self.asTheEngineReadsIt(annotation), "\(annotation.id) (\(annotation.subtype))")
        }
    }
}
