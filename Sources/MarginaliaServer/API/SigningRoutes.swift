import Foundation
import Marginalia

/// Signing with a certificate kept on the server (docs/signatures.md, "Signing on the
/// server"; docs/api.md, "Signing with my certificate"): `GET /api/v1/me/certificate` tells
/// the editor whether the caller has one (what it may show: subject, issuer, expiry) and
/// whether this server can sign with it; `POST /api/v1/documents/{id}/sign` signs the
/// document's current version with it. The key is opened with the operator's key for one
/// signature and dropped: it is never logged nor answered. Signing is allowed only over TLS,
/// to a named user, with their own certificate. With ``timestamp`` (`serve --timestamp-url`)
/// every signature gets a signature time-stamp from that authority (PAdES B-T).
public struct SigningRoutes: Sendable {
    /// The documents signed.
    public let service: DocumentService
    /// Where the certificates are kept; nil on a server whose store keeps none.
    public let certificates: (any CertificateStore)?
    /// The operator's key (`serve --signing-key-file`); nil when not given.
    public let key: SigningKey?
    /// How browsers reach the server: signing needs TLS.
    public let transport: TransportSecurity
    /// The time-stamp authority of every signature (B-T); nil for B-B.
    public let timestamp: SigningTimestamp?

    /// Routes over `service` signing with the certificates of `certificates`, opened with `key`,
    /// time-stamped by `timestamp` when given.
    public init(service: DocumentService, certificates: (any CertificateStore)?, key: SigningKey?, transport: TransportSecurity,
                timestamp: SigningTimestamp? = nil) {
        self.service = service
        self.certificates = certificates
        self.key = key
        self.transport = transport
        self.timestamp = timestamp
    }

    /// The PAdES baseline level this server's signatures have: `B-T` with a time-stamp authority.
    var level: String { timestamp == nil ? "B-B" : "B-T" }

    /// Why the caller cannot sign on this server with what they have, checked in this order:
    /// a named user, TLS, the operator's key, the store; nil when nothing stands in the way
    /// but, perhaps, having a certificate.
    func refusal(_ request: HTTPRequest, _ parameters: RouteParameters) -> CertificateError? {
        guard parameters.signedIn.name != nil else { return .needsNamedUser }
        guard transport.isHTTPS(request) else { return .needsTLS }
        guard key != nil, certificates != nil else { return .noSigningKey }
        return nil
    }

    /// Adds both routes under `prefix` (default `/api/v1`).
    public func register(into router: inout Router, prefix: String = MarginaliaServerInfo.apiPrefix) {
        let routes = self
        router.add("GET", prefix + "/me/certificate", needs: .view) { request, parameters in
            guard let name = parameters.signedIn.name else { throw CertificateError.needsNamedUser }
            let certificate = try routes.certificates?.certificate(of: name)
            let refusal = routes.refusal(request, parameters) ?? (certificate == nil ? .noCertificate(user: name) : nil)
            var signing: [String: Any] = ["available": refusal == nil, "level": routes.level]
            if let refusal { signing["reason"] = ["code": refusal.code, "message": refusal.message] }
            let object: [String: Any] = ["user": name, "certificate": certificate?.json ?? NSNull(), "signing": signing]
            return .json(data: try APIJSON.data(object))
        }
        router.add("POST", prefix + "/documents/{id}/sign", needs: .edit) { request, parameters in
            let id = try DocumentRoutes.documentID(parameters)
            let body = try SignRequestBody(request.body)
            if let refusal = routes.refusal(request, parameters) { throw refusal }
            guard let name = parameters.signedIn.name, let key = routes.key, let store = routes.certificates else {
                throw CertificateError.noSigningKey
            }
            guard let certificate = try store.certificate(of: name), certificate.owner == name else {
                throw CertificateError.noCertificate(user: name)
            }
            let credential = try certificate.credential(with: key)
            var signatureRequest = body.signatureRequest(credential)
            signatureRequest.timestamp = routes.timestamp?.transport
            let signed = try routes.service.saving.sign(id, signatureRequest)
            parameters.audit.record(.sign, by: parameters.signedIn, document: id,
                                    detail: "version=\(signed.version.number) field=\(signed.field) level=\(routes.level) subject=\(certificate.subject)")
            let object: [String: Any] = [
                "revision": signed.revision, "field": signed.field, "level": routes.level, "version": try APIJSON.any(signed.version),
                "document": try APIJSON.any(signed.summary),
                "certificate": certificate.json,
            ]
            return HTTPResponse.json(data: try APIJSON.data(object))
                .adding(header: "X-Marginalia-Revision", value: String(signed.revision))
        }
    }
}
