import Foundation
import MarginaliaCore

/// `POST …/{id}/uploads`, `POST …/{id}/extract`, `DELETE /api/v1/trash/{id}` and
/// `POST /api/v1/images`.
public struct OrganizingRoutes: Sendable {
    public let service: DocumentService

    public init(service: DocumentService) {
        self.service = service
    }

    public func register(into router: inout Router, prefix: String = MarginaliaServerInfo.apiPrefix) {
        let service = self.service
        let one = prefix + "/documents/{id}"
        router.add("POST", one + "/uploads", needs: .edit) { request, parameters in
            let id = try DocumentRoutes.documentID(parameters)
            guard !request.body.isEmpty else { throw APIError.badRequest("the body must be the bytes of a PDF or an image") }
            let password = try DocumentRoutes.uploadPassword(request)
            return try .revisioned(service.editing.addUpload(id, data: request.body, password: password), status: 201)
        }
        router.add("POST", one + "/extract", needs: .edit) { request, parameters in
            let id = try DocumentRoutes.documentID(parameters)
            let (pages, name) = try Self.extractBody(request.body)
            let made = try service.catalogue.extractPages(id, pages: pages, name: name)
            return try .revisioned(parameters.access.owned(made, by: parameters.caller), status: 201)
        }
        // The image tool and the clipboard send what the browser cannot show itself.
        router.add("POST", prefix + "/images", needs: .edit) { request, _ in
            guard !request.body.isEmpty else { throw APIError.badRequest("the body must be the bytes of an image") }
            let image = try service.editing.displayableImage(request.body)
            return HTTPResponse(status: 200, headers: [("Content-Type", image.mediaType), ("Cache-Control", "no-store")],
                                body: .data(image.data))
        }
        router.add("DELETE", prefix + "/trash/{id}", needs: .manage, audited: .purge) { _, parameters in
            let id = try DocumentRoutes.documentID(parameters)
            try service.saving.purge(id)
            return .json(data: try APIJSON.data(["id": id, "purged": true]))
        }
    }

    /// `{"pages": [N...], "name": NAME}`, read with the engine core's JSON (paths in errors).
    static func extractBody(_ body: Data) throws -> (pages: [Int], name: String) {
        do throws(CommandError) {
            let root: JSONValue
            do throws(JSONSyntaxError) {
                root = try JSONParser.parse([UInt8](body))
            } catch {
                throw CommandError.malformed("the body is not JSON: \(error.description)")
            }
            let field = JSONField(root, path: "")
            let pages = try field.member("pages").array(maximumCount: EditorCommand.maximumPages).map { (item) throws(CommandError) -> Int in
                try item.integer(in: 0...Int(Int32.max))
            }
            return (pages, try field.member("name").string())
        } catch {
            throw APIError.badRequest(error.message)
        }
    }
}
