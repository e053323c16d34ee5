import Foundation
import Marginalia
import Testing

extension GenerationTests {
    /// The top-left origin: what UIKit code draws must land where UIKit would put it, and
    /// read right way up. Checked on pdftoppm renders at 72 dpi (one pixel per point, row 0
    /// at the top of the page).
    @Suite("Origin", .enabled(if: OutsideTools.available, "qpdf, poppler-utils or PyMuPDF is missing"))
    struct OriginTests {
        static func isRed(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool {
            let p = image.pixel(x, y).map(Int.init)
            return p.count == 3 && p[0] > 200 && p[1] < 60 && p[2] < 60
        }

        static func isWhite(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool {
            image.pixel(x, y).allSatisfy { $0 > 245 }
        }

        @Test(arguments: [PDFRenderer.Origin.topLeft, .bottomLeft])
        func aRectangleLandsWhereItsOriginSays(origin: PDFRenderer.Origin) throws {
            let renderer = PDFRenderer(defaultPageSize: CGSize(width: 200, height: 100), origin: origin)
            let pdf = try renderer.data { context in
                try context.beginPage()
                try context.setFillColor(.red)
                try context.fill(CGRect(x: 10, y: 10, width: 50, height: 20))
            }
            let image = try OutsideTools.render(pdf, name: "rect-\(origin)")
            #expect(image.width == 200 && image.height == 100)
            // Top-left: rows 10..<30 from the top. Bottom-left: rows 70..<90 from the top.
            let (inside, mirror) = origin == .topLeft ? (20, 80) : (80, 20)
            #expect(Self.isRed(image, 35, inside))
            #expect(Self.isRed(image, 11, origin == .topLeft ? 11 : 88), "the corner nearest the origin")
            #expect(Self.isWhite(image, 35, mirror))
            #expect(Self.isWhite(image, 65, inside), "50 wide, not more")
        }

        /// A tall "T" drawn at the top: its bar (many dark pixels a row) must be above its
        /// stem (few), or the text was drawn upside down.
        @Test(arguments: [PDFRenderer.Origin.topLeft, .bottomLeft])
        func textReadsUprightNearItsPoint(origin: PDFRenderer.Origin) throws {
            let renderer = PDFRenderer(defaultPageSize: CGSize(width: 300, height: 150), origin: origin)
            let helvetica = GenerationFixtures.helvetica
            var box = CGRect.zero
            let pdf = try renderer.data { context in
                try context.beginPage()
                // Top-left: the point is the text's top-left corner. Bottom-left: the baseline.
                let y = origin == .topLeft ? 10.0 : 150 - 10 - helvetica.ascent * 60 / 1000
                box = try context.draw("T", at: CGPoint(x: 20, y: y), font: helvetica, size: 60)
                try context.draw("Upright words", at: CGPoint(x: 120, y: origin == .topLeft ? 10 : 125),
                                 font: helvetica, size: 14)
            }
            #expect(try OutsideTools.text(of: pdf).contains("Upright words"))
            #expect(abs(Double(box.minY) - (origin == .topLeft ? 10 : 150 - 10 - helvetica.ascent * 60 / 1000 + helvetica.descent * 60 / 1000)) < 1e-9)

            let image = try OutsideTools.render(pdf, name: "upright-\(origin)")
            let rows = (0..<image.height).map { y in (0..<100).filter { GenerationFixtures.isDark(image, $0, y) }.count }
            let inked = rows.indices.filter { rows[$0] > 0 }
            let top = try #require(inked.first), bottom = try #require(inked.last)
            #expect(top >= 8 && top < 20, "the T starts at about y = 10 (its cap height is the ascent)")
            #expect(bottom < 60, "and ends within 50 pt of it")
            let bar = rows[top...(top + 3)].reduce(0, +)
            let stem = rows[(bottom - 3)...bottom].reduce(0, +)
            #expect(bar > 3 * stem, "bar \(bar) above stem \(stem): upright")
        }

        /// An image with a red top half and a blue bottom half keeps red on top.
        @Test(arguments: [PDFRenderer.Origin.topLeft, .bottomLeft])
        func imagesAreNotMirrored(origin: PDFRenderer.Origin) throws {
            let image = RasterImage(width: 2, height: 2, colorSpace: .rgb,
                                    storage: .samples([255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255]))
            let renderer = PDFRenderer(defaultPageSize: CGSize(width: 100, height: 100), origin: origin)
            let pdf = try renderer.data { context in
                try context.beginPage()
                try context.draw(image, in: CGRect(x: 20, y: 20, width: 40, height: 40))
            }
            let rendered = try OutsideTools.render(pdf, name: "image-\(origin)")
            // The image covers rows 20..<60 (top-left) or 40..<80 (bottom-left) from the top.
            let top = origin == .topLeft ? 20 : 40
            #expect(rendered.pixel(40, top + 8).map(Int.init) == [255, 0, 0], "red on top")
            #expect(rendered.pixel(40, top + 32).map(Int.init) == [0, 0, 255], "blue below")
        }

        @Test func linkAreasAreConvertedToPageSpace() throws {
            let renderer = PDFRenderer(defaultPageSize: CGSize(width: 200, height: 100), origin: .topLeft)
            let pdf = try renderer.data { context in
                try context.beginPage()
                try context.addLink(url: URL(string: "https://example.com/")!, rect: CGRect(x: 10, y: 10, width: 50, height: 20))
                try context.translate(x: 100, y: 50)
                try context.scale(x: 2, y: 2)
                try context.addLink(toPage: 0, rect: CGRect(x: 0, y: 0, width: 10, height: 5))
            }
            // PyMuPDF gives link areas with the origin at the top-left, as the context has it.
            let result = try OutsideTools.pymupdf(pdf, """
                print(json.dumps([list(link["from"]) for link in doc[0].get_links()]))
                """)
            let areas = try #require(result as? [[Double]])
            #expect(areas == [[10, 10, 60, 30], [100, 50, 120, 60]])
        }
    }
}
