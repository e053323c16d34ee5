import Foundation
import Marginalia

/// `marginalia search FILE QUERY [--json] [--pages RANGE] [--case-sensitive] [--exact-accents] [--whole-words] [--password PW]`
enum SearchCommand {
    static let help = """
        usage: marginalia search FILE QUERY [--json] [--pages RANGE] [--case-sensitive]
                                 [--exact-accents] [--whole-words] [--password PW]

        Finds QUERY in the document's text and prints each match: its page, the line it is
        on (page by page, as each page is read), and with --json its quads in page space
        (docs/text-json.md). Spaces in QUERY
        match any run of spaces or line breaks, so a phrase is found across lines. Matching
        ignores case and accents unless told otherwise. Exit status 0 whether or not
        anything is found.

          --json            print JSON: the query and every match with its page, text and quads
          --pages RANGE     pages to search, 1-based: 5, 1-10 or 1,3,7-9 (default: all)
          --case-sensitive  upper and lower case differ
          --exact-accents   letters match only with the same accents
          --whole-words     matches begin and end at word boundaries
          --password PW     the user or owner password of an encrypted document
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        let json = arguments.flag("--json")
        var options: TextSearchOptions = [.caseInsensitive, .diacriticInsensitive]
        if arguments.flag("--case-sensitive") { options.remove(.caseInsensitive) }
        if arguments.flag("--exact-accents") { options.remove(.diacriticInsensitive) }
        if arguments.flag("--whole-words") { options.insert(.wholeWords) }
        let range = try arguments.option("--pages")
        let password = try arguments.option("--password")
        let (path, query) = try inputAndQuery(&arguments)
        guard !query.allSatisfy(\.isWhitespace) else { throw UsageError("QUERY is empty") }
        let document = try openDocument(path, password: password)
        let pageCount = try document.pageCount
        let selected = try range.map { try parsePageRange($0, pageCount: pageCount) } ?? Array(0..<pageCount)
        var matches: [(PDFSelection, String)] = []
        for index in selected {
            do {
                let text = try document.text(ofPage: index)
                for selection in text.findString(query, options: options) {
                    let line = context(of: selection, in: text)
                    matches.append((selection, line))
                    // The text report shows each page's matches as soon as the page is read.
                    if !json { print("page \(index + 1): \(line)") }
                }
                if !json { fflush(nil) }
            } catch let error as PDFError {
                throw CommandFailure(description: "\(path): page \(index + 1): \(error)", code: ExitCode.badInput)
            }
        }
        if json {
            print(JSONValue.object([
                ("format", .string("marginalia-search")), ("version", .integer(PageText.jsonFormatVersion)),
                ("file", .string(path)), ("query", .string(query)),
                ("matches", .array(matches.map(\.0.jsonRecord))),
            ]).rendered())
        } else {
            print("\(matches.count) match\(matches.count == 1 ? "" : "es")")
        }
    }

    /// FILE and QUERY: the two positional arguments, in that order.
    private static func inputAndQuery(_ arguments: inout Arguments) throws -> (String, String) {
        let items = arguments.items
        if let unknown = items.first(where: { $0.hasPrefix("--") }) { throw UsageError("unknown option '\(unknown)'") }
        guard items.count == 2 else {
            throw UsageError(items.count < 2 ? "expected FILE and QUERY" : "expected FILE and QUERY, got \(items.count) arguments (quote a query with spaces)")
        }
        return (items[0], items[1])
    }

    /// The line a match lies on (its first quad's line), for the text report.
    private static func context(of selection: PDFSelection, in text: PageText) -> String {
        guard let quad = selection.spans.first?.quads.first else { return selection.string }
        let center = CGPoint(x: quad.bounds.midX, y: quad.bounds.midY)
        for line in text.lines where line.quad.bounds.insetBy(dx: -0.5, dy: -0.5).contains(center) {
            return line.words.map(\.text).joined(separator: " ")
        }
        return selection.string
    }
}
