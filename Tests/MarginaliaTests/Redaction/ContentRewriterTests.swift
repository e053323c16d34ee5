import Foundation
import Testing
import PDFCore
@testable import Marginalia

@Suite("Redaction: rewriting content")
struct ContentRewriterTests {
    private func rewrite(_ content: String, cuts: [Int: [ContentEdits.Cut]] = [:], removals: Set<Int> = []) throws -> String {
        let edits = ContentEdits(cuts: cuts, removals: removals)
        return String(decoding: try ContentRewriter.rewrite(Array(content.utf8), edits, limits: .default), as: UTF8.self)
    }

    /// The byte offset of the last occurrence of `name` in `content`: where the parser finds that operator.
    private func offset(of name: String, in content: String) -> Int {
        content.utf8.distance(from: content.startIndex, to: content.range(of: name, options: .backwards)!.lowerBound)
    }

    @Test func aTjLosesTheCutCodesAndKeepsTheRestInPlace() throws {
        let content = "BT /F1 12 Tf (Secret word) Tj ET"
        let cuts = (0..<6).map { ContentEdits.Cut(element: 0, bytes: $0..<($0 + 1), adjustment: -600) }
        let result = try rewrite(content, cuts: [offset(of: "Tj", in: content): cuts])
        #expect(result.contains("[-3600 ( word)] TJ"), "\(result)")
        #expect(!result.contains("Secret"))
        #expect(result.hasPrefix("BT /F1 12 Tf\n["))
        #expect(result.hasSuffix(" ET"))
    }

    @Test func aTJKeepsItsKerningAndAddsTheCutAdvances() throws {
        let content = "BT [(Ke)30(rned )-20(Za)15(nzi) 5 (bar)] TJ ET"
        let cuts = [ContentEdits.Cut(element: 4, bytes: 0..<2, adjustment: -1000), ContentEdits.Cut(element: 6, bytes: 0..<1, adjustment: -500),
                    ContentEdits.Cut(element: 8, bytes: 0..<3, adjustment: -1500)]
        let result = try rewrite(content, cuts: [offset(of: "TJ", in: content): cuts])
        // -20 + -1000 + 15 + -500 (the cut "n"), then "zi", then 5 - 1500.
        #expect(result.contains("[(Ke) 30 (rned ) -1505 (zi) -1495] TJ"), "\(result)")
    }

    @Test(arguments: [("(Secret next) '", "T* [-2000 ( next)] TJ"), ("1 0.5 (Secret next) \"", "1 Tw 0.5 Tc T* [-2000 ( next)] TJ")])
    func quoteOperatorsBecomeANewLineAndATJ(operation: String, expected: String) throws {
        let content = "BT 14 TL " + operation + " ET"
        let name = String(operation.last!)
        let cuts = [ContentEdits.Cut(element: 0, bytes: 0..<6, adjustment: -2000)]
        let result = try rewrite(content, cuts: [offset(of: name, in: content): cuts])
        #expect(result.contains(expected), "\(result)")
        #expect(!result.contains("Secret"))
    }

    @Test func removedOperatorsTakeTheirOperandsWithThem() throws {
        let content = "q 1 0 0 1 5 5 cm 10 10 20 20 re f /Im0 Do Q 0 0 m 5 5 l S"
        let removals: Set<Int> = [offset(of: "re", in: content), offset(of: " f", in: content) + 1, offset(of: "Do", in: content)]
        let result = try rewrite(content, removals: removals)
        #expect(!result.contains("re") && !result.contains("Do") && !result.contains("20"), "\(result)")
        #expect(result.contains("1 0 0 1 5 5 cm") && result.contains("0 0 m 5 5 l S"))
    }

    @Test func contentWithoutEditsKeepsEveryOperatorAndLosesItsComments() throws {
        let content = #"% shows Secret"# + "\n" + #"BT (a % not a \( comment) Tj << /A 1 >> BDC <4142> Tj EMC ET % Secret again"# + "\n"
        let expected = "\n" + #"BT (a % not a \( comment) Tj << /A 1 >> BDC <4142> Tj EMC ET "# + "\n"
        #expect(try rewrite(content) == expected)
    }
}
