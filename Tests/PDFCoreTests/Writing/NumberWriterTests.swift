import Foundation
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

    /// The text a number should read as, built with strings from the same rounding (the
    /// value scaled to `decimals` places, half away from zero): the digits of the scaled
    /// integer with the point put in and trailing zeros dropped.
    static func expected(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        let places = max(0, min(decimals, NumberWriter.fineDecimals))
        let scaled = value * Double(Int(pow(10, Double(places))))
        let magnitude = UInt64(abs(scaled) + 0.5)
        guard magnitude != 0 else { return "0" }
        var digits = String(magnitude)
        if digits.count <= places { digits = String(repeating: "0", count: places + 1 - digits.count) + digits }
        var text = digits
        if places > 0 {
            text.insert(".", at: text.index(text.endIndex, offsetBy: -places))
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return (scaled < 0 ? "-" : "") + text
    }

    /// Every count of decimals (and counts out of range) over values of every magnitude the
    /// fast path takes, alone and as the operands of a content-stream operation.
    @Test func everyDecimalCountWritesTheDigitsOfTheRoundedValue() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 0.05, 0.005, 0.0005, 0.00005, 0.000005, 9.9999995, 99.5, 999.9995,
                                1234567.891, 8.99e12, -8.99e12, 123456789012.5, 0.1, 0.2, 0.3, 10, 100, 1000, 1e6, 1e9]
        for _ in 0..<20_000 {
            let magnitude = pow(10, Double.random(in: -7...12.9, using: &generator))
            values.append(Bool.random(using: &generator) ? magnitude : -magnitude)
        }
        values.append(contentsOf: (0..<2000).map { Double($0) / 1000 })
        for decimals in [-1, 0, 1, 2, 3, 4, 5, 6, 9] {
            for value in values {
                #expect(written(value, decimals: decimals) == Self.expected(value, decimals: decimals), "\(value), \(decimals) decimals")
            }
            for start in stride(from: 0, to: values.count - 6, by: 6) {
                let operands = Array(values[start..<(start + 6)])
                var out: [UInt8] = []
                operands.withUnsafeBufferPointer {
                    NumberWriter.appendOperation($0, decimals: decimals, operator: (0x63, nil), to: &out)
                }
                let line = operands.map { Self.expected($0, decimals: decimals) }.joined(separator: " ") + " c\n"
                #expect(String(decoding: out, as: UTF8.self) == line)
            }
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
