import Foundation
import PDFCore
import Testing
@testable import Marginalia

/// Annotations in a tagged document get structure elements (docs/accessibility.md); the
/// oracle test `test_tagged_annotations.py` checks the same with pikepdf on a PDF/UA file.
@Suite("Annotations in tagged documents")
struct TaggedAnnotationTests {
    /// A tagged one-page document whose parent tree is a root with `/Kids` (one leaf holding
    /// key 0, the page's marked content) and no `/ParentTreeNextKey`.
    static func tagged() throws -> PDFDocument {
        try TestDocuments.assemble([
            1: "<</Type/Catalog/Pages 2 0 R/StructTreeRoot 4 0 R/MarkInfo<</Marked true>>>>",
            2: "<</Type/Pages/Kids[3 0 R]/Count 1>>",
            3: "<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 300]/StructParents 0>>",
            4: "<</Type/StructTreeRoot/K 5 0 R/ParentTree 6 0 R>>",
            5: "<</Type/StructElem/S/Document/P 4 0 R/K[8 0 R]>>",
            6: "<</Kids[7 0 R]>>",
            7: "<</Limits[0 0]/Nums[0 [8 0 R]]>>",
            8: "<</Type/StructElem/S/P/P 5 0 R/Pg 3 0 R/K 0>>",
        ])
    }

    func element(_ document: PDFDocument, of annotation: PDFAnnotation) throws -> PDFDictionary? {
        let reference = try #require(annotation.reference)
        let stored = try #require(try document.file.dictionary(.reference(reference)))
        let key = try #require(stored["StructParent"]?.integerValue)
        let leaves = try #require(try document.file.dictionary(.reference(PDFReference(6, 0)))?["Kids"]?.arrayValue)
        for leaf in leaves {
            let nums = try #require(try document.file.dictionary(leaf)?["Nums"]?.arrayValue)
            for index in stride(from: 0, to: nums.count - 1, by: 2) where nums[index].integerValue == key {
                return try document.file.dictionary(nums[index + 1])
            }
        }
        return nil
    }

    @Test func aDescriptionChangedOrClearedChangesTheAlt() throws {
        let document = try Self.tagged()
        var stamp = PDFAnnotation(kind: .square, rect: CGRect(x: 10, y: 10, width: 50, height: 50))
        stamp.contents = "A box around the total"
        stamp = try document.addAnnotation(stamp, toPage: 0)
        let first = try #require(try element(document, of: stamp))
        #expect(first["S"] == .name("Annot"))
        #expect(first["Alt"] == .text("A box around the total"))
        #expect(first["P"] == .reference(PDFReference(5, 0)))
        #expect(try document.file.dictionary(.reference(PDFReference(5, 0)))?["K"]?.arrayValue?.count == 2)

        stamp = try #require(try document.annotations(onPage: 0).first)
        stamp.contents = "The total, checked"
        stamp = try document.updateAnnotation(stamp)
        #expect(try element(document, of: stamp)?["Alt"] == .text("The total, checked"))
        stamp.contents = nil
        stamp = try document.updateAnnotation(stamp)
        #expect(try element(document, of: stamp)?["Alt"] == nil)
        #expect(try document.file.dictionary(.reference(PDFReference(5, 0)))?["K"]?.arrayValue?.count == 2,
                "an update keeps the one element")
    }

    @Test func theNewKeyIsPastTheKeysInUseAndARemovalTakesTheEntryOut() throws {
        let document = try Self.tagged()
        let added = try document.addAnnotation(PDFAnnotation(kind: .square, rect: CGRect(x: 10, y: 10, width: 5, height: 5)),
                                               toPage: 0)
        let reopened = try TestDocuments.reopen(document)
        let stored = try #require(try reopened.annotations(onPage: 0).first)
        #expect(stored.dictionary["StructParent"] == .integer(1), "key 0 is the page's")
        #expect(try reopened.file.dictionary(.reference(PDFReference(4, 0)))?["ParentTreeNextKey"] == .integer(2))
        #expect(try element(reopened, of: stored)?["K"]?.dictionaryValue?["Obj"]?.referenceValue?.number
                == added.reference?.number)
        try reopened.removeAnnotations(ids: [stored.id])
        let leaves = try #require(try reopened.file.dictionary(.reference(PDFReference(6, 0)))?["Kids"]?.arrayValue)
        let keys = try leaves.flatMap { leaf in
            (try reopened.file.dictionary(leaf)?["Nums"]?.arrayValue ?? []).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        }
        #expect(keys == [.integer(0)])
        #expect(try reopened.file.dictionary(.reference(PDFReference(5, 0)))?["K"]?.arrayValue == [.reference(PDFReference(8, 0))])
    }
}
