import Foundation
import Marginalia

/// How to reach the PostgreSQL database of a shared store: a `postgresql://` URL, given to
/// libpq as it is, plus a password read from a file when one is named.
///
/// Credentials come from (libpq's order, the first that has one): the URL's
/// `user:password@`, the password file (``passwordFile``), then libpq's own sources
/// (`PGPASSWORD`, `PGPASSFILE` or `~/.pgpass`, `PGUSER`, `PGHOST`, ...). Every other libpq
/// parameter the URL carries is passed through, `sslmode`, `sslrootcert` and
/// `connect_timeout` among them. The password is never part of ``redacted``, the only form
/// in which the location is printed or logged.
public struct PostgresConfiguration: Sendable, CustomStringConvertible {
    /// The URL as given.
    public let url: String
    /// A file whose first line is the password (trailing white space dropped).
    public let passwordFile: String?
    /// Seconds libpq waits for a connection when the URL does not say (`connect_timeout`).
    public var connectTimeout = 5
    /// Connections a store opens at most (the listener's not counted).
    public var maximumConnections = 16
    /// What `pg_stat_activity` shows for the store's connections.
    public var applicationName = "marginalia"

    /// Checks the scheme (`postgresql://` or `postgres://`).
    ///
    /// - Throws: ``StoreError/invalidRequest(_:)`` naming what is wrong (never the password).
    public init(url: String, passwordFile: String? = nil) throws {
        guard Self.isURL(url) else {
            throw StoreError.invalidRequest("a PostgreSQL store is named by a postgresql:// URL, not \(Self.redact(url))")
        }
        self.url = url
        self.passwordFile = passwordFile
        if let passwordFile, !FileManager.default.isReadableFile(atPath: passwordFile) {
            throw StoreError.invalidRequest("the password file \(passwordFile) cannot be read")
        }
    }

    /// Whether `location` names a PostgreSQL database rather than a folder.
    public static func isURL(_ location: String) -> Bool {
        location.hasPrefix("postgresql://") || location.hasPrefix("postgres://")
    }

    /// The URL with any password replaced by `***` (for messages and logs).
    public var redacted: String { Self.redact(url) }

    public var description: String { redacted }

    /// `text` with the password of a `scheme://user:password@host` part, and any
    /// `password=` query parameter, replaced by `***`.
    public static func redact(_ text: String) -> String {
        var result = text
        if let scheme = result.range(of: "://") {
            let rest = result[scheme.upperBound...]
            let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
            if let at = rest[..<authorityEnd].lastIndex(of: "@"),
               let colon = rest[..<at].firstIndex(of: ":") {
                result.replaceSubrange(result.index(after: colon)..<at, with: "***")
            }
        }
        for key in ["password=", "sslpassword="] {
            var searchStart = result.startIndex
            while let found = result.range(of: key, range: searchStart..<result.endIndex) {
                let end = result[found.upperBound...].firstIndex(where: { $0 == "&" || $0 == " " }) ?? result.endIndex
                result.replaceSubrange(found.upperBound..<end, with: "***")
                searchStart = result.index(found.upperBound, offsetBy: 3, limitedBy: result.endIndex) ?? result.endIndex
            }
        }
        return result
    }

    /// libpq's keyword/value parameters: the URL as `dbname` (libpq expands it), then the
    /// password from the file, the default timeout and the application name, which the URL's
    /// own values override where it has them.
    func connectionParameters(purpose: String) throws -> [(String, String)] {
        var parameters: [(String, String)] = [
            ("connect_timeout", String(connectTimeout)),
            ("application_name", "\(applicationName) \(purpose)"),
            ("keepalives_idle", "10"), ("keepalives_interval", "5"), ("keepalives_count", "3"),
            ("dbname", url),
        ]
        if let passwordFile, !Self.urlHasPassword(url) {
            parameters.append(("password", try Self.readPassword(passwordFile)))
        }
        return parameters
    }

    private static func urlHasPassword(_ url: String) -> Bool { redact(url) != url }

    private static func readPassword(_ path: String) throws -> String {
        let data: Data
        do {
            data = try InputFile.read(path, limit: InputFile.smallFileLimit)
        } catch {
            throw StoreError.invalidRequest("the password file \(error)")
        }
        let firstLine = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        let password = firstLine.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !password.isEmpty else { throw StoreError.invalidRequest("the password file \(path) is empty") }
        return password
    }
}
