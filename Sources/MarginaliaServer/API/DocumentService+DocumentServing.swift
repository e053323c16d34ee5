import Foundation
import Marginalia

// The store's service behind the routes: its methods already have the shapes the routes
// need, so conforming is declaring it plus the raw-body entry point for operations.

extension DocumentService: DocumentServing {
    /// Applies a request body as the spec's `POST …/operations` gives it, signed by the
    /// signed-in user when there is one (``ApplyRequest/signed(by:)``).
    public func apply(_ id: String, body: Data, signedInAs author: String?) throws -> ApplyResult {
        let request = try ApplyRequest.decode(body)
        return try apply(id, author.map(request.signed(by:)) ?? request)
    }

    /// The fields as the default policy highlights them.
    public func fields(_ id: String) throws -> FieldList {
        try fields(id, policy: DefaultFormFieldPolicy())
    }
}

extension DocumentService: TextSearching {}

extension DocumentService: DocumentOrganizing {}

extension UploadInfo: RevisionCarrying {}

extension PageTextRecord: RevisionCarrying {}

extension ServiceError: APIErrorConvertible {}

extension DocumentSummary: RevisionCarrying {}
extension ApplyResult: RevisionCarrying {}
extension OperationLog: RevisionCarrying {}
extension AnnotationList: RevisionCarrying {}
extension FieldList: RevisionCarrying {}
extension DocumentVersion: RevisionCarrying {}
extension VersionList: RevisionCarrying {}

extension DocumentEvent: ServerSentEventConvertible {
    public var eventName: String { name }
    public var eventRevision: Int? { revision }
    public func eventData() throws -> Data { try payload() }
}
