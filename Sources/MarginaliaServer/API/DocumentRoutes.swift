import Foundation
import MarginaliaEditor

/// The `/api/v1` endpoints of docs/api.md over the document service.
public struct DocumentRoutes: Sendable {
    /// The service the routes call.
    public let service: DocumentService

    public init(service: DocumentService) {
        self.service = service
    }

    /// Whether a request is an upload of a new document, whose body the server writes to a
    /// file as it arrives (``UploadSpooling``).
    public static func isUpload(method: String, path: String, prefix: String = MarginaliaServerInfo.apiPrefix) -> Bool {
        method == "POST" && path == prefix + "/documents"
    }

    /// Adds every endpoint under `prefix` (default `/api/v1`).
    public func register(into router: inout Router, prefix: String = MarginaliaServerInfo.apiPrefix) {
        let service = self.service
        let documents = prefix + "/documents"
        let one = documents + "/{id}"

        router.add("GET", documents, needs: .view) { _, parameters in
            try Self.listResponse(service.catalogue.list(), parameters)
        }
        router.add("GET", prefix + "/trash", needs: .manage) { _, parameters in
            try Self.listResponse(service.catalogue.trash(), parameters)
        }
        router.add("POST", documents, needs: .edit) { request, parameters in
            guard !request.body.isEmpty else { throw APIError.badRequest("the body must be the bytes of a PDF, PNG or JPEG") }
            let name = request.query("name").flatMap { $0.isEmpty ? nil : $0 } ?? "Untitled"
            let password = try Self.uploadPassword(request)
            let made = try service.catalogue.importDocument(name: name, data: request.body, file: request.bodyFile, password: password)
            return try .revisioned(parameters.access.owned(made, by: parameters.caller), status: 201)
        }
        router.add("GET", one, needs: .view) { _, parameters in
            let id = try Self.documentID(parameters)
            let summary = try service.catalogue.summary(id)
            var object = try APIJSON.object(summary)
            object["certification"] = try APIJSON.any(service.exports.certification(id)?.jsonRecord ?? .null)
            let pages = try APIJSON.encode(service.editing.pages(id))
            return HTTPResponse.json(data: try APIJSON.data(object, adding: "pages", json: pages))
                .adding(header: "X-Marginalia-Revision", value: String(summary.revision))
        }
        router.add("PATCH", one, needs: .edit) { request, parameters in
            let id = try Self.documentID(parameters)
            guard let name = try APIJSON.bodyObject(request)["name"] as? String else {
                throw APIError.badRequest("expected {\"name\": \"new name\"}")
            }
            return try .revisioned(service.catalogue.rename(id, to: name))
        }
        router.add("DELETE", one, needs: .manage, audited: .delete) { _, parameters in
            try .revisioned(service.catalogue.delete(Self.documentID(parameters)))
        }
        router.add("POST", one + "/restore", needs: .manage, audited: .restore) { _, parameters in
            try .revisioned(service.catalogue.restore(Self.documentID(parameters)))
        }
        router.add("GET", one + "/file", needs: .view, audited: .download) { request, parameters in
            let id = try Self.documentID(parameters)
            let summary = try service.catalogue.summary(id)
            let file = try service.saving.currentFile(id)
            let response = HTTPResponse.pdf(Data(), revision: summary.revision, filename: Self.filename(id, summary))
                .adding(header: "X-Marginalia-Stored-Length", value: String(file.storedLength))
            return FileResponse.serve(file, response, for: request)
        }
        router.add("GET", one + "/export", needs: .view, audited: .export) { request, parameters in
            let id = try Self.documentID(parameters)
            let summary = try service.catalogue.summary(id)
            // `scale` and `page` are read whatever the format, so a bad one is 400 for the PDF too.
            let scale = try Self.scaleQuery(request)
            let page = try Self.pageQuery(request)
            if request.query("format") != nil && request.query("format") != "pdf" {
                return try Self.exportImage(request, id: id, page: page ?? 0, scale: scale, summary: summary, service: service)
            }
            let comments = try Self.commentsQuery(request)
            return .pdf(try service.exports.exportFlattened(id, comments: comments), revision: summary.revision,
                        filename: "flattened-" + Self.filename(id, summary))
        }
        registerCopiesAndViews(into: &router, one: one)
        registerRedactions(into: &router, one: one)
        router.add("GET", one + "/annotations", needs: .view) { request, parameters in
            let id = try Self.documentID(parameters)
            if let opening = try Self.openingQuery(request) {
                return try .revisioned(service.editing.openingAnnotations(id, around: opening.around,
                                                                          before: opening.before, after: opening.after))
            }
            return try .revisioned(service.editing.annotations(id, pages: Self.pagesQuery(request)))
        }
        router.add("GET", one + "/fields", needs: .view) { _, parameters in
            try .revisioned(service.editing.fields(Self.documentID(parameters)))
        }
        // The sizes a field's widgets would draw a value at: the Form tool sizes its control by
        // them as the user types (docs/api.md).
        router.add("GET", one + "/fields/sizes", needs: .view) { request, parameters in
            guard let name = request.query("name") else { throw APIError.badRequest("name: expected a field's full name") }
            let value = try FontRoutes.textQuery(request, "value")
            return try .revisioned(service.editing.fieldSizes(Self.documentID(parameters), name: name, value: value))
        }
        // Commands (docs/api.md, "Commands"); `/operations` is the same endpoint's older name.
        for path in ["/commands", "/operations"] {
            router.add("POST", one + path, needs: .comment) { request, parameters in
                let id = try Self.documentID(parameters)
                guard !request.body.isEmpty else { throw APIError.badRequest("the request needs a JSON body") }
                // The body is decoded once, for the permission it needs, the change and the audit.
                let body = try ApplyRequest.decode(request.body)
                try CommandPermission.check(body.change, parameters)
                let applied = try service.editing.apply(id, body, signedInAs: parameters.caller.name)
                if case .command(.unlock(let ids)) = body.change {
                    parameters.audit.record(.unlock, by: parameters.signedIn, document: id, detail: ids.joined(separator: " "))
                }
                return try .revisioned(applied)
            }
        }
        router.add("GET", one + "/operations", needs: .view) { request, parameters in
            let id = try Self.documentID(parameters)
            return try .revisioned(service.editing.operations(id, after: Self.afterRevision(request) ?? 0))
        }
        router.add("GET", one + "/events", needs: .view) { request, parameters in
            let id = try Self.documentID(parameters)
            return try EventRelay.open(service: service, id: id, after: Self.afterRevision(request),
                                       viewer: Self.viewer(request, signedInAs: parameters.caller.name))
        }
        router.add("GET", one + "/presence", needs: .view) { _, parameters in
            .json(data: try APIJSON.encode(service.presence.viewers(Self.documentID(parameters))))
        }
        router.add("POST", one + "/presence/leave", needs: .view) { request, parameters in
            let id = try Self.documentID(parameters)
            guard let viewer = try Self.viewer(request) else { throw APIError.badRequest("leaving needs ?client=CLIENT") }
            return .json(data: try APIJSON.encode(service.presence.leave(id, clientId: viewer.clientId)))
        }
        router.add("POST", one + "/save", needs: .edit) { _, parameters in
            let id = try Self.documentID(parameters)
            let version = try service.saving.save(id)
            let object: [String: Any] = ["revision": version.revision, "version": try APIJSON.any(version)]
            return HTTPResponse.json(data: try APIJSON.data(object))
                .adding(header: "X-Marginalia-Revision", value: String(version.revision))
        }
        router.add("GET", one + "/versions", needs: .view) { _, parameters in
            try .revisioned(service.saving.versions(Self.documentID(parameters)))
        }
        router.add("POST", one + "/versions/{n}/restore", needs: .manage, audited: .restoreVersion) { _, parameters in
            try .revisioned(service.saving.restoreVersion(Self.documentID(parameters), parameters.integer("n", in: RequestNumbers.revision)))
        }
        router.add("GET", one + "/versions/{n}/file", needs: .view, audited: .download) { request, parameters in
            let id = try Self.documentID(parameters)
            let number = try parameters.integer("n", in: RequestNumbers.revision)
            let summary = try service.catalogue.summary(id)
            let file = try service.saving.versionFile(id, number)
            return FileResponse.serve(file,
                                      .pdf(Data(), revision: summary.revision, filename: "v\(number)-" + Self.filename(id, summary)),
                                      for: request)
        }
    }

