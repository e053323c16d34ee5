import Foundation

/// MarginaliaServer: the HTTP API, the document store and the browser editor's files.
public enum MarginaliaServerInfo {
    /// The API's path prefix.
    public static let apiPrefix = "/api/v1"
}
