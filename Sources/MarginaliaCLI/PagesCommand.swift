import Foundation
import Marginalia

/// `marginalia pages FILE -o OUT [--compact] [--password PW] OPERATION...`
enum PagesCommand {
    static let help = """
        usage: marginalia pages FILE -o OUT [--compact] [--password PW] OPERATION...

        Edits the page list. Operations apply in the order given; page numbers are 1-based
        and refer to the document as it is when that operation runs.

          --insert-blank AFTER[:WxH]  insert a blank page after page AFTER (0 = before the
                                      first page); size in points, default the size of page
                                      AFTER (or of page 1)
          --remove N                  remove page N
          --move FROM:TO              move page FROM so that it becomes page TO
          --rotate N:DEGREES          rotate page N by DEGREES clockwise (a multiple of 90)
          -o, --output OUT            where to write; may be FILE itself (replaced atomically)
          --compact                   write a full rewrite instead of an incremental update
          --password PW               the password of an encrypted document
        """

    enum Operation {
        case insertBlank(after: Int, size: CGSize?)
        case remove(Int)
        case move(from: Int, to: Int)
        case rotate(page: Int, degrees: Int)
    }

    static func run(_ argv: [String]) throws {
        var operations: [Operation] = []
        var rest: [String] = []
        var i = 0
        while i < argv.count {
            let item = argv[i]
            let names = ["--insert-blank", "--remove", "--move", "--rotate"]
            guard names.contains(item) else {
                rest.append(item)
                i += 1
                continue
            }
            guard i + 1 < argv.count else { throw UsageError("\(item) needs a value") }
            operations.append(try parse(item, argv[i + 1]))
            i += 2
        }
        var arguments = Arguments(rest)
        guard let output = try arguments.option("-o", "--output") else { throw UsageError("missing -o OUT") }
        let compact = arguments.flag("--compact")
        let password = try arguments.option("--password")
        let path = try arguments.singleInput()
        guard !operations.isEmpty else { throw UsageError("no operation given (--insert-blank, --remove, --move, --rotate)") }

        let document = try openDocument(path, password: password)
        do {
            for operation in operations { try apply(operation, to: document) }
        } catch let error as PDFError {
            throw CommandFailure(description: error.description, code: ExitCode.badInput)
        }
        try save(document, to: output, compact: compact)
    }

    static func parse(_ name: String, _ value: String) throws -> Operation {
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        switch name {
        case "--insert-blank":
            guard parts.count <= 2, let after = Int(parts[0]), after >= 0 else {
                throw UsageError("--insert-blank: expected AFTER[:WxH], got '\(value)'")
            }
            var size: CGSize? = nil
            if parts.count == 2 {
                let dims = parts[1].lowercased().split(separator: "x")
                guard dims.count == 2, let w = Double(dims[0]), let h = Double(dims[1]) else {
                    throw UsageError("--insert-blank: size '\(parts[1])' is not WxH in points")
                }
                size = CGSize(width: w, height: h)
            }
            return .insertBlank(after: after, size: size)
        case "--remove":
            return .remove(try parsePageNumber(Substring(value), option: name))
        case "--move":
            guard parts.count == 2 else { throw UsageError("--move: expected FROM:TO, got '\(value)'") }
            return .move(from: try parsePageNumber(parts[0], option: name), to: try parsePageNumber(parts[1], option: name))
        default:
            guard parts.count == 2, let degrees = Int(parts[1]) else {
                throw UsageError("--rotate: expected N:DEGREES, got '\(value)'")
            }
            guard degrees % 90 == 0 else { throw UsageError("--rotate: \(degrees) is not a multiple of 90") }
            return .rotate(page: try parsePageNumber(parts[0], option: name), degrees: degrees)
        }
    }

    static func apply(_ operation: Operation, to document: PDFDocument) throws {
        let count = try document.pageCount
        func check(_ page: Int) throws {
            guard page >= 1 && page <= count else {
                throw CommandFailure(description: "page \(page) is out of range (the document has \(count) pages)",
                                     code: ExitCode.badInput)
            }
        }
        switch operation {
        case .insertBlank(let after, let size):
            guard after <= count else {
                throw CommandFailure(description: "cannot insert after page \(after): the document has \(count) pages",
                                     code: ExitCode.badInput)
            }
            let reference = count == 0 ? nil : try document.page(at: max(after, 1) - 1)
            let defaultSize = reference.map { $0.bounds(for: .mediaBox).size } ?? CGSize(width: 612, height: 792)
            try document.insertBlankPage(size: size ?? defaultSize, at: after)
        case .remove(let page):
            try check(page)
            try document.removePage(at: page - 1)
        case .move(let from, let to):
            try check(from)
            try check(to)
            try document.movePage(from: from - 1, to: to - 1)
        case .rotate(let page, let degrees):
            try check(page)
            try document.rotatePage(at: page - 1, by: degrees)
        }
    }
}
