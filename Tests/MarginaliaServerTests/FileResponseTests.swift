import Foundation
import Testing
@testable import MarginaliaServer

@Suite("File responses: ETags and ranges")
struct FileResponseTests {
    @Test func rangesAreReadAsRFC9110Says() {
        #expect(FileResponse.range("bytes=0-99", length: 1000) == .bytes(0..<100))
        #expect(FileResponse.range("bytes=900-", length: 1000) == .bytes(900..<1000))
        #expect(FileResponse.range("bytes=900-5000", length: 1000) == .bytes(900..<1000))
        #expect(FileResponse.range("bytes=-100", length: 1000) == .bytes(900..<1000))
        #expect(FileResponse.range("bytes=-5000", length: 1000) == .bytes(0..<1000))
        #expect(FileResponse.range("bytes=1000-", length: 1000) == .unsatisfiable)
        #expect(FileResponse.range("bytes=-0", length: 1000) == .unsatisfiable)
        for malformed in ["bytes=5-1", "bytes=a-", "items=0-1", "bytes=0-1,5-6", "bytes=", "bytes=-", "bytes=+1-2"] {
            #expect(FileResponse.range(malformed, length: 1000) == nil, "\(malformed)")
        }
    }

    @Test func ifNoneMatchComparesWeakly() {
        #expect(FileResponse.matches("\"abc\"", "\"abc\""))
        #expect(FileResponse.matches("W/\"abc\"", "\"abc\""))
        #expect(FileResponse.matches("\"x\", \"abc\"", "\"abc\""))
        #expect(FileResponse.matches("*", "\"abc\""))
        #expect(!FileResponse.matches("\"abd\"", "\"abc\""))
    }
}
