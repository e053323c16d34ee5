import Foundation
import Marginalia
import Testing

extension GenerationTests {
    /// Images from Tests/Fixtures/images and links, read back by PyMuPDF and pdftoppm.
    @Suite("Images and links", .enabled(if: OutsideTools.available, "qpdf, poppler-utils or PyMuPDF is missing"))
    struct ImageAndLinkTests {
        static func fixture(_ name: String) -> URL { DocumentTests.fixture(name) }

        @Test func imagesKeepJPEGBytesAndPNGTransparency() throws {
            let images = try ["rgb.png", "rgba.png", "rgb.jpg"].map { try ImageDecoder.decode(Data(contentsOf: Self.fixture($0))) }
            let pdf = try PDFRenderer(defaultPageSize: CGSize(width: 300, height: 200), origin: .topLeft).data { context in
                try context.beginPage()
                for (index, image) in images.enumerated() {
                    try context.draw(image, in: CGRect(x: 10 + 96 * Double(index), y: 10, width: 80, height: 60))
                }
                try context.draw(images[0], in: CGRect(x: 10, y: 100, width: 16, height: 12))  // the same image again
                try context.beginPage()
                try context.draw(images[2], in: CGRect(x: 0, y: 0, width: 160, height: 120))
            }
            let jpeg = Self.fixture("rgb.jpg").path
            let result = try OutsideTools.pymupdf(pdf, """
                out = []
                for page in doc:
                    out.append([[i[0], i[1], i[8], doc.xref_stream_raw(i[0]) == open("\(jpeg)", "rb").read()]
                                for i in page.get_images(full=True)])
                print(json.dumps(out))
                """)
            let pages = try #require(result as? [[[Any]]])
            #expect(pages.count == 2)
            #expect(pages[0].count == 3, "three distinct images: the repeated one is stored once")
            let byFilter = Dictionary(pages[0].map { ("\($0[2])", $0) }, uniquingKeysWith: { a, _ in a })
            let dct = try #require(byFilter["DCTDecode"])
            #expect(dct[3] as? Bool == true, "the JPEG is embedded byte for byte")
            #expect(pages[1].count == 1 && "\(pages[1][0][0])" == "\(dct[0])", "page 2 reuses the JPEG object")
            let masks = pages[0].map { ($0[1] as? Int) ?? 0 }.filter { $0 != 0 }
            #expect(masks.count == 1, "only rgba.png has a soft mask")

            let render = try OutsideTools.render(pdf, name: "images")
            let rgb = render.pixel(50, 40).map(Int.init)
            #expect(zip(rgb, [200, 30, 60]).allSatisfy { abs($0 - $1) <= 2 }, "rgb.png renders as \(rgb)")
            let jpegPixel = render.pixel(242, 40).map(Int.init)
            #expect(zip(jpegPixel, [200, 30, 60]).allSatisfy { abs($0 - $1) <= 8 }, "rgb.jpg renders as \(jpegPixel)")
            // rgba.png is transparent at its left edge and opaque blue at its right.
            #expect(render.pixel(108, 40).allSatisfy { $0 > 230 })
            #expect(render.pixel(183, 40).map(Int.init).first ?? 255 < 40)
        }

        @Test func linksOpenURIsAndPagesEvenOnesDrawnLater() throws {
            let url = URL(string: "https://example.com/docs?page=2&lang=fr")!
            let pdf = try PDFRenderer(origin: .topLeft).data { context in
                try context.beginPage()
                try context.addLink(url: url, rect: CGRect(x: 72, y: 72, width: 200, height: 20))
                try context.addLink(toPage: 2, rect: CGRect(x: 72, y: 100, width: 200, height: 20))  // not begun yet
                try context.beginPage()
                try context.addLink(toPage: 0, rect: CGRect(x: 72, y: 72, width: 100, height: 20))
                try context.beginPage()
            }
            let result = try OutsideTools.pymupdf(pdf, """
                print(json.dumps([[[l["kind"], l.get("uri"), l.get("page")] for l in page.get_links()] for page in doc]))
                """)
            let pages = try #require(result as? [[[Any]]])
            #expect(pages.count == 3)
            #expect(pages[0].count == 2 && pages[1].count == 1 && pages[2].isEmpty)
            #expect(pages[0][0][0] as? Int == 2 && pages[0][0][1] as? String == url.absoluteString, "a URI link")
            #expect(pages[0][1][0] as? Int == 1 && pages[0][1][2] as? Int == 2, "a link to page 3")
            #expect(pages[1][0][2] as? Int == 0, "a link back to page 1")
        }

        // MARK: - Paths and transparency, on renders

        static func pixel(_ image: RasterImage, _ x: Int, _ y: Int) -> [Int] { image.pixel(x, y).map(Int.init) }

        static func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 3) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
        }

        @Test func alphaComesFromTheColourAndFromSetAlphaAndEndsWithRestore() throws {
            let pdf = try PDFRenderer(defaultPageSize: CGSize(width: 200, height: 50), origin: .topLeft).data { context in
                try context.beginPage()
                try context.setFillColor(Color(red: 1, green: 0, blue: 0, alpha: 0.5))
                try context.fill(CGRect(x: 0, y: 0, width: 50, height: 50))
                try context.saveState()
                try context.setFillColor(.blue)
                try context.setAlpha(0.5)
                try context.fill(CGRect(x: 50, y: 0, width: 50, height: 50))
                try context.restoreState()
                try context.setFillColor(.blue)
                try context.fill(CGRect(x: 100, y: 0, width: 50, height: 50))
            }
            let image = try OutsideTools.render(pdf, name: "alpha")
            #expect(Self.near(Self.pixel(image, 25, 25), [255, 128, 128]), "half-transparent red")
            #expect(Self.near(Self.pixel(image, 75, 25), [128, 128, 255]), "blue at alpha 0.5")
            #expect(Self.near(Self.pixel(image, 125, 25), [0, 0, 255]), "opaque again after the restore")
        }

        @Test func fillRulesAndClipping() throws {
            let pdf = try PDFRenderer(defaultPageSize: CGSize(width: 300, height: 100), origin: .topLeft).data { context in
                try context.beginPage()
                try context.setFillColor(.black)
                for (index, evenOdd) in [false, true].enumerated() {
                    let x = 100.0 * Double(index)
                    try context.addRect(CGRect(x: x + 10, y: 10, width: 80, height: 80))
                    try context.addRect(CGRect(x: x + 30, y: 30, width: 40, height: 40))
                    try context.fill(evenOdd: evenOdd)
                }
                try context.saveState()
                try context.addEllipse(in: CGRect(x: 210, y: 10, width: 80, height: 80))
                try context.clip()
                try context.fill(CGRect(x: 200, y: 0, width: 100, height: 100))
                try context.restoreState()
            }
            let image = try OutsideTools.render(pdf, name: "fill-rules")
            #expect(Self.pixel(image, 50, 50) == [0, 0, 0], "nonzero: the inner square is filled")
            #expect(Self.pixel(image, 150, 50) == [255, 255, 255], "even-odd: it is a hole")
            #expect(Self.pixel(image, 115, 50) == [0, 0, 0])
            #expect(Self.pixel(image, 250, 50) == [0, 0, 0], "inside the clipping ellipse")
            #expect(Self.pixel(image, 213, 13) == [255, 255, 255], "the clip cuts the rectangle's corner")
        }
    }
}
