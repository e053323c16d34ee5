import Foundation
import MarginaliaCore

/// What the page organiser's and the documents list's endpoints need from a service
/// (docs/api.md, "Pages" and "Documents"): uploads to insert pages from, extracting pages
/// as a new document, deleting a document for good, and images for the editor to place.
public protocol DocumentOrganizing: Sendable {
    associatedtype Upload: RevisionCarrying
    associatedtype Extracted: RevisionCarrying

    /// Stores a PDF or an image for a document to insert pages from; `password` opens an
    /// encrypted PDF.
    func addUpload(_ id: String, data: Data, password: String?) throws -> Upload
    /// A new document with copies of some pages of a document.
    func extractPages(_ id: String, pages: [Int], name: String) throws -> Extracted
    /// Removes a document in the trash for good, with its file and every version.
    func purge(_ id: String) throws
    /// An image file (HEIC, WebP, GIF, TIFF, a turned JPEG…) as one every browser shows,
    /// upright: its bytes and media type.
    func displayableImage(_ data: Data) throws -> (data: Data, mediaType: String)
}

/// `POST …/{id}/uploads`, `POST …/{id}/extract`, `DELETE /api/v1/trash/{id}` and
/// `POST /api/v1/images`.
public struct OrganizingRoutes<Service: DocumentOrganizing>: Sendable {
    public let service: Service

    public init(service: Service) {
        self.service = service
    }

    public func register(into router: inout Router, prefix: String = MarginaliaServerInfo.apiPrefix) {
        let service = self.service
        let one = prefix + "/documents/{id}"
        router.add("POST", one + "/uploads", needs: .edit) { request, parameters in
            let id = try DocumentRoutes<DocumentService>.documentID(parameters)
            guard !request.body.isEmpty else { throw APIError.badRequest("the body must be the bytes of a PDF or an image") }
            let password = try DocumentRoutes<DocumentService>.uploadPassword(request)
            return try .revisioned(service.addUpload(id, data: request.body, password: password), status: 201)
        }
        router.add("POST", one + "/extract", needs: .edit) { request, parameters in
            let id = try DocumentRoutes<DocumentService>.documentID(parameters)
            let (pages, name) = try Self.extractBody(request.body)
            let made = try service.extractPages(id, pages: pages, name: name)
            return try .revisioned(parameters.access.owned(made, by: parameters.caller), status: 201)
        }
        // The image tool and the clipboard send what the browser cannot show itself.
        router.add("POST", prefix + "/images", needs: .edit) { request, _ in
            guard !request.body.isEmpty else { throw APIError.badRequest("the body must be the bytes of an image") }
            let image = try service.displayableImage(request.body)
            return HTTPResponse(status: 200, headers: [("Content-Type", image.mediaType), ("Cache-Control", "no-store")],
                                body: .data(image.data))
        }
        router.add("DELETE", prefix + "/trash/{id}", needs: .manage, audited: .purge) { _, parameters in
            let id = try DocumentRoutes<DocumentService>.documentID(parameters)
            try service.purge(id)
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
