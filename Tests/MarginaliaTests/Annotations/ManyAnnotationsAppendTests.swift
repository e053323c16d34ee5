import Foundation
import PDFCore
import Testing
@testable import Marginalia

/// Adding an annotation to a page that holds many (a page of strokes on a server) appends to
/// the page's `/Annots` in place: the edit touches the new annotation's objects and the page
/// (or its `/Annots` object), never the other annotations; and a mark taken before edits
/// (``PDFFile/markChanges()``) puts the change set back exactly.
@Suite("Adding to a page of many annotations")
struct ManyAnnotationsAppendTests {
    static func stroke(_ n: Int) -> PDFAnnotation {
        let x = CGFloat(40 + (n * 7) % 500), y = CGFloat(60 + (n * 13) % 680)
        return PDFAnnotation(kind: .ink(.init(paths: [[CGPoint(x: x, y: y), CGPoint(x: x + 20, y: y + 8), CGPoint(x: x + 30, y: y)]])),
                             rect: .zero, pageIndex: 0)
    }

    /// The objects of an added annotation: itself and its appearance stream.
    static func objects(of annotation: PDFAnnotation) throws -> Set<Int> {
        let reference = try #require(annotation.reference)
        let appearance = try #require(annotation.dictionary["AP"]?.dictionaryValue?["N"]?.referenceValue)
        return [reference.number, appearance.number]
    }

