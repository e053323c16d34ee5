import Foundation
import Marginalia

/// `marginalia text FILE [--pages RANGE] [--json] [--threads N] [--password PW]`
enum TextCommand {
    static let help = """
        usage: marginalia text FILE [--pages RANGE] [--json] [--threads N] [--password PW]

        Prints the text of each selected page in reading order (columns, rotated pages and
        rotated text handled; ligatures split into their letters): words separated by a
        space, lines by a line feed, blocks by an empty line, pages by a form feed. Glyphs
        whose fonts give no text print as U+FFFD and are counted on standard error.

          --json           print JSON (docs/text-json.md): per page, blocks of lines of words,
                           each word with its quad in page space, character edges, font
                           and size
          --pages RANGE    pages to read, 1-based: 5, 1-10 or 1,3,7-9 (default: all)
          --threads N      read plain text on up to N threads, 1 to 64 (default: the
                           number of processors), 64 pages a thread; printed in page
                           order, the same whatever N (--json reads on one thread)
          --password PW    the user or owner password of an encrypted document
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        let json = arguments.flag("--json")
        let range = try arguments.option("--pages")
        let password = try arguments.option("--password")
        let threads = try parseThreads(try arguments.option("--threads"))
        let path = try arguments.singleInput()
        let document = try openDocument(path, password: password)
        let pageCount = try document.pageCount
        let selected = try range.map { try parsePageRange($0, pageCount: pageCount) } ?? Array(0..<pageCount)
        var unmapped = 0
        var records: [JSONValue] = []
        if json {
            for index in selected {
                do {
                    let text = try document.text(ofPage: index)
                    unmapped += text.unmappedGlyphCount
                    records.append(text.jsonRecord)
                } catch let error as PDFError {
                    throw pageFailure(path, index, error)
                }
            }
        } else {
            // The strings alone (no characters, words or boxes made only to be dropped), read
            // on the machine's cores and printed in page order.
            var printed = 0
            try document.forEachString(ofPages: selected, threads: threads) { index, result in
                let text: PageString
                do {
                    text = try result.get()
                } catch let error as PDFError {
                    throw pageFailure(path, index, error)
                }
                unmapped += text.unmappedGlyphCount
                printed += 1
                print(text.string, terminator: printed < selected.count ? "\n\u{0C}" : "\n")
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

    /// The most threads `--threads` takes.
    static let maximumThreads = 64

    private static func parseThreads(_ text: String?) throws -> Int {
        guard let text else { return ProcessInfo.processInfo.activeProcessorCount }
        guard let threads = Int(text), (1...maximumThreads).contains(threads) else {
            throw UsageError("--threads: '\(text)' is not a whole number from 1 to \(maximumThreads)")
        }
        return threads
    }

    private static func pageFailure(_ path: String, _ index: Int, _ error: PDFError) -> CommandFailure {
        CommandFailure(description: "\(path): page \(index + 1): \(error)", code: ExitCode.badInput)
    }
}
