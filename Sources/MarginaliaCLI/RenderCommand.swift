import Foundation
import Marginalia
import MarginaliaRender

/// `marginalia render FILE [--page N] [--scale S | --dpi D] [--annotation ID] -o OUT.png`
enum RenderCommand {
    static let help = """
        usage: marginalia render FILE -o OUT.png [--page N] [--scale S | --dpi D]
                                 [--annotation ID] [--no-annotations] [--allow-partial]
                                 [--password PW]

        Draws a page, with its annotations, or one annotation alone, into a PNG, with cairo
        and no browser. Made for image documents (a page that is one image, such as a PNG
        or JPEG imported into the server) and for annotations: other pages render only when
        their content uses what the renderer draws (paths, images, text in the standard 14
        fonts), else the command names what it cannot draw and writes nothing.

          -o, --output OUT.png  where to write the PNG (replaced atomically)
          --page N              the page to draw, 1-based (default 1)
          --scale S             pixels per point; default: the page's image at its own pixel
                                size for an image document, else 1 (72 dpi)
          --dpi D               pixels per inch (the same as --scale D/72)
          --annotation ID       draw only this annotation's appearance (its /NM id, as
                                `marginalia annotations` lists it) on a transparent
                                background, its rectangle at the scale (default 1)
          --no-annotations      draw the page without its annotations
          --allow-partial       draw what can be drawn and list what was left out on stderr
          --password PW         the password of an encrypted document
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        guard let output = try arguments.option("-o", "--output") else { throw UsageError("missing -o OUT.png") }
        let pageText = try arguments.option("--page")
        let scaleText = try arguments.option("--scale")
        let dpiText = try arguments.option("--dpi")
        let annotationID = try arguments.option("--annotation")
        let withoutAnnotations = arguments.flag("--no-annotations")
        let allowPartial = arguments.flag("--allow-partial")
        let password = try arguments.option("--password")
        let path = try arguments.singleInput()
        guard scaleText == nil || dpiText == nil else { throw UsageError("give --scale or --dpi, not both") }
        var scale: Double?
        if let scaleText {
            guard let value = Double(scaleText), value.isFinite, value > 0, value <= 100 else {
                throw UsageError("--scale '\(scaleText)' is not a number above 0 and at most 100")
            }
            scale = value
        }
        if let dpiText {
            guard let value = Double(dpiText), value.isFinite, value > 0, value <= 7200 else {
                throw UsageError("--dpi '\(dpiText)' is not a number above 0 and at most 7200")
            }
            scale = value / 72
        }
        if annotationID != nil && (pageText != nil || withoutAnnotations) {
            throw UsageError("--annotation draws one annotation: --page and --no-annotations do not apply")
        }
        let document = try openDocument(path, password: password)
        let image: RenderedImage
        do {
            if let annotationID {
                image = try PageRenderer.render(annotationID: annotationID, in: document, scale: scale, allowPartial: allowPartial)
            } else {
                let count = try document.pageCount
                let page = try pageText.map { try parsePageNumber(Substring($0), option: "--page") } ?? 1
                guard page <= count else { throw CommandFailure(description: "\(path): there is no page \(page) (the document has \(count))", code: ExitCode.badInput) }
                image = try PageRenderer.render(page: page - 1, of: document,
                                                options: RenderOptions(scale: scale, drawsAnnotations: !withoutAnnotations,
                                                                       allowPartial: allowPartial))
            }
        } catch let error as RenderError {
            throw CommandFailure(description: "\(path): \(error)", code: ExitCode.badInput)
        }
        for skipped in image.skipped { CommandLineTool.printError("marginalia render: not drawn: \(skipped)") }
        do {
            try image.writePNG(to: URL(fileURLWithPath: output))
        } catch {
            throw CommandFailure(description: "\(output): cannot write the PNG (\(error))", code: ExitCode.badInput)
        }
        print("wrote \(output) (\(image.width) x \(image.height) pixels)")
    }
}