    @Test func theKthAnnotationChangesItsOwnObjectsAndThePageOnly() throws {
        let first = try TestDocuments.pages(1)
        for n in 0..<300 { try first.addAnnotation(Self.stroke(n), toPage: 0) }
        let document = try TestDocuments.reopen(first)  // the 300 are in the file; nothing is changed
        #expect(!document.hasChanges)
        let page = try document.page(at: 0, readingAnnotations: false).reference
        let others = try document.annotations(onPage: 0).compactMap(\.reference)
        #expect(others.count == 300)
        let added = try document.addAnnotation(Self.stroke(300), toPage: 0)
        #expect(Set(document.file.changedObjects.keys) == (try Self.objects(of: added)).union([page.number]))
        let second = try document.addAnnotation(Self.stroke(301), toPage: 0)
        #expect(Set(document.file.changedObjects.keys)
                == (try Self.objects(of: added)).union(try Self.objects(of: second)).union([page.number]))
        let saved = try TestDocuments.reopen(document)
        #expect(try saved.annotations(onPage: 0).compactMap(\.reference) == others + [added.reference, second.reference].compactMap { $0 })
    }

    /// A page whose `/Annots` is an object of its own: that object grows, the page is untouched.
    @Test func anAnnotsArrayOfItsOwnGrowsAndThePageStaysAsItIs() throws {
        let document = try TestDocuments.assemble([
            1: "<</Type/Catalog/Pages 2 0 R>>",
            2: "<</Type/Pages/Kids[3 0 R]/Count 1>>",
            3: "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Annots 4 0 R>>",
            4: "[5 0 R]",
            5: "<</Type/Annot/Subtype/Square/Rect[10 10 50 50]/NM(old)>>",
        ])
        let added = try document.addAnnotation(Self.stroke(1), toPage: 0)
        #expect(Set(document.file.changedObjects.keys) == (try Self.objects(of: added)).union([4]))
        #expect(try document.file.object(for: PDFReference(4)) == .array([.reference(PDFReference(5)), .reference(try #require(added.reference))]))
        let saved = try TestDocuments.reopen(document)
        #expect(try saved.annotations(onPage: 0).map(\.id) == ["old", added.id])
    }

    /// An append to a long `/Annots` costs what one to a short array did: the array is not
    /// copied each time (it was, held twice by the `switch` that matched it: docs/benchmarks.md,
    /// issue 29). Timed against appends to a short array in the same run, each side the
    /// fastest of five batches, so that the machine's load (a batch slowed by other work)
    /// cancels out; copying made the ratio about 20 (a single pair of batches at load 20 once
    /// gave 8.7 without it).
    @Test func appendingToALongAnnotsCostsWhatAppendingToAShortOneDid() throws {
        func document() throws -> PDFDocument {
            try TestDocuments.assemble([
                1: "<</Type/Catalog/Pages 2 0 R>>",
                2: "<</Type/Pages/Kids[3 0 R]/Count 1>>",
                3: "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Annots[]>>",
            ])
        }
        let page = PDFReference(3)
        func seconds(_ count: Int, to document: PDFDocument) throws -> Double {
            let began = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<count {
                let next = try document.file.dictionary(.reference(page))?["Annots"]?.arrayValue?.count ?? 0
                #expect(try document.file.append(.reference(PDFReference(1_000 + next)), toArrayOf: page, key: "Annots"))
            }
            return Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        }
        // Each short batch from an empty array, in a document of its own.
        var short = Double.infinity
        for _ in 0..<5 { short = min(short, try seconds(500, to: try document())) }
        let long = try document()
        _ = try seconds(18_000, to: long)
        var longest = Double.infinity
        for _ in 0..<5 { longest = min(longest, try seconds(500, to: long)) }
        #expect(longest < 5 * short + 0.005, "500 appends took \(longest) s from 18,000 items, \(short) s from none (fastest of five)")
        let annots = try long.file.dictionary(.reference(page))?["Annots"]?.arrayValue
        #expect(annots?.count == 20_500 && annots?.last == .reference(PDFReference(21_499)))
    }

    /// Edits after a mark are journaled and taken back exactly: the file's bytes are the ones
    /// it had at the mark, after appends, a removal, a trailer change and a nested mark.
    @Test func aMarkPutsTheChangeSetBackExactly() throws {
        let first = try TestDocuments.pages(2)
        for n in 0..<50 { try first.addAnnotation(Self.stroke(n), toPage: 0) }
        let document = try TestDocuments.reopen(first)
        let kept = try document.addAnnotation(Self.stroke(50), toPage: 0)
        try document.rotatePage(at: 1, by: 90)  // page 2, without /Annots, is in the change set already
        let bytesAtMark = try document.dataRepresentation()

        let mark = document.file.markChanges()
        try document.addAnnotation(Self.stroke(51), toPage: 0)
        try document.addAnnotation(Self.stroke(52), toPage: 1)  // it gets an /Annots, taken back below
        let inner = document.file.markChanges()
        try document.addAnnotation(Self.stroke(53), toPage: 0)
        document.file.keepChanges(inner)
        #expect(try document.removeAnnotations(ids: [kept.id], onPage: 0) == 1)
        document.file.setTrailer("Info", .null)
        #expect(document.file.journaledEditCount > 0)
        #expect(try document.dataRepresentation() != bytesAtMark)
        document.restoreChanges(mark)

        #expect(document.file.journaledEditCount == 0)
        #expect(try document.dataRepresentation() == bytesAtMark)
        #expect(try document.annotations(onPage: 0).count == 51)
        #expect(try document.annotations(onPage: 1).isEmpty)
        // Given back already: changes nothing.
        document.restoreChanges(mark)
        #expect(try document.dataRepresentation() == bytesAtMark)
    }

    @Test func newIDsAreVersion4UUIDsInLowercaseAndDiffer() {
        var seen = Set<String>()
        for _ in 0..<20_000 {
            let id = AnnotationID.make()
            let utf8 = Array(id.utf8)
            #expect(utf8.count == 36)
            #expect([8, 13, 18, 23].allSatisfy { utf8[$0] == UInt8(ascii: "-") })
            #expect(utf8[14] == UInt8(ascii: "4"))
            #expect(Array("89ab".utf8).contains(utf8[19]))
            #expect(utf8.enumerated().allSatisfy { [8, 13, 18, 23].contains($0.offset) || Array("0123456789abcdef".utf8).contains($0.element) })
            seen.insert(id)
        }
        #expect(seen.count == 20_000)
        #expect(AnnotationID.format(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210) == "01234567-89ab-4def-bedc-ba9876543210")
    }
}
