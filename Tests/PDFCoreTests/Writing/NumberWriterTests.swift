import Testing
@testable import PDFCore

@Suite("Number writer")
struct NumberWriterTests {
    func written(_ value: Double, decimals: Int) -> String {
        var out: [UInt8] = []
        NumberWriter.append(value, decimals: decimals, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test(arguments: [
        (72.0, "72"), (72.261667, "72.262"), (-0.0004, "0"), (-0.0006, "-0.001"), (0.5, "0.5"),
        (403.591667, "403.592"), (1.0005, "1.001"), (-12.30001, "-12.3"), (99.9996, "100"),
        (Double.nan, "0"), (-Double.infinity, "0"), (1e13, "10000000000000"),
    ])
    func coordinatesKeepThreeDecimals(value: Double, expected: String) {
        #expect(written(value, decimals: 3) == expected)
    }

    /// Every number written with three decimals reads back within 0.0005 of the value, and
    /// no shorter decimal would: the last digit written is never zero.
    @Test func coordinatesAreTheFewestDigitsWithinHalfAThousandth() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let value = Double.random(in: -2000...2000, using: &generator)
            let text = written(value, decimals: 3)
            guard let back = Double(text) else { Issue.record("\(text) is not a number"); return }
            #expect(abs(back - value) <= 0.0005 + 1e-9, "\(value) -> \(text)")
            if text.contains(".") { #expect(!text.hasSuffix("0"), "\(text)") }
            #expect(!text.contains("e"))
        }
    }

    @Test(arguments: [(0, "0"), (7, "7"), (-42, "-42"), (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808")])
    func integers(value: Int, expected: String) {
        var out: [UInt8] = []
        NumberWriter.append(value, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == expected)
    }

    @Test func coordinateObjectsAreRoundedToAThousandthOfAPoint() {
        #expect(PDFObject.coordinate(10.123456) == .real(10.123))
        #expect(String(decoding: PDFSyntax.bytes(of: [.coordinate(1 / 3), .coordinate(-2 / 3), .coordinate(12)]), as: UTF8.self)
            == "[0.333 -0.667 12]")
    }
}
