import Foundation
import Testing
@testable import Marginalia

/// The pieces of JSON the log writes by hand are the bytes `JSONEncoder` writes.
@Suite struct JSONTextTests {
    /// Whole numbers lose the `.0` of their description (and only those), as in the encoder.
    @Test(arguments: [0.0, -0.0, 1, -2, 10, 100, 0.5, 1.0 / 3, 2.05, 1e16, 1e21, 1e-5, 123456.789, 5e-324, -1.5e300])
    func writesANumberAsTheEncoderDoes(value: Double) throws {
        var output = Array("[".utf8)
        try JSONText.appendNumber(value, to: &output)
        output.append(UInt8(ascii: "]"))
        #expect(String(decoding: output, as: UTF8.self) == String(decoding: try JSONEncoder().encode([value]), as: UTF8.self))
    }

    @Test func refusesANumberJSONCannotWrite() {
        var output: [UInt8] = []
        #expect(throws: JSONText.NonFiniteNumber.self) { try JSONText.appendNumber(.infinity, to: &output) }
        #expect(output.isEmpty)
    }
}
