import Foundation

/// What the search endpoints need from a service (docs/api.md, "Search and text").
public protocol TextSearching: Sendable {
    associatedtype Results: Encodable & Sendable
    associatedtype PageText: RevisionCarrying
    associatedtype Outline: RevisionCarrying

    /// Searches every document not in the trash, at most `limit` pages.
    func search(_ query: String, limit: Int) throws -> Results
    /// Searches one document.
    func search(_ id: String, query: String) throws -> Results
    /// The words of one page with their quads.
    func pageText(_ id: String, page: Int) throws -> PageText
    /// The document's outline (bookmarks) with the page of each entry.
    func outline(_ id: String) throws -> Outline
}

/// `GET /api/v1/search`, `GET /api/v1/documents/{id}/search` and
/// `GET /api/v1/documents/{id}/pages/{n}/text` and `GET /api/v1/documents/{id}/outline`.
public struct SearchRoutes<Service: TextSearching>: Sendable {
    public let service: Service

    public init(service: Service) {
        self.service = service
    }

    public func register(into router: inout Router, prefix: String = MarginaliaServerInfo.apiPrefix) {
        let service = self.service
        router.add("GET", prefix + "/search") { request, _ in
            let limit = try Self.limit(request)
            return HTTPResponse.json(data: try APIJSON.encode(service.search(try Self.query(request), limit: limit)))
        }
        router.add("GET", prefix + "/documents/{id}/search") { request, parameters in
            let id = try DocumentRoutes<DocumentService>.documentID(parameters)
            return HTTPResponse.json(data: try APIJSON.encode(service.search(id, query: try Self.query(request))))
        }
        router.add("GET", prefix + "/documents/{id}/pages/{n}/text") { _, parameters in
            let id = try DocumentRoutes<DocumentService>.documentID(parameters)
            return try .revisioned(service.pageText(id, page: parameters.integer("n")))
        }
        router.add("GET", prefix + "/documents/{id}/outline") { _, parameters in
            let id = try DocumentRoutes<DocumentService>.documentID(parameters)
            return try .revisioned(service.outline(id))
        }
    }

    static func query(_ request: HTTPRequest) throws -> String {
        guard let query = request.query("q"), !query.allSatisfy(\.isWhitespace) else {
            throw APIError.badRequest("q: expected words to search for")
        }
        return query
    }

    static func limit(_ request: HTTPRequest) throws -> Int {
        guard let text = request.query("limit") else { return 20 }
        guard let value = Int(text), (1...100).contains(value) else { throw APIError.badRequest("limit '\(text)': expected 1 to 100") }
        return value
    }
}
