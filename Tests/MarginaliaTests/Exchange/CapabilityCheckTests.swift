import Foundation
import Testing
@testable import Marginalia

/// A property set on a kind that does not have it (the vocabulary table's capabilities) is
/// refused where it is set, naming the field, as MuPDF's setters refuse it.
@Suite("Capabilities checked where a property is set")
struct CapabilityCheckTests {
    static func decode(_ json: String) throws -> [PDFAnnotation] {
        try AnnotationJSON.decode(Data(json.utf8))
    }

    @Test func aFillOnANoteIsRefused() throws {
        let json = ##"{"annotations": [{"type": "note", "pageIndex": 0, "rect": [10, 10, 30, 30], "fill": "#FF0000"}]}"##
        #expect {
            try Self.decode(json)
        } throws: { error in
            let refusal = error as? AnnotationJSONError
            return refusal?.path == "annotations[0].fill" && refusal?.message.contains("square") == true
        }
    }

    @Test func quadsOnInkAndLineEndingsOnASquareAreRefused() throws {
        let ink = ##"{"annotations": [{"type": "ink", "pageIndex": 0, "paths": [[[1, 2], [3, 4]]], "quads": [[0, 1, 1, 1, 0, 0, 1, 0]]}]}"##
        #expect { try Self.decode(ink) } throws: { ($0 as? AnnotationJSONError)?.path == "annotations[0].quads" }
        let square = ##"{"annotations": [{"type": "square", "pageIndex": 0, "rect": [0, 0, 5, 5], "lineEndings": ["none", "openArrow"]}]}"##
        #expect { try Self.decode(square) } throws: { ($0 as? AnnotationJSONError)?.path == "annotations[0].lineEndings" }
    }

    @Test func aFillOnAShapeIsKept() throws {
        let json = ##"{"annotations": [{"type": "circle", "pageIndex": 0, "rect": [0, 0, 5, 5], "fill": "#00FF00"}]}"##
        let annotations = try Self.decode(json)
        #expect(annotations.first?.interiorColor == Color(hex: "#00FF00"))
    }

    @Test func anInteriorColourOnAnXFDFNoteIsRefused() throws {
        let xfdf = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xfdf xmlns="http://ns.adobe.com/xfdf/"><annots>
            <text page="0" rect="10,10,30,30" interior-color="#FF0000" name="n1"/>
            </annots></xfdf>
            """
        #expect {
            try XFDFDocument.importReport(from: Data(xfdf.utf8))
        } throws: { error in
            guard case .invalidValue(let name, _, let expected, _, _)? = error as? XFDFError else { return false }
            return name == "interior-color" && expected.contains("square")
        }
    }

    /// An /IC another tool wrote on a note stays in the file but not in the JSON, which its
    /// own decoder would refuse.
    @Test func aNotesInteriorColourIsLeftOutOfItsJSON() throws {
        var note = PDFAnnotation(kind: .note(PDFAnnotation.Note()), rect: CGRect(x: 0, y: 0, width: 20, height: 20), color: .black)
        note.interiorColor = Color(hex: "#FF0000")
        let json = try AnnotationJSON.encode([note])
        #expect(!String(decoding: json, as: UTF8.self).contains("\"fill\""))
        #expect(try AnnotationJSON.decode(json).count == 1)
    }
}
