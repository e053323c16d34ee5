import Testing
@testable import MarginaliaCLI
import MarginaliaServer

/// `serve`'s HTTPS options as the command line reads them (docs/deploy.md): which go
/// together, which exclude each other, and what the application is told.
@Suite("serve: HTTPS options")
struct ServeTLSOptionsTests {
    private func parse(_ arguments: [String]) throws -> ServeCommand.Options {
        try ServeCommand.parse(arguments, environment: [:])
    }

    private func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try parse(arguments)
            return nil
        } catch {
            return (error as? UsageError)?.description ?? "not a usage error: \(error)"
        }
    }

    @Test func plainHTTPByDefault() throws {
        let options = try parse([])
        #expect(options.tls == ServeCommand.TLSOptions())
        #expect(options.tls.transport == .plain)
    }

    @Test func certificateAndKeyServeTLSWithARedirectPort() throws {
        let options = try parse(["--tls-cert", "c.pem", "--tls-key", "k.pem", "--port", "8443",
                                 "--http-redirect-port", "8080", "--hsts-max-age", "600"])
        #expect(options.tls.certificateFile == "c.pem" && options.tls.keyFile == "k.pem")
        #expect(options.tls.redirectPort == 8080)
        #expect(options.tls.transport == .tls(hstsMaxAge: 600))
    }

    @Test func behindAProxy() throws {
        #expect(try parse(["--behind-tls-proxy"]).tls.transport == .behindTLSProxy(hstsMaxAge: 31_536_000))
    }

    @Test(arguments: [
        (["--tls-cert", "c.pem"], "--tls-cert and --tls-key go together"),
        (["--tls-key", "k.pem"], "--tls-cert and --tls-key go together"),
        (["--tls-cert", "c.pem", "--tls-key", "k.pem", "--behind-tls-proxy"], "not both"),
        (["--http-redirect-port", "80"], "--http-redirect-port needs --tls-cert"),
        (["--tls-cert", "c.pem", "--tls-key", "k.pem", "--http-redirect-port", "8080"], "must differ from --port"),
        (["--tls-cert", "c.pem", "--tls-key", "k.pem", "--http-redirect-port", "0"], "is not a port"),
        (["--hsts-max-age", "60"], "--hsts-max-age needs"),
        (["--behind-tls-proxy", "--hsts-max-age", "-1"], "--hsts-max-age: '-1'"),
    ])
    func mistakesAreUsageErrors(arguments: [String], message: String) {
        let said = refusal(arguments)
        #expect(said?.contains(message) == true, "\(arguments): \(said ?? "accepted")")
    }
}
