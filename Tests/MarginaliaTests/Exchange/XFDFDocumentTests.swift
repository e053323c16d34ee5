import Foundation
import Testing
@testable import Marginalia

extension XFDFTests {
    @Suite("Through a PDF file")
    struct ThroughAPDFFile {
        /// XFDF in, annotations added to a document, saved, reopened, XFDF out: what comes
        /// out is what went in, except what the PDF writer decides itself.
        @Test func importSaveReopenExport() throws {
            let xml = XFDFDocument.export(XFDFFixtures.everyKind(), sourceFileName: "fixture.pdf")
            let first = try XFDFDocument.importAnnotations(from: Data(xml.utf8))
            #expect(first.count == XFDFFixtures.everyKind().count)

            let document = try TestDocuments.pages(3)
            for annotation in first {
                try document.addAnnotation(annotation, toPage: try #require(annotation.pageIndex))
            }
            let reopened = try TestDocuments.reopen(document)
            var read: [PDFAnnotation] = []
            for page in 0..<(try reopened.pageCount) {
                read += try reopened.annotations(onPage: page)
            }
            #expect(read.count == first.count)

            let again = try XFDFDocument.importAnnotations(from: Data(XFDFDocument.export(read, sourceFileName: nil).utf8))
            let byID = Dictionary(again.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            for original in first {
                guard let copy = byID[original.id] else {
                    Issue.record("\(original.id) did not come back")
                    continue
                }
                var tolerance = XFDFFixtures.Tolerance()
                // The appearance decides /Rect for geometry-derived subtypes.
                switch original.kind {
                case .square, .circle, .freeText, .note, .stamp: tolerance.rect = true
                case .redact(let redact) where redact.quads.isEmpty: tolerance.rect = true
                default: tolerance.rect = false
                }
                // /M is the time of saving; only subtypes with a border get /BS; a stamp's
                // image becomes its appearance and is not read back as image data.
                tolerance.modificationDate = false
                tolerance.border = original.kind.drawsBorder
                tolerance.stampImage = false
                let differences = XFDFFixtures.differences(original, copy, compare: tolerance)
                #expect(differences.isEmpty, "\(differences)")
            }
        }

        @Test func acrobatSampleGoesIntoADocument() throws {
            let annotations = try XFDFDocument.importAnnotations(from: Data(Import.acrobatSample.utf8))
            let document = try TestDocuments.pages(2)
            for annotation in annotations {
                try document.addAnnotation(annotation, toPage: try #require(annotation.pageIndex))
            }
            let reopened = try TestDocuments.reopen(document)
            let page0 = try reopened.annotations(onPage: 0)
            let page1 = try reopened.annotations(onPage: 1)
            #expect(page0.map(\.subtype) == ["Ink", "FreeText"])
            #expect(page1.map(\.id) == ["5e0f2c1a-1111-4b2b-8c3c-000000000002"])
            guard case .freeText(let text)? = page0.last?.kind else {
                Issue.record("no free text")
                return
            }
            #expect(text.text == "Hello & welcome")
            #expect(text.alignment == .center && text.textColor == Color(red: 0, green: 0, blue: 1))
        }
    }
}
