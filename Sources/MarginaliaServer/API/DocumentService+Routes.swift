import Foundation
import Marginalia

// What the routes call that the service does not offer in the same shape: the raw body of
// `POST …/commands`, and the fields as the default policy highlights them.

extension DocumentService {
    /// Applies a request body as the spec's `POST …/commands` (or `…/operations`) gives it,
    /// signed by the signed-in user when there is one (``ApplyRequest/signed(by:)``).
    public func apply(_ id: String, body: Data, signedInAs author: String? = nil) throws -> ApplyResult {
        let request = try ApplyRequest.decode(body)
        return try apply(id, author.map(request.signed(by:)) ?? request)
    }

    /// The fields as the default policy highlights them.
    public func fields(_ id: String) throws -> FieldList {
        try fields(id, policy: DefaultFormFieldPolicy())
    }
}

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
