import Testing
@testable import PDFCore

/// The scan behind ``ContentStreamReport/init(bytes:limits:)`` answers what the parser's
/// reading answers, and leaves to the parser whatever it does not read itself.
@Suite("Content stream report by scanning")
struct ContentStreamScanTests {
    private func both(_ text: String, limits: PDFLimits = .default) throws -> (ContentStreamReport?, ContentStreamReport) {
        let bytes = Array(text.utf8)
        return (ContentStreamReport.scanned(bytes, limits: limits), try ContentStreamReport(parsing: bytes, limits: limits))
    }

    @Test("the scan reads well-formed content as the parser does", arguments: [
        "q 1 0 0 1 5 5 cm Q BT /F1 9 Tf (x) Tj ET",
        "q q 2 0 0 2 0 0 cm Q BT (x) Tj",
        "Q Q 2 0 0 2 0 0 cm q",
        "1 foo 2 foo BX 3 bar EX 4 w BX BX baz EX qux EX",
        "BT [(a\\)b) -120 (c(d)e) 4.5] TJ <48 65 6c6C 6f> Tj ET % a comment ( [ <<\n 1 g",
        "/P1 gs true false null 3 d0 -.5 +.5 5. --3 0.25 1 2 3 4 5 6 c h f* B* 1 0 0 RG",
        "[[1 2] [3 [4]]] 0 d [] 0 d 7 w",
        "q 1 0 0 1 0 0 cm /Im1 Do Q 12 TL T* (line) ' 1 2 (w) \" R obj endobj",
        "5abc 2 l 1 1 m",
        "",
        "% only a comment",
        "1 2 3",
    ])
    func scanAgreesWithTheParser(content: String) throws {
        let (scanned, parsed) = try both(content)
        #expect(scanned == parsed, "\(content)")
    }

    @Test("what the scan does not read itself is left to the parser", arguments: [
        "BI /W 1 /H 1 /BPC 8 /CS /G ID \u{0}  EI Q",  // inline image
        "/P <</MCID 0>> BDC EMC",  // dictionary operand
        "/A#20B gs",  // escaped name
        "[1 R] 0 d",  // keyword inside an array
        "1 1 m ) 2 2 l",  // stray parenthesis
        "(unclosed",  // string to the end
        "<4X> Tj",  // bad hex digit
        "1 > 2 l",  // stray '>'
        "{ 1 } 2 w",  // braces
        "[1 2 0 d",  // array left open
        "] 0 d",  // array closed twice
        "- 5 w",  // a sign alone: a keyword that looks like a number
        ".x 5 w",
        "aVeryLongOperatorIndeed 1 w",
        "[[[[[[[[[1]]]]]]]]] 0 d",  // deep
    ])
    func scanDeclines(content: String) throws {
        let (scanned, _) = try both(content)
        #expect(scanned == nil, "\(content)")
        // Whatever the parser finds is what the report says.
        #expect(try ContentStreamReport(bytes: Array(content.utf8)) == (try ContentStreamReport(parsing: Array(content.utf8))))
    }

    @Test func limitsLeaveTheScanToTheParser() throws {
        var limits = PDFLimits.default
        limits.maxStringLength = 3
        // The parser throws there (limitExceeded); the scan declines to answer.
        #expect(ContentStreamReport.scanned(Array("(abcdef) Tj".utf8), limits: limits) == nil)
        #expect(ContentStreamReport.scanned(Array("(a) Tj".utf8), limits: limits) == (try ContentStreamReport(parsing: Array("(a) Tj".utf8), limits: limits)))
        limits = .default
        limits.maxCollectionCount = 4
        #expect(ContentStreamReport.scanned(Array("1 2 3 4 5 6 c".utf8), limits: limits) == nil)
        let (fewOperands, parsed) = try both("1 2 m", limits: limits)
        #expect(fewOperands == parsed)
    }
}
