import Foundation
import Marginalia

/// The RFC 3161 time-stamp authority whose time-stamp every signature made on the server gets
/// (`serve --timestamp-url URL`, docs/signatures.md "Signing on the server"): PAdES baseline
/// B-T instead of B-B. The request and the checks of the answer are the engine's, as for
/// `marginalia sign --timestamp` (``TimestampTransport``); this names where to ask.
public struct SigningTimestamp: Sendable {
    /// The authority's address, as the operator gave it (http).
    public var url: URL
    /// Carries a DER TimeStampReq to the authority and its DER TimeStampResp back.
    public var transport: TimestampTransport

    /// An authority at `url`, asked through `transport`.
    public init(url: URL, transport: @escaping TimestampTransport) {
        self.url = url
        self.transport = transport
    }
}
