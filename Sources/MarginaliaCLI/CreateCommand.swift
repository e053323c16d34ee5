import Foundation
import Marginalia

/// `marginalia create FILE.txt|FILE.md -o OUT.pdf [--title T] [--author A] [--font PATH] [--page-size a4|letter|WxH] [--single-page]`
enum CreateCommand {
    /// The largest text or image file `create` reads: 64 MiB.
    static let maximumInputBytes = 64 << 20

    static let help = """
        usage: marginalia create FILE.txt|FILE.md|IMAGE -o OUT.pdf [--title T] [--author A] [--font PATH]
                                 [--page-size a4|letter|WxH] [--single-page]

        Makes a PDF from plain text or Markdown (headings, paragraphs, bold, italic, code,
        links, lists, code blocks, quotes, rules and images, relative to the input file).
        From a PNG or JPEG (known by its bytes) it makes an image document: one page the
        size of the image, a point per pixel, to annotate and `marginalia render` back.

          --title T, --author A   document metadata (the title defaults to the first heading)
          --font PATH             a TrueType font (.ttf) to set the text in, embedded as a
                                  subset; its -Bold, -Oblique/-Italic and Mono siblings are
                                  used when they exist. Without it, Helvetica and Courier are
                                  used, and text they cannot show is drawn in embedded
                                  subsets as annotations' text is: URW's Nimbus Sans (Nimbus
                                  Mono PS for code), the script's Noto font, then DejaVu Sans.
          --page-size SIZE        a4, letter (default) or WxH in points, e.g. 420x595
          --single-page           one page as tall as the content (a "full page" PDF)
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        guard let output = try arguments.option("-o", "--output") else { throw UsageError("missing -o OUT.pdf") }
        let title = try arguments.option("--title")
        let author = try arguments.option("--author")
        let fontPath = try arguments.option("--font")
        let sizeName = try arguments.option("--page-size") ?? "letter"
        let singlePage = arguments.flag("--single-page")
        let path = try arguments.singleInput()

        let pageSize = try parsePageSize(sizeName)
        let data = try readInput(path, limit: maximumInputBytes)
        if ImageDocument.isImage(data) {
            try createImageDocument(data, path: path, output: output, title: title, author: author)
            return
        }
        let text = String(decoding: data, as: UTF8.self)
        let isMarkdown = [".md", ".markdown", ".mdown"].contains { path.lowercased().hasSuffix($0) }
        let document = isMarkdown ? MarkdownDocument.parse(text) : MarkdownDocument.plainText(text)

        var fonts = DocumentComposer.Fonts.standard
        do {
            if let fontPath { fonts = try FontFamily.load(regular: fontPath) }
        } catch {
            throw CommandFailure(description: "\(fontPath ?? "font"): \(error)", code: ExitCode.badInput)
        }
        var composer = DocumentComposer(fonts: fonts, pageSize: pageSize, singlePage: singlePage,
                                        baseDirectory: URL(fileURLWithPath: path).deletingLastPathComponent())
        composer.margins = PageMargins(pageSize.width < 400 ? 36 : 72)
        var metadata = DocumentMetadata(title: title ?? firstHeading(document), author: author, creator: "marginalia create",
                                        producer: "Marginalia", creationDate: Date(), modificationDate: Date())
        if metadata.title == nil { metadata.title = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }
        do {
            let (pdf, warnings) = try composer.compose(document, metadata: metadata)
            for warning in warnings { CommandLineTool.printError("warning: \(warning)") }
            try AtomicFileWriter.write(Array(pdf), to: output)
        } catch let error as PDFError {
            throw CommandFailure(description: error.description, code: ExitCode.badInput)
        } catch let error as GenerationError {
            throw CommandFailure(description: error.description, code: ExitCode.badInput)
        }
    }

    /// An image document of the image in `data`: one page, or one per page of a TIFF.
    static func createImageDocument(_ data: Data, path: String, output: String, title: String?, author: String?) throws {
        let metadata = DocumentMetadata(title: title ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent,
                                        author: author, creator: "marginalia create", producer: "Marginalia",
                                        creationDate: Date(), modificationDate: Date())
        do {
            let pdf = try ImageDocument.data(showingPages: try ImageDecoder().decodePages(data), metadata: metadata)
            try AtomicFileWriter.write(Array(pdf), to: output)
        } catch let error as ImageError {
            throw CommandFailure(description: "\(path): \(error)", code: ExitCode.badInput)
        } catch let error as PDFError {
            throw CommandFailure(description: error.description, code: ExitCode.badInput)
        } catch let error as GenerationError {
            throw CommandFailure(description: error.description, code: ExitCode.badInput)
        }
    }

    static func parsePageSize(_ name: String) throws -> CGSize {
        switch name.lowercased() {
        case "a4": return CGSize(width: 595.28, height: 841.89)
        case "letter": return CGSize(width: 612, height: 792)
        default:
            let parts = name.lowercased().split(separator: "x")
            guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
                  w >= 72, h >= 72, w <= 14_400, h <= 14_400
            else {
                throw UsageError("--page-size: expected a4, letter or WxH in points (72 to 14400), got '\(name)'")
            }
            return CGSize(width: w, height: h)
        }
    }

    static func firstHeading(_ document: MarkdownDocument) -> String? {
        for case .heading(_, let runs) in document.blocks { return runs.map(\.text).joined() }
        return nil
    }
}

/// Finding a TrueType family from one file.
enum FontFamily {
    /// The regular face at `regular`, with its bold, italic and monospace siblings when they
    /// sit beside it (DejaVuSans.ttf -> DejaVuSans-Bold.ttf, DejaVuSans-Oblique.ttf,
    /// DejaVuSansMono.ttf); missing siblings use the regular face.
    static func load(regular path: String) throws -> DocumentComposer.Fonts {
        let regular = try TrueTypeFont(path: path)
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let stem = url.deletingPathExtension().lastPathComponent.replacingOccurrences(of: "-Regular", with: "")
        func sibling(_ suffixes: [String]) -> any PDFFont {
            for suffix in suffixes {
                let candidate = folder.appendingPathComponent(stem + suffix + ".ttf").path
                if FileManager.default.fileExists(atPath: candidate), let font = try? TrueTypeFont(path: candidate) { return font }
            }
            return regular
        }
        return DocumentComposer.Fonts(regular: regular, bold: sibling(["-Bold"]), italic: sibling(["-Oblique", "-Italic"]),
                                      boldItalic: sibling(["-BoldOblique", "-BoldItalic"]), monospace: sibling(["Mono", "-Mono"]))
    }
}

/// `marginalia sample -o OUT.pdf`
enum SampleCommand {
    static let help = """
        usage: marginalia sample -o OUT.pdf

        Writes the built-in sample document (the one the server opens when it has no
        documents): three pages about the editor, a form and some annotations.
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        guard let output = try arguments.option("-o", "--output") else { throw UsageError("missing -o OUT.pdf") }
        guard arguments.items.isEmpty else { throw UsageError("unexpected '\(arguments.items[0])'") }
        do {
            try AtomicFileWriter.write(Array(try SampleDocument.make()), to: output)
        } catch let error as PDFError {
            throw CommandFailure(description: error.description, code: ExitCode.badInput)
        }
    }
}
