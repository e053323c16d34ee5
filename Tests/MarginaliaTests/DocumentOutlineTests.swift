import Foundation
import Testing
@testable import Marginalia

/// The outline (bookmarks) as the browser's Outline panel gets it (issue 15, item 7).
@Suite("Document outline")
struct DocumentOutlineTests {
    static func document(outline: [String]) throws -> PDFDocument {
        try DamagedPageTreeTests.document([
            "<</Type/Catalog/Pages 2 0 R/Outlines 6 0 R/Dests 12 0 R/Names<</Dests 13 0 R>>>>",
            "<</Type/Pages/Kids[3 0 R 4 0 R 5 0 R]/Count 3>>",
            "<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>>",
            "<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>>",
            "<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>>",
        ] + outline + [
            "<</Chapter3[5 0 R/Fit]>>",
            "<</Kids[14 0 R]>>",
            "<</Limits[(appendix)(appendix)]/Names[(appendix)<</D[4 0 R/XYZ 0 100 0]>>]>>",
        ])
    }

    @Test func titlesNestingAndEveryKindOfDestination() throws {
        let document = try Self.document(outline: [
            "<</Type/Outlines/First 7 0 R/Last 10 0 R/Count 4>>",
            // An explicit destination, with a child given by a GoTo action.
            "<</Title(Introduction)/Parent 6 0 R/Next 9 0 R/First 8 0 R/Last 8 0 R/Count 1/Dest[3 0 R/XYZ 0 100 0]>>",
            "<</Title<FEFF00C9007400E9>/Parent 7 0 R/A<</S/GoTo/D[4 0 R/Fit]>>>>",
            // A name from /Dests, then a string from the /Names tree.
            "<</Title(Chapter 3)/Parent 6 0 R/Prev 7 0 R/Next 10 0 R/Dest/Chapter3/First 11 0 R/Last 11 0 R/Count -1>>",
            "<</Title(Appendix)/Parent 6 0 R/Prev 9 0 R/Dest(appendix)>>",
            "<</Title(The web)/Parent 9 0 R/A<</S/URI/URI(https://example.org)>>>>",
        ])
        let outline = try document.outline()
        #expect(outline.map(\.title) == ["Introduction", "Chapter 3", "Appendix"])
        #expect(outline.map(\.pageIndex) == [0, 2, 1])
        #expect(outline[0].isOpen && !outline[1].isOpen)
        #expect(outline[0].children == [OutlineItem(title: "Été", pageIndex: 1)])
        #expect(outline[1].children == [OutlineItem(title: "The web", pageIndex: nil)], "a link to the web goes to no page")
    }

    @Test func aLoopingOutlineEndsAndNoOutlineIsEmpty() throws {
        let looping = try Self.document(outline: [
            "<</Type/Outlines/First 7 0 R>>",
            "<</Title(One)/Next 8 0 R/First 6 0 R/Dest[3 0 R/Fit]>>",
            "<</Title(Two)/Next 7 0 R/Dest[99 0 R/Fit]>>",
            "<<>>", "<<>>", "<<>>", "<<>>",
        ])
        let outline = try looping.outline()
        #expect(outline.map(\.title) == ["One", "Two"], "each entry once, whatever the links")
        #expect(outline[1].pageIndex == nil, "a destination that is no page of the document")
        let none = try DamagedPageTreeTests.document([
            "<</Type/Catalog/Pages 2 0 R>>", "<</Type/Pages/Kids[3 0 R]/Count 1>>", "<</Type/Page/Parent 2 0 R>>",
        ])
        #expect(try none.outline().isEmpty)
    }

    @Test func theCorpusBookOutlineMatchesPypdf() throws {
        // pdfjs-freeculture.pdf, the book of issue 15's tests: 17 top-level entries, 58 in all,
        // the last four links to the web. pypdf reads the outline too, and the two trees must
        // agree entry for entry (title, page, children).
        let url = CorpusAnnotationTests.corpus.appendingPathComponent("pdfjs-freeculture.pdf")
        try #require(FileManager.default.fileExists(atPath: url.path), "\(url.path) is missing (the corpus, ../shared/corpus)")
        let outline = try PDFDocument(url: url).outline()
        func count(_ items: [OutlineItem]) -> Int { items.reduce(items.count) { $0 + count($1.children) } }
        #expect(outline.count == 17 && count(outline) == 58)
        #expect(outline.prefix(5).map(\.title) == ["COVER", "CONTENTS", "PREFACE", "INTRODUCTION", "\"PIRACY\""])

        let script = """
            import json, sys
            import pypdf
            reader = pypdf.PdfReader(sys.argv[1])
            def walk(items):
                out = []
                for item in items:
                    if isinstance(item, list):
                        out[-1][2] = walk(item)
                        continue
                    try:
                        page = reader.get_destination_page_number(item)
                    except Exception:
                        page = None
                    out.append([item.title, page if page is not None and page >= 0 else None, []])
                return out
            print(json.dumps(walk(reader.outline)))
            """
        let result = try OutsideTools.run("python3", ["-c", script, url.path])
        try #require(result.status == 0, "pypdf could not read the outline (python3 with pypdf is needed)")
        func tree(_ items: [OutlineItem]) -> [Any] { items.map { [$0.title, $0.pageIndex.map { $0 as Any } ?? NSNull(), tree($0.children)] } }
        func text(_ value: Any) -> String {
            guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return "" }
            return String(decoding: data, as: UTF8.self)
        }
        let pypdf = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        #expect(text(tree(outline)) == text(pypdf))
    }
}
