import Foundation
import Marginalia
import Testing

/// Embeds images in one-page PDFs and renders them with poppler's pdftoppm: the outside
/// check that the XObjects (colour space, soft mask, CMYK inversion) mean what we think.
enum ImageRender {
    /// How many page units each image pixel covers, so the centre is far from any edge.
    static let scale = 8

    static let pdftoppm: String? = ["/usr/bin/pdftoppm", "/usr/local/bin/pdftoppm"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// A one-page PDF whose page is the image, scaled up by ``scale``.
    static func onePagePDF(showing image: RasterImage) throws -> [UInt8] {
        let width = image.width * scale
        let height = image.height * scale
        var text = "%PDF-1.7\n"
        var offsets: [Int] = []
        for body in [
            "<</Type/Catalog/Pages 2 0 R>>",
            "<</Type/Pages/Kids[3 0 R]/Count 1>>",
            "<</Type/Page/Parent 2 0 R/MediaBox[0 0 \(width) \(height)]>>",
        ] {
            offsets.append(text.utf8.count)
            text += "\(offsets.count) 0 obj\n\(body)\nendobj\n"
        }
        let start = text.utf8.count
        text += "xref\n0 4\n0000000000 65535 f\r\n"
        for offset in offsets {
            text += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n\r\n"
        }
        text += "trailer\n<</Size 4/Root 1 0 R>>\nstartxref\n\(start)\n%%EOF\n"

        let file = try PDFFile(source: ByteSource(bytes: Array(text.utf8)))
        let imageReference = try image.pdfObjects().addToFile(file.add)
        let content = "q \(width) 0 0 \(height) 0 0 cm /Im0 Do Q"
        let contentReference = file.add(.stream(PDFStream(dictionary: PDFDictionary(), rawBytes: Array(content.utf8))))
        let pageReference = PDFReference(3)
        var page = try #require(try file.dictionary(.reference(pageReference)))
        let xObjects = PDFDictionary(["Im0": .reference(imageReference)])
        page["Resources"] = .dictionary(PDFDictionary(["XObject": .dictionary(xObjects)]))
        page["Contents"] = .reference(contentReference)
        file.update(pageReference, with: .dictionary(page))
        return try file.dataRepresentation(options: PDFWriteOptions(mode: .compact))
    }

    /// Renders the first page of `pdf` at 72 dpi and decodes the PNG that pdftoppm writes.
    /// With `MARGINALIA_KEEP_RENDERS=<directory>` in the environment, the PDF and the PNG are
    /// copied there as `<name>.pdf` and `<name>.png` to be looked at.
    static func render(_ pdf: [UInt8], keepingAs name: String) throws -> RasterImage {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("marginalia-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("\(name).pdf")
        try Data(pdf).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(pdftoppm))
        process.arguments = ["-png", "-r", "72", "-singlefile", input.path, directory.appendingPathComponent(name).path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "pdftoppm failed on \(name)")
        let output = directory.appendingPathComponent("\(name).png")
        if let keep = ProcessInfo.processInfo.environment["MARGINALIA_KEEP_RENDERS"] {
            let kept = URL(fileURLWithPath: keep)
            for file in [input, output] {
                let target = kept.appendingPathComponent(file.lastPathComponent)
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(at: file, to: target)
            }
        }
        return try ImageDecoder.decode(Data(contentsOf: output))
    }
}

extension ImagesTests {
    @Suite("Rendered by pdftoppm", .enabled(if: ImageRender.pdftoppm != nil, "pdftoppm is not installed"))
    struct ImageRenderTests {
        /// Each fixture, the RGB colour its centre must render as on a white page, and the
        /// tolerance (JPEG is lossy; compositing alpha rounds).
        static let cases: [(String, [Int], Int)] = [
            ("rgb.png", [200, 30, 60], 1),
            // 136/255 opaque blue over white: 255 * (1 - 136/255) = 119.
            ("rgba.png", [119, 119, 255], 2),
            ("rgba-opaque.png", [40, 50, 60], 1),
            // 200/255 opaque gray 90 over white: 90 * 200/255 + 55 = 125.6.
            ("gray-alpha.png", [126, 126, 126], 2),
            // Palette green at tRNS opacity 128 over white.
            ("palette.png", [127, 255, 127], 2),
            ("gray16.png", [128, 128, 128], 1),
            ("interlaced.png", [20, 160, 90], 1),
            ("gray.jpg", [128, 128, 128], 3),
            ("rgb.jpg", [200, 30, 60], 6),
            ("progressive.jpg", [30, 120, 220], 6),
            // C=0 M=1 Y=1 K=0 is red; without /Decode [1 0 ...] the inverted samples would
            // render as cyan ink at full black (near black).
            ("cmyk.jpg", [255, 0, 0], 40),
        ]

        @Test(arguments: cases)
        func centrePixelHasTheImagesColour(name: String, expected: [Int], tolerance: Int) throws {
            let image = try ImageFixtures.decode(name)
            let pdf = try ImageRender.onePagePDF(showing: image)
            let rendered = try ImageRender.render(pdf, keepingAs: name.replacingOccurrences(of: ".", with: "-"))
            #expect(rendered.width == 16 * ImageRender.scale)
            #expect(rendered.height == 12 * ImageRender.scale)
            let centre = rendered.pixel(rendered.width / 2, rendered.height / 2).map(Int.init)
            let rgb = centre.count == 1 ? Array(repeating: centre[0], count: 3) : centre
            #expect(rgb.count == 3)
            #expect(zip(rgb, expected).allSatisfy { abs($0 - $1) <= tolerance }, "\(name) renders as \(rgb)")
        }
    }
}
