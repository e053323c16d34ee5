import Foundation
import Marginalia

/// `marginalia text FILE [--pages RANGE] [--json] [--password PW]`
enum TextCommand {
    static let help = """
        usage: marginalia text FILE [--pages RANGE] [--json] [--password PW]

        Prints the text of each selected page in reading order (columns, rotated pages and
        rotated text handled; ligatures split into their letters): words separated by a
        space, lines by a line feed, blocks by an empty line, pages by a form feed. Glyphs
        whose fonts give no text print as U+FFFD and are counted on standard error.

          --json           print JSON (docs/text-json.md): per page, blocks of lines of words,
                           each word with its quad in page space, character edges, font
                           and size
          --pages RANGE    pages to read, 1-based: 5, 1-10 or 1,3,7-9 (default: all)
          --password PW    the user or owner password of an encrypted document
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        let json = arguments.flag("--json")
        let range = try arguments.option("--pages")
        let password = try arguments.option("--password")
        let path = try arguments.singleInput()
        let document = try openDocument(path, password: password)
        let pageCount = try document.pageCount
        let selected = try range.map { try parsePageRange($0, pageCount: pageCount) } ?? Array(0..<pageCount)
        var unmapped = 0
        var records: [JSONValue] = []
        for (position, index) in selected.enumerated() {
            do {
                if json {
                    let text = try document.text(ofPage: index)
                    unmapped += text.unmappedGlyphCount
                    records.append(text.jsonRecord)
                } else {
                    // The string alone: no characters, words or boxes made only to be dropped.
                    let text = try document.string(ofPage: index)
                    unmapped += text.unmappedGlyphCount
                    let separator = position + 1 < selected.count ? "\n\u{0C}" : "\n"
                    print(text.string, terminator: separator)
                }
            } catch let error as PDFError {
                throw CommandFailure(description: "\(path): page \(index + 1): \(error)", code: ExitCode.badInput)
            }
        }
        if json {
            print(JSONValue.object([
                ("format", .string("marginalia-text")), ("version", .integer(PageText.jsonFormatVersion)),
                ("file", .string(path)), ("pageCount", .integer(pageCount)), ("pages", .array(records)),
            ]).rendered())
        }
        if unmapped > 0 {
            CommandLineTool.printError("marginalia text: \(path): \(unmapped) glyph(s) have no text in their fonts (shown as U+FFFD)")
        }
    }
}
