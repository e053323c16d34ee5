import Foundation
import Marginalia

/// `marginalia annotations FILE [--pages RANGE] [--json] [--password PW]`
enum AnnotationsCommand {
    static let help = """
        usage: marginalia annotations FILE [--pages RANGE] [--json] [--password PW]

        Lists the annotations of the selected pages (all by default): type, id, page,
        rectangle, colour and contents; with --json, the project's annotation JSON
        (docs/annotations-json.md). Problems found in annotation dictionaries are reported
        on stderr; such annotations are still listed.
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
        var all: [PDFAnnotation] = []
        for index in selected {
            let (annotations, problems) = try document.readAnnotations(onPage: index)
            all += annotations
            for problem in problems { CommandLineTool.printError("warning: \(problem)") }
        }
        if json {
            print(String(decoding: try AnnotationJSON.encode(all), as: UTF8.self))
            return
        }
        for a in all {
            let r = a.rect
            var line = "page \((a.pageIndex ?? 0) + 1)  \(a.subtype)  \(a.id)  [\(fmt(r.minX)) \(fmt(r.minY)) \(fmt(r.maxX)) \(fmt(r.maxY))]"
            if let color = a.color { line += "  \(color.hex)" }
            if let contents = a.contents, !contents.isEmpty { line += "  \"\(contents.prefix(60))\"" }
            print(line)
        }
        if all.isEmpty { print("no annotations") }
    }

    static func fmt(_ v: CGFloat) -> String {
        let d = Double(v)
        return d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(format: "%.2f", d)
    }
}

/// `marginalia annotate FILE --from FILE.json|FILE.xfdf -o OUT [--compact] [--password PW]`
enum AnnotateCommand {
    /// The largest JSON or XFDF file `annotate` reads: 256 MiB.
    static let maximumAnnotationFileBytes = 256 << 20

    static let help = """
        usage: marginalia annotate FILE --from ANNOTATIONS.json|ANNOTATIONS.xfdf -o OUT [--compact] [--password PW]

        Adds the annotations described in a JSON file (docs/annotations-json.md) or an XFDF
        file (docs/xfdf.md) to the document, each with an appearance stream, and writes an
        incremental update (or a full rewrite with --compact). Every annotation needs a
        pageIndex (0-based). Nothing is written when any annotation is invalid.
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        guard let from = try arguments.option("--from") else { throw UsageError("missing --from ANNOTATIONS.json|.xfdf") }
        guard let output = try arguments.option("-o", "--output") else { throw UsageError("missing -o OUT") }
        let compact = arguments.flag("--compact")
        let password = try arguments.option("--password")
        let path = try arguments.singleInput()
        let annotations = try readAnnotationFile(from)
        let document = try openDocument(path, password: password)
        let pageCount = try document.pageCount
        for (i, annotation) in annotations.enumerated() {
            guard let page = annotation.pageIndex else {
                throw CommandFailure(description: "\(from): annotations[\(i)].pageIndex: missing", code: ExitCode.badInput)
            }
            guard page < pageCount else {
                throw CommandFailure(description: "\(from): annotations[\(i)].pageIndex: page \(page) is out of range (the document has \(pageCount) pages, numbered from 0)", code: ExitCode.badInput)
            }
        }
        do {
            for annotation in PDFAnnotation.parentsFirst(annotations) {
                try document.addAnnotation(annotation, toPage: annotation.pageIndex ?? 0)
            }
        } catch let error as PDFError {
            throw CommandFailure(description: error.description, code: ExitCode.badInput)
        }
        try save(document, to: output, compact: compact)
        CommandLineTool.printError("added \(annotations.count) annotation\(annotations.count == 1 ? "" : "s")")
    }

    /// Reads JSON or XFDF, chosen by the file's extension (or its first character).
    static func readAnnotationFile(_ path: String) throws -> [PDFAnnotation] {
        let data = try readInput(path, limit: maximumAnnotationFileBytes)
        do {
            let isXML = path.lowercased().hasSuffix(".xfdf") || path.lowercased().hasSuffix(".xml") || data.first == UInt8(ascii: "<")
            if isXML { return try XFDFDocument.importAnnotations(from: data) }
            let (annotations, text) = try AnnotationJSON.decodeKeepingText(data)
            keepUntilExit(text)
            return annotations
        } catch {
            throw CommandFailure(description: "\(path): \(error)", code: ExitCode.badInput)
        }
    }
}