    // MARK: - Helpers

    /// The `{id}` parameter, checked against `^[0-9a-f]{32}$` (ids are never paths).
    static func documentID(_ parameters: RouteParameters) throws -> String {
        let id = try parameters.string("id")
        guard id.utf8.count == 32, id.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            throw APIError.badRequest("'\(id.prefix(64))' is not a document id (32 lowercase hex digits)")
        }
        return id
    }

    /// The password of an encrypted upload: the `X-Marginalia-Password` header, UTF-8
    /// percent-encoded (a header carries bytes of Latin-1 at best); nil when absent.
    static func uploadPassword(_ request: HTTPRequest) throws -> String? {
        guard let encoded = request.header(DocumentImporter.passwordHeader) else { return nil }
        guard let password = encoded.removingPercentEncoding else {
            throw APIError.badRequest("the \(DocumentImporter.passwordHeader) header must be the password percent-encoded as UTF-8 (a % followed by two hex digits per byte)")
        }
        return password
    }

    /// `?after=R`, or the `Last-Event-ID` header, as a revision.
    static func afterRevision(_ request: HTTPRequest) throws -> Int? {
        if let text = request.query("after") {
            return try RequestNumbers.integer(text.trimmingCharacters(in: .whitespaces), name: "after", in: RequestNumbers.revision)
        }
        guard let header = request.header("last-event-id") else { return nil }
        return try RequestNumbers.integer(header.trimmingCharacters(in: .whitespaces), name: "Last-Event-ID", in: RequestNumbers.revision)
    }

    /// The viewer an `/events` request names: `client` (letters, digits, `-` and `_`, up to
    /// 64) and `name`? (cut to 100 characters), which a signed-in user's name replaces; nil
    /// without `client`.
    static func viewer(_ request: HTTPRequest, signedInAs signedIn: String? = nil) throws -> DocumentViewer? {
        guard let client = request.query("client") else { return nil }
        let allowed = client.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
        guard !client.isEmpty, client.count <= DocumentViewer.maximumClientIdLength, allowed else {
            throw APIError.badRequest("client '\(client.prefix(80))' is not a client id (letters, digits, - and _, up to \(DocumentViewer.maximumClientIdLength))")
        }
        let name = request.query("name").map { String($0.trimmingCharacters(in: .whitespacesAndNewlines).prefix(DocumentViewer.maximumNameLength)) }
        return DocumentViewer(clientId: client, name: signedIn ?? (name?.isEmpty == false ? name : nil))
    }

    /// The documents of `summaries` the caller may view.
    private static func listResponse(_ summaries: [DocumentSummary], _ parameters: RouteParameters) throws -> HTTPResponse {
        let objects = try APIJSON.any(summaries) as? [[String: Any]] ?? []
        let visible = try parameters.access.visible(objects, key: "id", to: parameters.signedIn)
        return .json(data: try APIJSON.data(["documents": visible]))
    }

    static func filename(_ id: String, _ summary: DocumentSummary) -> String {
        let name = (try? APIJSON.object(summary))?["name"] as? String ?? id
        return name.lowercased().hasSuffix(".pdf") ? name : name + ".pdf"
    }
}
