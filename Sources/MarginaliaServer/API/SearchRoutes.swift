import Foundation
import Marginalia

/// `GET /api/v1/search`, `GET /api/v1/documents/{id}/search` and
/// `GET /api/v1/documents/{id}/pages/{n}/text`, `GET /api/v1/documents/{id}/outline` and
/// `GET /api/v1/documents/{id}/signatures` (what the document says of itself).
public struct SearchRoutes: Sendable {
    public let service: DocumentService

    public init(service: DocumentService) {
        self.service = service
    }

    public func register(into router: inout Router, prefix: String = MarginaliaServerInfo.apiPrefix) {
        let service = self.service
        router.add("GET", prefix + "/search", needs: .view) { request, parameters in
            let limit = try Self.limit(request)
            var object = try APIJSON.object(service.search.search(try Self.query(request), limit: limit))
            // Hits in documents the caller may not view are left out (fewer than `limit` then).
            if let results = object["results"] as? [[String: Any]] {
                object["results"] = try parameters.access.visible(results, key: "document", to: parameters.signedIn)
            }
            return HTTPResponse.json(data: try APIJSON.data(object))
        }
        router.add("GET", prefix + "/documents/{id}/search", needs: .view) { request, parameters in
            let id = try DocumentRoutes.documentID(parameters)
            let options = try Self.options(request)
            let first = try RequestNumbers.query(request, "from", in: 0...Int(Int32.max)) ?? 0
            let limit = try RequestNumbers.query(request, "limit", in: 1...Int(Int32.max))
            if let pattern = try Self.pattern(request, options: options) {
                return HTTPResponse.json(data: try APIJSON.encode(service.search.search(id, pattern: pattern, from: first, limit: limit)))
            }
            return HTTPResponse.json(data: try APIJSON.encode(
                service.search.search(id, query: try Self.query(request), options: options, from: first, limit: limit)))
        }
        router.add("GET", prefix + "/documents/{id}/pages/{n}/text", needs: .view) { _, parameters in
            let id = try DocumentRoutes.documentID(parameters)
            return try .revisioned(service.search.pageText(id, page: parameters.integer("n", in: RequestNumbers.pageIndex)))
        }
        router.add("GET", prefix + "/documents/{id}/outline", needs: .view) { _, parameters in
            let id = try DocumentRoutes.documentID(parameters)
            return try .revisioned(service.search.outline(id))
        }
        router.add("GET", prefix + "/documents/{id}/signatures", needs: .view) { _, parameters in
            let id = try DocumentRoutes.documentID(parameters)
            return try .revisioned(service.exports.signatures(id))
        }
    }

    static func query(_ request: HTTPRequest) throws -> String {
        guard let query = request.query("q"), !query.allSatisfy(\.isWhitespace) else {
            throw APIError.badRequest("q: expected words to search for")
        }
        return query
    }

    /// `caseSensitive` and `wholeWords`, each `true` or `false` (default); accents are
    /// always ignored.
    static func options(_ request: HTTPRequest) throws -> TextSearchOptions {
        var options: TextSearchOptions = [.caseInsensitive, .diacriticInsensitive]
        if try flag(request, "caseSensitive") { options.remove(.caseInsensitive) }
        if try flag(request, "wholeWords") { options.insert(.wholeWords) }
        return options
    }

    /// `preset` (`email`, `phone`: ``TextPreset``; `q` is not needed) or `regex=true` (`q` is
    /// a regular expression, matched with `caseSensitive` and `wholeWords`); nil for a phrase.
    static func pattern(_ request: HTTPRequest, options: TextSearchOptions) throws -> TextPattern? {
        if let name = request.query("preset") {
            // A preset needs no q; one given anyway is held to the same limit as any other.
            if let query = request.query("q") { try DocumentSearch.checkQueryLength(query) }
            guard let preset = TextPreset(rawValue: name) else {
                throw APIError.badRequest("preset '\(name.prefix(20))': expected \(TextPreset.allCases.map(\.rawValue).joined(separator: " or "))")
            }
            return try TextPattern(preset: preset)
        }
        guard try flag(request, "regex") else { return nil }
        do {
            return try TextPattern(regularExpression: try query(request), caseSensitive: !options.contains(.caseInsensitive),
                                   wholeWords: options.contains(.wholeWords))
        } catch let error as TextPatternError {
            throw APIError.badRequest("q: \(error)")
        }
    }

    private static func flag(_ request: HTTPRequest, _ name: String) throws -> Bool {
        switch request.query(name) {
        case nil, "false": return false
        case "true": return true
        case let other?: throw APIError.badRequest("\(name) '\(other.prefix(20))': expected true or false")
        }
    }

    static func limit(_ request: HTTPRequest) throws -> Int {
        try RequestNumbers.query(request, "limit", in: 1...100) ?? 20
    }
}
