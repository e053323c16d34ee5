import Foundation
import Testing
@testable import MarginaliaCore

/// The one conversion from outside numbers to integers (issue 25): exact at Int's edges, where
/// `Int(Double)` traps and a range check written with `Double(Int.max)` lets 2^63 through.
@Suite("Checked integers")
struct CheckedIntegerTests {
    @Test func wholeNumbersInRangeConvert() {
        #expect(Int(checking: 0.0) == 0)
        #expect(Int(checking: -7.0) == -7)
        #expect(Int(checking: 9_007_199_254_740_992.0) == 9_007_199_254_740_992)
        // The largest double below 2^63 is 2^63 - 1024: in range.
        #expect(Int(checking: 9_223_372_036_854_774_784.0) == 9_223_372_036_854_774_784)
        #expect(Int(checking: -9_223_372_036_854_775_808.0) == Int.min)
        #expect(Int(checking: 5.0, in: 0...5) == 5)
    }

    /// 2^63 - 1 and 2^63 - 2 both become 2^63 as doubles: `Double(Int.max)` is that same
    /// value, so `n <= Double(Int.max)` held and `Int(n)` stopped the process.
    @Test(arguments: [9_223_372_036_854_775_807.0, 9_223_372_036_854_775_806.0, 18_446_744_073_709_551_616.0, 1e300,
                      -1e300, -9_223_372_036_854_777_856.0, .infinity, -.infinity, .nan, 0.5, -0.25, 1e-300])
    func everythingElseIsRefused(value: Double) {
        #expect(Int(checking: value) == nil)
    }

    @Test func aRangeIsKept() {
        #expect(Int(checking: 6.0, in: 0...5) == nil)
        #expect(Int(checking: -1.0, in: 0...Int.max) == nil)
    }

    @Test(arguments: [("42", 42), ("-3", -3), ("+7", 7), ("9223372036854775807", Int.max)])
    func decimalTextConverts(text: String, value: Int) {
        #expect(Int(checking: Substring(text)) == value)
    }

    @Test(arguments: ["9223372036854775808", "-9223372036854775809", "18446744073709551616", "1e3", "1.0", " 1", "1 ",
                      "0x10", "", "+", "-", "NaN", "inf", "١٢"])
    func otherTextIsRefused(text: String) {
        #expect(Int(checking: Substring(text)) == nil)
    }

    @Test func saturatingClampsInsteadOfTrapping() {
        #expect(Int(saturating: 1e300) == Int.max)
        #expect(Int(saturating: -1e300) == Int.min)
        #expect(Int(saturating: 9_223_372_036_854_775_807.0) == Int.max)
        #expect(Int(saturating: .infinity, in: 2...16) == 16)
        #expect(Int(saturating: -.infinity, in: 2...16) == 2)
        #expect(Int(saturating: .nan, in: 2...16) == 2)
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: 7.9, in: 2...16) == 7)
        #expect(Int(saturating: -7.9) == -7)
        #expect(Int(saturating: 1e10, in: 0...Int(Int32.max)) == Int(Int32.max))
    }

    @Test func aCommandFieldAtTheEdgeIsRefusedNamingIt() throws {
        let field = JSONField(try JSONParser.parse(#"{"baseRevision": 9223372036854775807}"#), path: "")
        do {
            _ = try field.member("baseRevision").integer(in: 0...Int.max)
            Issue.record("2^63 - 1 was accepted")
        } catch {
            #expect("\(error)".contains("baseRevision"))
        }
    }
}
