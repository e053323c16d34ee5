import Foundation

/// A JSON value about one document that carries the document's revision, which the routes
/// also send as the `X-Marginalia-Revision` header.
public protocol RevisionCarrying: Encodable, Sendable {
    /// The document's revision when the value was made.
    var revision: Int { get }
}
