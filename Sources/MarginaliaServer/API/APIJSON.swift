import Foundation

/// JSON encoding for API responses: ISO 8601 dates, no escaped slashes.
enum APIJSON {
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        // Log entries carry their operations as logged JSON: splice it in, do not re-encode.
        if let spliced = value as? any SplicedJSONEncodable {
            do {
                return try spliced.splicedJSON()
            } catch {
                throw APIError.internalError("could not encode the response: \(error)")
            }
        }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.withoutEscapingSlashes]
        do {
            return try encoder.encode(value)
        } catch {
            throw APIError.internalError("could not encode the response: \(error)")
        }
    }

    /// A value as a JSON object, to add members to it.
    static func object<T: Encodable>(_ value: T) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: encode(value)) as? [String: Any] else {
            throw APIError.internalError("expected a JSON object for \(T.self)")
        }
        return object
    }

    /// A value as any JSON value.
    static func any<T: Encodable>(_ value: T) throws -> Any {
        try JSONSerialization.jsonObject(with: encode(value), options: [.fragmentsAllowed])
    }

    static func data(_ object: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes])
    }

    /// `object` written as ``data(_:)`` writes it, with one more member `key` whose value is
    /// the JSON text `json` (a plain key, no character to escape). A long list is encoded by
    /// ``encode(_:)`` and added so: JSONSerialization's writer casts every value of it at run
    /// time, most of the time of `GET …/documents/{id}` for 2,000 pages.
    static func data(_ object: [String: Any], adding key: String, json: Data) throws -> Data {
        var text = try data(object)
        guard text.last == UInt8(ascii: "}") else { throw APIError.internalError("expected a JSON object to add \(key) to") }
        text.removeLast()
        if text.count > 1 { text.append(UInt8(ascii: ",")) }
        text.append(contentsOf: "\"\(key)\":".utf8)
        text.append(json)
        text.append(UInt8(ascii: "}"))
        return text
    }

    /// Decodes a JSON object body, or a 400 naming what was wrong.
    static func bodyObject(_ request: HTTPRequest) throws -> [String: Any] {
        guard !request.body.isEmpty else { throw APIError.badRequest("the request needs a JSON body") }
        guard let object = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any] else {
            throw APIError.badRequest("the body is not a JSON object")
        }
        return object
    }
}

extension HTTPResponse {
    /// A JSON response about one document, with its `X-Marginalia-Revision` header.
    static func revisioned<T: RevisionCarrying>(_ value: T, status: Int = 200) throws -> HTTPResponse {
        HTTPResponse.json(data: try APIJSON.encode(value), status: status)
            .adding(header: "X-Marginalia-Revision", value: String(value.revision))
    }

    /// A PNG download.
    static func png(_ data: Data, revision: Int, filename: String) -> HTTPResponse {
        let safe = filename.filter { $0.isLetter || $0.isNumber || " ._-".contains($0) }
        return HTTPResponse(status: 200, headers: [
            ("Content-Type", "image/png"),
            ("Content-Disposition", "inline; filename=\"\(safe.isEmpty ? "image.png" : safe)\""),
            ("X-Marginalia-Revision", String(revision)),
            ("Cache-Control", "no-store"),
        ], body: .data(data))
    }

    /// A PDF download.
    static func pdf(_ data: Data, revision: Int, filename: String) -> HTTPResponse {
        let safe = filename.filter { $0.isLetter || $0.isNumber || " ._-".contains($0) }
        return HTTPResponse(status: 200, headers: [
            ("Content-Type", "application/pdf"),
            ("Content-Disposition", "inline; filename=\"\(safe.isEmpty ? "document.pdf" : safe)\""),
            ("X-Marginalia-Revision", String(revision)),
            ("Cache-Control", "no-store"),
        ], body: .data(data))
    }
}
