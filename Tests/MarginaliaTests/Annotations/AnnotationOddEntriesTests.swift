import Foundation
import Testing
@testable import Marginalia
import PDFCore

/// The rules ``AnnotationReader`` keeps for keys set twice, values of the wrong type and
/// numbers too large for their use, read through the parser as a file gives them.
@Suite("An annotation dictionary's odd entries")
struct AnnotationOddEntriesTests {
    static func page(annotations: [String]) throws -> PDFDocument {
        var objects = [1: "<</Type/Catalog/Pages 2 0 R>>",
                       2: "<</Type/Pages/Kids[3 0 R]/Count 1/MediaBox[0 0 612 792]>>",
                       3: "<</Type/Page/Parent 2 0 R/Annots[\(annotations.indices.map { "\($0 + 4) 0 R" }.joined(separator: " "))]>>"]
        for (i, text) in annotations.enumerated() { objects[i + 4] = text }
        return try TestDocuments.assemble(objects)
    }

    /// The parser keeps the last value of a repeated key, in the first one's place.
    @Test func aRepeatedKeyReadsAsItsLastValue() throws {
        let document = try Self.page(annotations: [
            "<</Type/Annot/Subtype/Square/Rect[0 0 1 1]/NM(first)/C[1 0 0]/Rect[10 20 40 60]/NM(last)/C[0 0 1]/T(A)/T(B)>>",
        ])
        let (annotations, problems) = try document.readAnnotations(onPage: 0)
        let square = try #require(annotations.first)
        #expect(problems.isEmpty)
        #expect(square.rect == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(square.id == "last" && square.author == "B" && square.color == Color(pdfComponents: [0, 0, 1]))
        #expect(square.dictionary.orderedKeys == ["Type", "Subtype", "Rect", "NM", "C", "T"])
    }

    /// Values of the wrong type fall back to their defaults, and /Rect is reported; numbers
    /// too large for an integer are not flags, and an opacity is kept within 0...1; a border
    /// width, however large, is kept as the file gives it (the file's annotation is written
    /// back as it was; a new value is what is held to the limits).
    @Test func wrongTypesAndHugeNumbersFallBack() throws {
        let document = try Self.page(annotations: [
            "<</Type/Annot/Subtype/Circle/Rect/Wide/NM 7/C(red)/T[1]/F 99999999999999999999999/CA -99999999999999999999999/Border 3>>",
            "<</Type/Annot/Subtype/Line/Rect[0 0 10 10]/L[1 2 3]/F 4/CA 0.5/BS<</W 99999999999999999999999>>>>",
        ])
        let (annotations, problems) = try document.readAnnotations(onPage: 0)
        #expect(annotations.count == 2)
        let circle = annotations[0], line = annotations[1]
        #expect(circle.kind == .circle && circle.rect == .zero && circle.id == "ann-4-0")
        #expect(circle.color == nil && circle.author == nil && circle.flags.rawValue == 0 && circle.opacity == 0)
        #expect(circle.border.width == 1)
        #expect(line.kind == .other(subtype: "Line") && line.flags.rawValue == 4 && line.opacity == 0.5)
        #expect(line.border.width == 99999999999999999999999.0)
        #expect(problems == ["annotation 4 0: /Rect is missing or not four numbers", "annotation 5 0: /L is not four numbers"])
    }
}
