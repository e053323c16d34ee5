import Foundation
import PDFCore
import Testing
@testable import Marginalia
@testable import MarginaliaRender

@Suite("Rendering with cairo")
struct PageRendererTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images")

    /// A 40 x 30 image whose every pixel differs from its neighbours.
    static let gradient: RasterImage = {
        var samples: [UInt8] = []
        for y in 0..<30 { for x in 0..<40 { samples += [UInt8(x * 6), UInt8(y * 8), UInt8((x * 7 + y * 3) % 256)] } }
        return RasterImage(width: 40, height: 30, colorSpace: .rgb, storage: .samples(samples))
    }()

    static func pixel(_ image: RenderedImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * image.width + x) * 4
        return Array(image.rgbaPixels()[i..<i + 4])
    }

    @Test func anImageDocumentRendersAtTheImagesOwnSizeWithItsPixels() throws {
        let document = try PDFDocument(data: try ImageDocument.data(showing: Self.gradient))
        #expect(try PageRenderer.naturalScale(ofPage: 0, in: document) == 1)
        let image = try PageRenderer.render(page: 0, of: document)
        #expect(image.width == 40 && image.height == 30 && image.skipped.isEmpty)
        let pixels = image.rgbaPixels()
        guard case .samples(let samples) = Self.gradient.storage else { Issue.record("the gradient fixture has no samples"); return }
        for p in 0..<(40 * 30) {
            #expect(Array(pixels[p * 4..<p * 4 + 3]) == Array(samples[p * 3..<p * 3 + 3]), "pixel \(p)")
            if pixels[p * 4..<p * 4 + 3] != samples[p * 3..<p * 3 + 3] { break }
        }
        let twice = try PageRenderer.render(page: 0, of: document, options: RenderOptions(scale: 2))
        #expect(twice.width == 80 && twice.height == 60)
    }

    @Test func annotationsAreDrawnOverTheImageAndCanBeLeftOut() throws {
        let document = try PDFDocument(data: try ImageDocument.data(showing: Self.gradient))
        var square = PDFAnnotation(kind: .square, rect: CGRect(x: 10, y: 10, width: 20, height: 10), color: nil)
        square.interiorColor = Color(red: 1, green: 0, blue: 0)
        try document.addAnnotation(square, toPage: 0)
        let saved = try PDFDocument(data: try document.dataRepresentation())
        let drawn = try PageRenderer.render(page: 0, of: saved)
        // Page y 15 is image row 30 - 15 = 15 from the top.
        #expect(Self.pixel(drawn, 20, 14) == [255, 0, 0, 255])
        #expect(Self.pixel(drawn, 5, 5) == [30, 40, 50, 255])
        let bare = try PageRenderer.render(page: 0, of: saved, options: RenderOptions(drawsAnnotations: false))
        #expect(Self.pixel(bare, 20, 14) == [120, 112, 182, 255])
    }

    @Test func jpegImagesAreDecodedThroughLibjpeg() throws {
        let jpeg = try ImageDecoder.decode(try Data(contentsOf: Self.fixtures.appendingPathComponent("rgb.jpg")))
        let document = try PDFDocument(data: try ImageDocument.data(showing: jpeg))
        let image = try PageRenderer.render(page: 0, of: document)
        #expect(image.width == jpeg.width && image.height == jpeg.height)
        let centre = Self.pixel(image, jpeg.width / 2, jpeg.height / 2)
        // The fixture is solid (200, 30, 60), saved at quality 95.
        #expect(abs(Int(centre[0]) - 200) <= 3 && abs(Int(centre[1]) - 30) <= 3 && abs(Int(centre[2]) - 60) <= 3)
    }

    @Test func oneAnnotationRendersAloneOnTransparency() throws {
        let document = try Self.gradient(withNote: "the-note", rect: CGRect(x: 5, y: 5, width: 20, height: 20))
        let image = try PageRenderer.render(annotationID: "the-note", in: document, scale: 3)
        #expect(image.width == 60 && image.height == 60)
        #expect(Self.pixel(image, 0, 0)[3] == 0, "outside the icon's circle nothing is drawn")
        #expect(Self.pixel(image, 12, 30) == [0, 255, 0, 255], "the icon's fill")
        #expect(throws: RenderError.noSuchAnnotation("nobody")) { try PageRenderer.render(annotationID: "nobody", in: document) }
    }

    @Test func oneAnnotationOnATurnedPageIsDrawnUprightWhenAsked() throws {
        // A page with /Rotate 90 and a note 20 points wide and 10 tall: turned with the page its
        // picture is 10 x 20 points; upright in page space (what the server gives the editor,
        // which turns it itself, or not for NoRotate) it is 20 x 10.
        let document = try Self.gradient(withNote: "wide-note", rect: CGRect(x: 5, y: 5, width: 20, height: 10), rotate: 90)
        let turned = try PageRenderer.render(annotationID: "wide-note", in: document, scale: 3)
        #expect(turned.width == 30 && turned.height == 60)
        let upright = try PageRenderer.render(annotationID: "wide-note", in: document, scale: 3, turnedWithPage: false)
        #expect(upright.width == 60 && upright.height == 30)
    }

    /// The gradient's one-page document, its page turned by `rotate` degrees, with a green Help
    /// note `id` over `rect`.
    static func gradient(withNote id: String, rect: CGRect, rotate: Int = 0) throws -> PDFDocument {
        let document = try PDFDocument(data: try ImageDocument.data(showing: Self.gradient))
        if rotate != 0 {
            let page = try document.page(at: 0)
            var dictionary = page.dictionary
            dictionary["Rotate"] = .integer(rotate)
            document.file.update(page.reference, with: .dictionary(dictionary))
        }
        var note = PDFAnnotation(kind: .note(.init(icon: "Help")), rect: rect, color: Color(red: 0, green: 1, blue: 0))
        note.id = id
        try document.addAnnotation(note, toPage: 0)
        return document
    }

    /// A one-page document whose page content is `content`.
    static func page(drawing content: String) throws -> PDFDocument {
        let document = try PDFDocument(data: try PDFRenderer().data { context in try context.beginPage() })
        let page = try document.page(at: 0)
        let stream = document.file.add(.stream(PDFStream(dictionary: PDFDictionary(), rawBytes: Array(content.utf8))))
        var dictionary = page.dictionary
        dictionary["Contents"] = .reference(stream)
        document.file.update(page.reference, with: .dictionary(dictionary))
        return document
    }

    @Test func whatTheRendererCannotDrawIsRefusedOrListed() throws {
        // A shading operator in the page's content.
        let document = try Self.page(drawing: "q /Sh0 sh Q 0 0 1 rg 0 0 10 10 re f")
        #expect(throws: RenderError.unsupported(["page 1: shading (sh)"])) { try PageRenderer.render(page: 0, of: document) }
        let partial = try PageRenderer.render(page: 0, of: document, options: RenderOptions(allowPartial: true))
        #expect(partial.skipped == ["page 1: shading (sh)"])
        #expect(Self.pixel(partial, 5, partial.height - 5) == [0, 0, 255, 255], "the rest is drawn")
        #expect(throws: RenderError.noSuchPage(3, pageCount: 1)) { try PageRenderer.render(page: 3, of: document) }
        #expect(throws: RenderError.invalidScale(0)) { try PageRenderer.render(page: 0, of: document, options: RenderOptions(scale: 0)) }
    }

    /// `W n` with no path (a note's appearance from pdf.js's corpus, `pdfjs-issue14438-annots.pdf`,
    /// opens so) clips nothing; a clip with a path still clips.
    @Test func aClipWithoutAPathClipsNothing() throws {
        let document = try Self.page(drawing: "q W n 0 0 1 rg 0 0 10 10 re f Q q 20 0 5 5 re W n 1 0 0 rg 20 0 10 10 re f Q")
        let image = try PageRenderer.render(page: 0, of: document)
        #expect(Self.pixel(image, 5, image.height - 5) == [0, 0, 255, 255], "drawn after a clip without a path")
        #expect(Self.pixel(image, 22, image.height - 2) == [255, 0, 0, 255], "inside a clip with a path")
        #expect(Self.pixel(image, 27, image.height - 7) != [255, 0, 0, 255], "outside it: clipped away")
    }

    @Test func aTurnedPageRendersTurned() throws {
        let document = try PDFDocument(data: try ImageDocument.data(showing: Self.gradient))
        try document.rotatePage(at: 0, by: 90)
        let image = try PageRenderer.render(page: 0, of: document)
        #expect(image.width == 30 && image.height == 40)
        // Turned clockwise: the image's top-left pixel is now at the top-right.
        #expect(Self.pixel(image, 29, 0) == [0, 0, 0, 255])
        let png = try image.pngData()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