/// `marginalia export FILE --format json|xfdf [-o OUT] [--pages RANGE] [--password PW]`
enum ExportCommand {
    static let help = """
        usage: marginalia export FILE --format json|xfdf [-o OUT] [--pages RANGE] [--password PW]

        Writes the document's annotations as the project's JSON or as XFDF (ISO 19444-1),
        to OUT or to standard output.
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        let format = try arguments.option("--format") ?? "json"
        let output = try arguments.option("-o", "--output")
        let range = try arguments.option("--pages")
        let password = try arguments.option("--password")
        let path = try arguments.singleInput()
        guard format == "json" || format == "xfdf" else { throw UsageError("--format must be json or xfdf") }
        let document = try openDocument(path, password: password)
        let pageCount = try document.pageCount
        var all: [PDFAnnotation] = []
        for index in try range.map({ try parsePageRange($0, pageCount: pageCount) }) ?? Array(0..<pageCount) {
            all += try document.annotations(onPage: index)
        }
        let data: Data
        if format == "json" {
            data = try AnnotationJSON.encode(all)
        } else {
            let name = URL(fileURLWithPath: path).lastPathComponent
            data = Data(XFDFDocument.export(all, sourceFileName: name).utf8)
        }
        if let output {
            do {
                try AtomicFileWriter.write(Array(data), to: output)
            } catch let error as PDFError {
                throw CommandFailure(description: error.description, code: ExitCode.badInput)
            }
        } else {
            FileHandle.standardOutput.write(data)
            if data.last != UInt8(ascii: "\n") { FileHandle.standardOutput.write(Data("\n".utf8)) }
        }
    }
}

/// `marginalia remove-annotations FILE --ids ID,... -o OUT [--compact] [--password PW]`
enum RemoveAnnotationsCommand {
    static let help = """
        usage: marginalia remove-annotations FILE --ids ID[,ID...] -o OUT [--compact] [--password PW]

        Removes the annotations with these ids (their /NM, as `annotations` lists them) and
        their popups. Fails, writing nothing, when an id is not found.
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        guard let list = try arguments.option("--ids") else { throw UsageError("missing --ids ID,...") }
        guard let output = try arguments.option("-o", "--output") else { throw UsageError("missing -o OUT") }
        let compact = arguments.flag("--compact")
        let password = try arguments.option("--password")
        let path = try arguments.singleInput()
        let ids = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        guard !ids.isEmpty else { throw UsageError("--ids needs at least one id") }
        let document = try openDocument(path, password: password)
        var found = Set<String>()
        for index in 0..<(try document.pageCount) { found.formUnion(try document.annotations(onPage: index).map(\.id)) }
        let missing = ids.subtracting(found).sorted()
        guard missing.isEmpty else {
            throw CommandFailure(description: "no annotation with id \(missing.joined(separator: ", ")) in \(path)", code: ExitCode.badInput)
        }
        let removed = try document.removeAnnotations(ids: ids)
        try save(document, to: output, compact: compact)
        CommandLineTool.printError("removed \(removed) annotation\(removed == 1 ? "" : "s")")
    }
}

/// `marginalia flatten FILE -o OUT [--comments drop|summary|icons] [--keep-form] [--types ...] [--ids ...] [--pages RANGE] [--compact] [--password PW]`
enum FlattenCommand {
    static let help = """
        usage: marginalia flatten FILE -o OUT [--comments drop|summary|icons] [--keep-form]
                                  [--types TYPE,...] [--ids ID,...] [--pages RANGE] [--compact] [--password PW]

        Flattens everything so nothing can be changed: annotations are burned into the page
        content and removed (with their popups), and form fields are drawn with their values
        and removed from the form. Links stay. A signed form is refused (flattening would
        remove the signature); --keep-form leaves the form as it is.
        --comments says what becomes of the comments (notes with their replies and review
        states, and the text attached to markup):
          drop      left out: notes are not drawn, markup keeps its drawing but not its text
                    (the default)
          summary   left out of the pages and listed on summary pages added at the end, page
                    by page, with author, date and replies
          icons     notes drawn as their icons on the page; the text is not kept
        --types limits flattening to JSON type names (ink, square, circle, line, polygon,
        polyline, freeText, note, stamp, highlight, underline, strikeOut, squiggly), --ids to
        these ids, --pages to these pages; with any of them the form is kept. Hidden
        annotations are removed without being drawn.
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        guard let output = try arguments.option("-o", "--output") else { throw UsageError("missing -o OUT") }
        let types = try arguments.option("--types").map { Set($0.split(separator: ",").map(String.init)) }
        let ids = try arguments.option("--ids").map { Set($0.split(separator: ",").map(String.init)) }
        let range = try arguments.option("--pages")
        let comments = try arguments.option("--comments").map { name in
            guard let choice = FlattenOptions.Comments(rawValue: name) else {
                throw UsageError("--comments: '\(name)' is not one of \(FlattenOptions.Comments.knownNames)")
            }
            return choice
        } ?? .drop
        let keepForm = arguments.flag("--keep-form")
        let compact = arguments.flag("--compact")
        let password = try arguments.option("--password")
        let path = try arguments.singleInput()
        let document = try openDocument(path, password: password)
        let pages = try range.map { try parsePageRange($0, pageCount: try document.pageCount) }
        // A choice of annotations leaves the form alone: the form belongs to every page.
        let chosen = types != nil || ids != nil || pages != nil
        let options = FlattenOptions(forms: !keepForm && !chosen, comments: comments)
        let flattensForm = try options.forms && !document.acroForm().fields.isEmpty
        let result = try document.flatten(options, pages: pages) { annotation in
            (types.map { $0.contains(AnnotationJSON.typeName(of: annotation)) } ?? true)
                && (ids.map { $0.contains(annotation.id) } ?? true)
        }
        try save(document, to: output, compact: compact)
        let count = result.flattened
        var message = "flattened \(count) annotation\(count == 1 ? "" : "s")\(flattensForm ? " and the form" : "")"
        if result.summaryPages > 0 { message += "; added \(result.summaryPages) summary page\(result.summaryPages == 1 ? "" : "s")" }
        CommandLineTool.printError(message)
    }
}
