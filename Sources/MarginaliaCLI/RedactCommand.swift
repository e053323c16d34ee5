import Foundation
import Marginalia

/// `marginalia redact FILE -o OUT [--marks-only | --text WORD... | --regex RE | --preset P...] [--overlay-text T]
/// [--color #RRGGBB] [--case-sensitive] [--scrub-metadata] [--json] [--password PW]`
enum RedactCommand {
    static let help = """
        usage: marginalia redact FILE -o OUT [--marks-only | --text WORD... | --regex RE | --preset P...]
                                 [--overlay-text T] [--color #RRGGBB] [--case-sensitive]
                                 [--scrub-metadata] [--json] [--password PW]

        Applies redactions: under each redaction mark (a /Redact annotation) the text, images,
        drawings and annotations are removed from the file, not hidden, and the mark's overlay
        is drawn in their place (docs/redaction.md says exactly what goes and what stays).
        The output is a full rewrite, so no earlier revision keeps what was removed.

        With --text, --regex or --preset, every match of the document's text is marked first, then the
        marks already in the file and the new ones are applied together.

          -o, --output OUT    where to write; may be FILE itself (replaced atomically)
          --marks-only        apply the marks the file holds (the default without --text,
                              --regex or --preset)
          --text WORD         mark every occurrence of WORD (a word or phrase; spaces match any
                              run of spaces or line breaks); repeat for more words
          --regex RE          mark every match of the regular expression RE (ICU syntax) in each
                              page's text, whose words are separated by a space, lines by a line feed
          --preset P          mark every e-mail address (email) or phone number (phone), as
                              the editor's find presets find them; repeat for both
          --case-sensitive    --text: upper and lower case differ (they match each other by default)
          --overlay-text T    text drawn in the overlay of the marks this command makes
          --color #RRGGBB     the overlay's colour where a mark has no /IC of its own (default black)
          --scrub-metadata    also remove the Info dictionary, the XMP metadata, document-level
                              JavaScript and open actions, and embedded files
          --json              print what was removed, page by page, as JSON
          --password PW       the user or owner password of an encrypted document
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        guard let output = try arguments.option("-o", "--output") else { throw UsageError("missing -o OUT") }
        let marksOnly = arguments.flag("--marks-only")
        let words = try arguments.values("--text")
        let pattern = try arguments.option("--regex")
        let presetNames = try arguments.values("--preset")
        let overlayText = try arguments.option("--overlay-text")
        let colorText = try arguments.option("--color")
        let caseSensitive = arguments.flag("--case-sensitive")
        let scrub = arguments.flag("--scrub-metadata")
        let json = arguments.flag("--json")
        let password = try arguments.option("--password")
        let path = try arguments.singleInput()
        if marksOnly && (!words.isEmpty || pattern != nil || !presetNames.isEmpty) {
            throw UsageError("--marks-only cannot be combined with --text, --regex or --preset")
        }
        let presets = try presetNames.map { name in
            guard let preset = TextPreset(rawValue: name) else {
                throw UsageError("--preset '\(name)': expected one of \(TextPreset.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return try TextPattern(preset: preset)
        }
        if let empty = words.first(where: { $0.allSatisfy(\.isWhitespace) }) { throw UsageError("--text '\(empty)' is empty") }
        var options = RedactionOptions(scrubsMetadata: scrub)
        if let colorText {
            guard let color = Color(hex: colorText) else { throw UsageError("--color expects #RRGGBB, got '\(colorText)'") }
            options.overlayColor = color
        }
        let expression: TextPattern?
        do {
            expression = try pattern.map { try TextPattern(regularExpression: $0) }
        } catch {
            throw UsageError("--regex \(error)")
        }
        let patterns = (expression.map { [$0] } ?? []) + presets

        let document = try openDocument(path, password: password)
        var marked = 0
        let report: RedactionReport
        do {
            for index in 0..<(try document.pageCount) where !words.isEmpty || !patterns.isEmpty {
                let text = try document.text(ofPage: index)
                var selections = words.flatMap { text.findString($0, options: caseSensitive ? [] : [.caseInsensitive]) }
                selections += patterns.flatMap { text.findMatches(of: $0) }
                for selection in selections {
                    let quads = selection.quads(onPage: index).map { PDFAnnotation.Quad(points: [$0.topLeft, $0.topRight, $0.bottomLeft, $0.bottomRight]) }
                    guard !quads.isEmpty else { continue }
                    let kind = PDFAnnotation.Kind.redact(PDFAnnotation.Redact(quads: quads, overlayText: overlayText))
                    var mark = PDFAnnotation(kind: kind, rect: selection.bounds(forPage: index), color: Color(red: 0.8, green: 0.1, blue: 0.1),
                                             pageIndex: index)
                    mark.interiorColor = options.overlayColor
                    try document.addAnnotation(mark, toPage: index)
                    marked += 1
                }
            }
            report = try document.applyRedactions(options: options)
        } catch let error as PDFError {
            throw CommandFailure(description: "\(path): \(error)", code: ExitCode.badInput)
        }
        try save(document, to: output, compact: true)
        if json {
            let pages: [JSONValue] = report.pages.map { page in .object(page.counts.map { ($0.key, .number(Double($0.value))) }) }
            print(JSONValue.object([
                ("format", .string("marginalia-redact")), ("version", .number(1)), ("file", .string(path)),
                ("output", .string(output)), ("marksMade", .number(Double(marked))), ("pages", .array(pages)),
                ("metadataScrubbed", .bool(report.scrubbedMetadata)),
            ]).rendered())
        } else {
            let glyphs = report.pages.reduce(0) { $0 + $1.glyphs }
            let marks = report.pages.reduce(0) { $0 + $1.marks }
            print("applied \(marks) mark\(marks == 1 ? "" : "s") on \(report.pages.count) page\(report.pages.count == 1 ? "" : "s"): \(glyphs) glyphs removed")
        }
    }
}
