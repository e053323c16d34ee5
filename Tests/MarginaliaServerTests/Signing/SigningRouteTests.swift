import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

/// `POST /api/v1/documents/{id}/sign` and `GET /api/v1/me/certificate` over the real service
/// and a temporary SQLite store (docs/signatures.md, "Signing on the server").
@Suite("Signing with a user's certificate on the server")
struct SigningRouteTests {
    /// A store with the editors Ana (who has a certificate) and Ben (who has none), the sample
    /// document, and the app over them.
    private struct Setup {
        let place: TestStore
        let service: DocumentService
        let document: String
        let key: SigningKey

        init() throws {
            place = try TestStore(.sqlite)
            service = try place.service()
            let users = try #require(service.store as? any UserStore)
            _ = try users.addUser(UserRecord(name: "ana", role: .editor, created: Date()), tokenHash: TokenHash.of("ana-token"))
            _ = try users.addUser(UserRecord(name: "ben", role: .editor, created: Date()), tokenHash: TokenHash.of("ben-token"))
            document = try service.catalogue.importDocument(name: "doc", data: Fixtures.sample).id
            try (service.store as? any SharingStore)?.share(document, with: DocumentShares.everyone, as: .editor)
            key = try TestPKCS12.key(9)
            let certificate = try UserCertificate.make(owner: "ana", pkcs12: try TestPKCS12.make(commonName: "Ana Lima"),
                                                       password: TestPKCS12.password, key: key)
            try #require(service.store as? any CertificateStore).setCertificate(certificate)
        }

        func app(transport: TransportSecurity = .tls(hstsMaxAge: 60), key: SigningKey?? = nil, users: Bool = true) -> MarginaliaApp {
            MarginaliaApp(service: service, staticFiles: StaticFiles(webDirectory: place.folderURL?.path ?? "/nonexistent"),
                          token: users ? nil : "shared", transport: transport,
                          users: users ? service.store as? any UserStore : nil, signingKey: key ?? self.key)
        }

        func sign(_ app: MarginaliaApp, as token: String, _ body: String) async -> (status: Int, json: [String: Any]) {
            let request = HTTPRequest(method: "POST", path: "/api/v1/documents/\(document)/sign",
                                      headers: ["authorization": "Bearer \(token)", "content-type": "application/json"],
                                      body: Data(body.utf8))
            return Self.answer(await app.respond(to: request))
        }

