#if !hasFeature(Embedded)
import Foundation
#endif

// The commands of page organising (docs/api.md, "Commands"): several pages turned, moved,
// removed or duplicated as one step, and pages inserted from another document or an
// uploaded file. Their JSON and their rules.

/// Where inserted pages come from.
public enum PageSource: Equatable, Sendable {
    /// Another document of the store, by id, in its current state.
    case document(String)
    /// A file uploaded for this document (`POST …/uploads`), by the number it was given.
    case upload(Int)

    /// `{"document": ID}` or `{"upload": N}`.
    public var json: JSONValue {
        switch self {
        case .document(let id): return .object([("document", .string(id))])
        case .upload(let number): return .object([("upload", .integer(number))])
        }
    }
}

extension EditorCommand {
    /// The most pages one page command may name.
    public static let maximumPages = 10_000

    /// Decodes the page-organising commands (`type` already read: one of the five).
    static func pagesCommand(_ type: CommandType, _ field: JSONField) throws(CommandError) -> EditorCommand {
        switch type {
        case .duplicatePages:
            let pages = try pageList(field.member("pages"))
            let to = try field.optionalMember("to")?.integer() ?? ((pages.max() ?? 0) + 1)
            return .duplicatePages(pages: pages, to: to)
        case .insertPages:
            let pages = try field.optionalMember("pages").map { (list) throws(CommandError) -> [Int] in try pageList(list) }
            return .insertPages(index: try field.member("index").integer(), source: try pageSource(field.member("source")),
                                pages: pages)
        case .rotatePages:
            let degrees = try field.member("degrees").integer(in: -3600...3600)
            guard degrees % 90 == 0 else { throw CommandError.malformed("\(field.path).degrees: expected a multiple of 90") }
            return .rotatePages(pages: try pageList(field.member("pages")), degrees: degrees)
        case .movePages:
            return .movePages(pages: try pageList(field.member("pages")), to: try field.member("to").integer())
        case .removePages:
            return .removePages(pages: try pageList(field.member("pages")))
        default:
            throw CommandError.malformed("\(field.path).type: \(type.rawValue) is not a page-organising command")
        }
    }

    /// A non-empty list of distinct page indexes (0 or more).
    private static func pageList(_ field: JSONField) throws(CommandError) -> [Int] {
        var pages: [Int] = []
        var seen = Set<Int>()
        let items = try field.array(maximumCount: maximumPages)
        guard !items.isEmpty else { throw CommandError.malformed("\(field.path): no pages named") }
        for item in items {
            let page = try item.integer(in: 0...Int(Int32.max))
            guard seen.insert(page).inserted else { throw item.problem("page \(page) is named twice") }
            pages.append(page)
        }
        return pages
    }

    private static func pageSource(_ field: JSONField) throws(CommandError) -> PageSource {
        if let document = try field.optionalMember("document") {
            let id = try document.string()
            guard id.utf8.count == 32, id.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
                throw document.problem("expected a document id (32 lowercase hex digits)")
            }
            return .document(id)
        }
        if let upload = try field.optionalMember("upload") {
            return .upload(try upload.integer(in: 1...Int(Int32.max)))
        }
        throw CommandError.malformed("\(field.path): expected {\"document\": ID} or {\"upload\": N}")
    }

    /// The JSON fields of a page-organising command (after `type`).
    var pagesFields: [(String, JSONValue?)] {
        func list(_ pages: [Int]) -> JSONValue { .array(pages.map { .integer($0) }) }
        switch self {
        case .duplicatePages(let pages, let to): return [("pages", list(pages)), ("to", .integer(to))]
        case .insertPages(let index, let source, let pages):
            return [("index", .integer(index)), ("source", source.json), ("pages", pages.map(list))]
        case .rotatePages(let pages, let degrees): return [("pages", list(pages)), ("degrees", .integer(degrees))]
        case .movePages(let pages, let to): return [("pages", list(pages)), ("to", .integer(to))]
        case .removePages(let pages): return [("pages", list(pages))]
        default: return []
        }
    }

    /// The rules of the page-organising commands: named pages exist; copies and insertions
    /// land between 0 and the page count; moved pages end inside the document; a removal
    /// leaves at least one page. (The pages of an inserted source are checked against it
    /// when it is read.)
    func checkPages(pageCount: Int) throws(CommandError) {
        func exist(_ pages: [Int]) throws(CommandError) {
            for page in pages where page < 0 || page >= pageCount { throw CommandError.pageOutOfRange(page, pageCount: pageCount) }
        }
        func landing(_ index: Int, last: Int) throws(CommandError) {
            guard index >= 0, index <= last else { throw CommandError.pageOutOfRange(index, pageCount: pageCount) }
        }
        switch self {
        case .duplicatePages(let pages, let to):
            try exist(pages)
            try landing(to, last: pageCount)
        case .insertPages(let index, _, _):
            try landing(index, last: pageCount)
        case .rotatePages(let pages, _):
            try exist(pages)
        case .movePages(let pages, let to):
            try exist(pages)
            try landing(to, last: pageCount - pages.count)
        case .removePages(let pages):
            try exist(pages)
            guard pages.count < pageCount else { throw CommandError.notAllowed("a document keeps at least one page") }
        default:
            break
        }
    }
}
