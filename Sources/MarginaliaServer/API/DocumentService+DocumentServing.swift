import Foundation

// The store's service behind the routes: its methods already have the shapes the routes
// need, so conforming is declaring it plus the raw-body entry point for operations.

extension DocumentService: DocumentServing {
    /// Applies a request body as the spec's `POST …/operations` gives it.
    public func apply(_ id: String, body: Data) throws -> ApplyResult {
        try apply(id, ApplyRequest.decode(body))
    }
}

extension ServiceError: APIErrorConvertible {}

extension DocumentSummary: RevisionCarrying {}
extension ApplyResult: RevisionCarrying {}
extension OperationLog: RevisionCarrying {}
extension AnnotationList: RevisionCarrying {}
extension DocumentVersion: RevisionCarrying {}
extension VersionList: RevisionCarrying {}

extension DocumentEvent: ServerSentEventConvertible {
    public var eventName: String { name }
    public var eventRevision: Int? { revision }
    public func eventData() throws -> Data { try payload() }
}