        static func answer(_ response: HTTPResponse) -> (status: Int, json: [String: Any]) {
            guard case .data(let data) = response.body,
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return (response.status, [:]) }
            return (response.status, object)
        }
    }

    private static func code(_ json: [String: Any]) -> String? {
        (json["error"] as? [String: Any])?["code"] as? String
    }

    @Test func theOwnerSignsAndTheSignedVersionVerifies() async throws {
        let setup = try Setup()
        defer { setup.place.remove() }
        let app = setup.app()
        let body = #"{"page": 1, "rect": [72, 72, 252, 144], "reason": "Approved", "location": "Lisbon"}"#
        let signed = await setup.sign(app, as: "ana-token", body)
        #expect(signed.status == 200, "\(signed.json)")
        #expect(signed.json["field"] as? String == "Signature1")
        #expect((signed.json["version"] as? [String: Any])?["number"] as? Int == 2)
        let bytes = try setup.service.saving.versionData(setup.document, 2)
        // An incremental update of version 1, whose signature covers the whole file and verifies.
        #expect(bytes.prefix(Fixtures.sample.count) == Fixtures.sample)
        let checks = try PDFFile(source: ByteSource(data: bytes)).verifySignatures()
        #expect(checks.count == 1)
        let check = try #require(checks.first)
        #expect(check.isIntact && check.coversWholeFile && check.hasSigningCertificateV2)
        #expect(check.signer?.contains("CN=Ana Lima") == true && check.signature.reason == "Approved")
        // No answer carries the key or its password.
        let text = String(decoding: try JSONSerialization.data(withJSONObject: signed.json), as: UTF8.self)
        #expect(!text.contains(TestPKCS12.password) && !text.contains("sealed"))
        let audit = try #require(setup.service.store as? any AuditStore).auditEntries(after: 0, limit: 10)
        #expect(audit.contains { $0.action == .sign && $0.actor == "ana" && $0.detail?.contains("field=Signature1") == true })
    }

    @Test func anotherUserIsRefusedAndNothingIsWritten() async throws {
        let setup = try Setup()
        defer { setup.place.remove() }
        let refused = await setup.sign(setup.app(), as: "ben-token", #"{"reason": "mine"}"#)
        #expect(refused.status == 403 && Self.code(refused.json) == "noCertificate")
        #expect(try setup.service.saving.versions(setup.document).versions.count == 1)
        let mine = Setup.answer(await setup.app().respond(to: HTTPRequest(
            method: "GET", path: "/api/v1/me/certificate", headers: ["authorization": "Bearer ben-token"])))
        #expect(mine.status == 200 && mine.json["certificate"] is NSNull)
        #expect((mine.json["signing"] as? [String: Any])?["available"] as? Bool == false)
        let ana = Setup.answer(await setup.app().respond(to: HTTPRequest(
            method: "GET", path: "/api/v1/me/certificate", headers: ["authorization": "Bearer ana-token"])))
        #expect((ana.json["certificate"] as? [String: Any])?["subject"] as? String == "CN=Ana Lima,O=Marginalia Tests")
        #expect((ana.json["signing"] as? [String: Any])?["available"] as? Bool == true)
    }

    @Test func signingIsRefusedWithoutTLSNamedUsersOrTheOperatorsKey() async throws {
        let setup = try Setup()
        defer { setup.place.remove() }
        let body = #"{"reason": "x"}"#
        let plain = await setup.sign(setup.app(transport: .plain), as: "ana-token", body)
        #expect(plain.status == 409 && Self.code(plain.json) == "tlsRequired")
        // Behind a proxy, only a request the proxy says came over HTTPS.
        let proxied = await setup.sign(setup.app(transport: .behindTLSProxy(hstsMaxAge: 60)), as: "ana-token", body)
        #expect(proxied.status == 409 && Self.code(proxied.json) == "tlsRequired")
        let keyless = await setup.sign(setup.app(key: .some(nil)), as: "ana-token", body)
        #expect(keyless.status == 409 && Self.code(keyless.json) == "signingKeyMissing")
        let anyone = await setup.sign(setup.app(users: false), as: "shared", body)
        #expect(anyone.status == 403 && Self.code(anyone.json) == "namedUserRequired")
        let otherKey = await setup.sign(setup.app(key: .some(try TestPKCS12.key(10))), as: "ana-token", body)
        #expect(otherKey.status == 409 && Self.code(otherKey.json) == "certificateSealed")
        #expect(try setup.service.saving.versions(setup.document).versions.count == 1)
    }

    @Test func aDocumentCertifiedWithNoChangesIsNotSignedAgain() async throws {
        let setup = try Setup()
        defer { setup.place.remove() }
        let app = setup.app()
        let certified = await setup.sign(app, as: "ana-token", #"{"certify": "none"}"#)
        #expect(certified.status == 200, "\(certified.json)")
        let again = await setup.sign(app, as: "ana-token", #"{"page": 1, "rect": [10, 10, 100, 50]}"#)
        #expect(again.status == 403 && Self.code(again.json) == "forbidden")
        #expect((again.json["error"] as? [String: Any])?["message"] as? String ?? "" ~= "DocMDP P=1")
        #expect(try setup.service.saving.versions(setup.document).versions.count == 2)
        let malformed = await setup.sign(app, as: "ana-token", #"{"page": 0, "rect": [10, 10, 100, 50]}"#)
        #expect(malformed.status == 400)
    }
}

private func ~= (text: String, part: String) -> Bool { text.contains(part) }
