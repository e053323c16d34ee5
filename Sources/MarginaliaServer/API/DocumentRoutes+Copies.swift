import Foundation
import Marginalia
import MarginaliaCore

// Save as, the PNG export and Export view as PDF (docs/api.md): what the editor's Save as
// dialog, image export and view export call.

extension DocumentRoutes {
    func registerCopiesAndViews(into router: inout Router, one: String) {
        let service = self.service
        router.add("POST", one + "/save-as", needs: .edit) { request, parameters in
            let id = try Self.documentID(parameters)
            guard let name = try APIJSON.bodyObject(request)["name"] as? String else {
                throw APIError.badRequest("expected {\"name\": \"name of the copy\"}")
            }
            return try .revisioned(parameters.access.owned(service.catalogue.saveAs(id, name: name), by: parameters.caller), status: 201)
        }
        router.add("GET", one + "/view-pdf", needs: .view, audited: .export) { request, parameters in
            let id = try Self.documentID(parameters)
            let summary = try service.catalogue.summary(id)
            let page = try Self.pageQuery(request) ?? 0
            guard let text = request.query("rect") else { throw APIError.badRequest("rect=x1,y1,x2,y2 (page space) is required") }
            let numbers = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            let n = numbers.compactMap { $0 }
            guard numbers.count == 4, n.count == 4, n.allSatisfy(CoordinateLimit.contains) else {
                throw APIError.badRequest("rect '\(text.prefix(80))' is not four numbers x1,y1,x2,y2 \(CoordinateLimit.description)")
            }
            let rect = CGRect(x: min(n[0], n[2]), y: min(n[1], n[3]), width: abs(n[2] - n[0]), height: abs(n[3] - n[1]))
            return .pdf(try service.exports.exportRegion(id, page: page, rect: rect), revision: summary.revision,
                        filename: "view-" + Self.filename(id, summary))
        }
        router.add("GET", one + "/annotations/{annotation}/appearance", needs: .view) { request, parameters in
            let id = try Self.documentID(parameters)
            let summary = try service.catalogue.summary(id)
            let annotation = try parameters.string("annotation")
            return .png(try service.exports.appearancePNG(id, annotation: annotation, scale: try Self.scaleQuery(request)),
                        revision: summary.revision, filename: "appearance.png")
        }
    }

    /// `?scale=S`: pixels per point, above 0 and at most 100; nil when not given.
    static func scaleQuery(_ request: HTTPRequest) throws -> Double? {
        guard let text = request.query("scale") else { return nil }
        guard let value = Double(text), value.isFinite, value > 0, value <= 100 else {
            throw APIError.badRequest("scale '\(text.prefix(20))' is not a number above 0 and at most 100")
        }
        return value
    }

    /// `GET …/export?format=png[&page=N][&scale=S]`, with `page` and `scale` already read.
    static func exportImage(_ request: HTTPRequest, id: String, page: Int, scale: Double?, summary: DocumentSummary,
                            service: DocumentService) throws -> HTTPResponse {
        guard request.query("format") == "png" else {
            throw APIError.badRequest("format '\(request.query("format")?.prefix(20) ?? "")' is not pdf or png")
        }
        let base = filename(id, summary).dropLast(4)
        return .png(try service.exports.exportPNG(id, page: page, scale: scale), revision: summary.revision, filename: base + ".png")
    }

    /// `?page=N`, a 0-based page index.
    /// `comments=drop|summary|icons` of a flattened export; `drop` when absent.
    static func commentsQuery(_ request: HTTPRequest) throws -> FlattenOptions.Comments {
        guard let text = request.query("comments") else { return .drop }
        guard let comments = FlattenOptions.Comments(rawValue: text) else {
            throw APIError.badRequest("comments '\(text.prefix(20))' is not one of \(FlattenOptions.Comments.knownNames)")
        }
        return comments
    }

    static func pageQuery(_ request: HTTPRequest) throws -> Int? {
        try RequestNumbers.query(request, "page", in: RequestNumbers.pageIndex)
    }

    /// The pages `GET …/annotations` asks for: `?page=N` (one page) or `?pages=FIRST-LAST`
    /// (0-based, both included; `?pages=N` is one page), nil for every page; a malformed
    /// range, a range whose end is before its start, or both parameters at once is a 400.
    static func pagesQuery(_ request: HTTPRequest) throws -> ClosedRange<Int>? {
        let page = try pageQuery(request)
        guard let text = request.query("pages") else { return page.map { $0...$0 } }
        guard page == nil else { throw APIError.badRequest("ask for ?page=N or ?pages=FIRST-LAST, not both") }
        let ends = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let first = try RequestNumbers.integer(String(ends[0]), name: "pages (first)", in: RequestNumbers.pageIndex)
        let last = ends.count == 2 ? try RequestNumbers.integer(String(ends[1]), name: "pages (last)", in: RequestNumbers.pageIndex) : first
        guard first <= last else {
            throw APIError.badRequest("pages '\(text.prefix(24))': the last page (\(last)) is before the first (\(first))")
        }
        return first...last
    }

    /// Pages a client may ask for on either side of `around` (`before`, `after`).
    static let openingSide = 0...1000

    /// `?around=P&before=B&after=A` of `GET …/annotations` (docs/api.md): the page and the pages
    /// on either side (0 when absent, at most ``openingSide``), nil without `around`; `before` or
    /// `after` without `around`, or `around` with `page` or `pages`, is a 400.
    static func openingQuery(_ request: HTTPRequest) throws -> (around: Int, before: Int, after: Int)? {
        let before = try RequestNumbers.query(request, "before", in: openingSide)
        let after = try RequestNumbers.query(request, "after", in: openingSide)
        guard let around = try RequestNumbers.query(request, "around", in: RequestNumbers.pageIndex) else {
            guard before == nil && after == nil else { throw APIError.badRequest("before and after go with around=PAGE") }
            return nil
        }
        guard request.query("page") == nil && request.query("pages") == nil else {
            throw APIError.badRequest("ask for ?around=PAGE or for ?page=N or ?pages=FIRST-LAST, not both")
        }
        return (around, before ?? 0, after ?? 0)
    }
}
