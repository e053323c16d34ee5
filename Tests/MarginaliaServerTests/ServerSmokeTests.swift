import Testing
@testable import MarginaliaServer

@Test func apiPrefixIsVersioned() {
    #expect(MarginaliaServerInfo.apiPrefix == "/api/v1")
}
