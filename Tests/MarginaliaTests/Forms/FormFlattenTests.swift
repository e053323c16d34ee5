import Foundation
import Testing
@testable import Marginalia
import PDFCore

@Suite("Form flattening")
struct FormFlattenTests {
    @Test func flatteningBurnsWidgetsAndRemovesTheForm() throws {
        let document = try FormTestDocuments.form()
        try document.fillForm([("person.first", .text("Ada")), ("agree", .bool(true))])
        let count = try document.flattenForm()
        #expect(count == 15)
        let reopened = try FormTestDocuments.reopened(document)
        #expect(try reopened.file.catalog()["AcroForm"] == nil)
        #expect(try reopened.annotations(onPage: 0).isEmpty)
        #expect(try reopened.acroForm().fields.isEmpty)
        let page = try reopened.page(at: 0)
        let contents = try reopened.file.resolve(page.dictionary["Contents"] ?? .null).arrayValue ?? []
        #expect(contents.count == 2)
    }

    @Test func otherAnnotationsStayUnlessAskedFor() throws {
        for withAnnotations in [false, true] {
            let document = try FormTestDocuments.form()
            try document.addAnnotation(PDFAnnotation(kind: .square, rect: CGRect(x: 400, y: 100, width: 50, height: 50)), toPage: 0)
            try document.flattenForm(annotations: withAnnotations)
            let left = try FormTestDocuments.reopened(document).annotations(onPage: 0).map(\.subtype)
            #expect(left == (withAnnotations ? [] : ["Square"]))
        }
    }

    @Test func textFieldsWithoutAppearancesAreDrawnBeforeFlattening() throws {
        let document = try FormTestDocuments.form()
        try document.flattenForm()
        let page = try FormTestDocuments.reopened(document).page(at: 0)
        let resources = try document.file.dictionary(page.dictionary["Resources"])
        let xObjects = try document.file.dictionary(resources?["XObject"])
        // Only the checkbox and radios came with appearances; the text and choice fields are
        // drawn first, so they are burned in too.
        #expect((xObjects?.count ?? 0) >= 10)
    }

    @Test func signedFormsAreNotFlattened() throws {
        let document = try FormTestDocuments.form(signed: true)
        #expect(throws: FormError.signedDocument) { try document.flattenForm() }
    }
}
