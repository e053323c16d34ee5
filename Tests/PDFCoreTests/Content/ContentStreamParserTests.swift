import Testing
@testable import PDFCore

@Suite("Content stream parsing")
struct ContentStreamParserTests {
    private func operations(_ text: String, limits: PDFLimits = .default) throws -> [ContentOperation] {
        var parser = ContentStreamParser(bytes: Array(text.utf8), limits: limits)
        var result: [ContentOperation] = []
        while let operation = try parser.next() { result.append(operation) }
        return result
    }

    @Test func operatorsTakeTheOperandsBeforeThem() throws {
        let ops = try operations("1 0 0 1 10 20.5 cm /F1 12 Tf [(a) -20 (b)] TJ\n<</MCID 3>> BDC EMC")
        #expect(ops.map(\.name) == ["cm", "Tf", "TJ", "BDC", "EMC"])
        #expect(ops[0].operands == [1, 0, 0, 1, 10, .real(20.5)])
        #expect(ops[1].operands == [.name("F1"), 12])
        #expect(ops[2].operands == [.array([.string(Array("a".utf8)), -20, .string(Array("b".utf8))])])
        #expect(ops[3].operands.first?.dictionaryValue?["MCID"] == 3)
        #expect(ops[1].offset == 26)
    }

    @Test func inlineImageOfKnownSizeKeepsDataThatLooksLikeEI() throws {
        // 2x1 gray, 8 bits: its two data bytes are "EI" themselves.
        let ops = try operations("q BI /W 2 /H 1 /CS /G /BPC 8 ID EI EI Q")
        #expect(ops.map(\.name) == ["q", "BI", "Q"])
        let image = try #require(ops[1].inlineImage)
        #expect(image.data == Array("EI".utf8))
        #expect(image.dictionary["W"] == 2)
    }

    @Test func filteredInlineImageEndsAtAStandaloneEI() throws {
        let ops = try operations("BI /W 4 /H 4 /F /AHx ID 0FEIA0 >\nEI 10 w")
        #expect(ops.map(\.name) == ["BI", "w"])
        #expect(ops[0].inlineImage?.data == Array("0FEIA0 >".utf8), "EI inside a word is data")
        #expect(ops[1].operands == [10])
    }

    @Test func aBadTokenIsReportedAndReadingGoesOnAfterIt() throws {
        var parser = ContentStreamParser(bytes: Array("1 2 ) 3 4 m >> 5 w".utf8))
        #expect(throws: PDFError.syntax(offset: 4, message: "unbalanced ')'")) { try parser.next() }
        #expect(try parser.next() == ContentOperation(name: "m", operands: [3, 4], offset: 10))
        #expect(throws: PDFError.self) { try parser.next() }
        #expect(try parser.next()?.name == "w")
        #expect(try parser.next() == nil)
    }

    @Test func anInlineImageWithoutEIEndsTheContent() throws {
        var parser = ContentStreamParser(bytes: Array("BI /W 1 /H 1 /F /AHx ID 00".utf8))
        #expect(throws: PDFError.self) { try parser.next() }
        #expect(try parser.next() == nil)
    }

    @Test func operandsAndNestingAreBounded() throws {
        var limits = PDFLimits()
        limits.maxCollectionCount = 3
        #expect(throws: PDFError.limitExceeded("more than 3 operands before byte 6", limit: .maxCollectionCount, max: 3)) { try operations("1 2 3 4 5 m", limits: limits) }
        limits = PDFLimits()
        limits.maxNestingDepth = 2
        #expect(throws: PDFError.self) { try operations("[[[1]]] TJ", limits: limits) }
        #expect(try operations("[[1]] TJ", limits: limits).count == 1)
    }

    @Test func arbitraryBytesAlwaysEnd() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0..<400, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            var parser = ContentStreamParser(bytes: bytes)
            var steps = 0
            while steps <= bytes.count + 1 {
                steps += 1
                do { if try parser.next() == nil { break } } catch {}
            }
            #expect(steps <= bytes.count + 1, "each call consumes at least one byte")
        }
    }
}

@Suite("Content stream report")
struct ContentStreamReportTests {
    private func report(_ text: String) throws -> ContentStreamReport {
        try ContentStreamReport(bytes: Array(text.utf8))
    }

    @Test func balancedContentNeedsOneSaveAroundIt() throws {
        let balanced = try report("q 1 0 0 1 5 5 cm Q BT /F1 9 Tf (x) Tj ET")
        #expect(balanced.unclosedSaves == 0 && balanced.unmatchedRestores == 0 && !balanced.endsInsideText)
        #expect(balanced.openingOperators == "q\n" && balanced.closingOperators == "Q\n")
        #expect(balanced.operationCount == 7)
    }

    @Test func whatTheContentLeavesOpenIsClosed() throws {
        let open = try report("q q 2 0 0 2 0 0 cm Q BT (x) Tj")
        #expect(open.unclosedSaves == 1 && open.endsInsideText)
        #expect(open.closingOperators == "ET\nQ\nQ\n")
        let restores = try report("Q Q 2 0 0 2 0 0 cm q")
        #expect(restores.unmatchedRestores == 2 && restores.unclosedSaves == 1)
        #expect(restores.openingOperators == "q\nq\nq\n")
    }

    @Test func unknownOperatorsOutsideCompatibilitySectionsAreCounted() throws {
        let odd = try report("1 foo 2 foo BX 3 bar EX 4 w")
        #expect(odd.unknownOperators == ["foo": 2])
    }

    @Test func syntaxProblemsAreCollectedWithOffsets() throws {
        let damaged = try report("1 1 m ) 2 2 l (unclosed")
        #expect(damaged.problemCount == 2)
        #expect(damaged.problems.first == "syntax error at byte 6: unbalanced ')'")
        #expect(damaged.operationCount == 2)
    }
}
