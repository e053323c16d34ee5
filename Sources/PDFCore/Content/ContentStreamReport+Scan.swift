extension ContentStreamReport {
    /// The report of well-formed `bytes` found by a scan that builds no operand, or nil when
    /// the content holds anything the scan leaves to the parser: inline images, dictionaries,
    /// names with `#` escapes, keywords inside arrays, braces, unbalanced delimiters, tokens
    /// that are neither numbers nor operators by the lexer's rule, sizes near a limit.
    ///
    /// Where it answers, it answers what ``init(parsing:limits:)`` would (the tests compare
    /// both on real pages): flattening reads every page's content for its balance, and
    /// building each operand as a ``PDFObject`` cost a tenth of "flatten" (docs/benchmarks.md).
    static func scanned(_ bytes: [UInt8], limits: PDFLimits) -> ContentStreamReport? {
        bytes.withUnsafeBufferPointer { scan($0, limits: limits) }
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, limits: PDFLimits) -> ContentStreamReport? {
        var report = ContentStreamReport()
        var saves = 0
        var compatibility = 0
        var depth = 0  // open arrays
        var operands = 0  // tokens since the last operator, inside arrays too
        let maximumOperands = limits.maxCollectionCount
        let maximumDepth = min(8, limits.maxNestingDepth - 1)
        let count = bytes.count
        var i = 0
        while i < count {
            let b = bytes[i]
            if CharacterClass.isWhitespace(b) {
                i += 1
                continue
            }
            switch b {
            case 0x25:  // % comment to the end of the line
                while i < count && bytes[i] != 0x0A && bytes[i] != 0x0D { i += 1 }
                continue
            case 0x28:  // literal string: balanced parentheses, a backslash escapes the next byte
                let start = i
                var open = 1
                i += 1
                while i < count && open > 0 {
                    switch bytes[i] {
                    case 0x5C: i += 1
                    case 0x28: open += 1
                    case 0x29: open -= 1
                    default: break
                    }
                    i += 1
                }
                guard open == 0, i - start <= limits.maxStringLength else { return nil }
            case 0x3C:  // hex string (a dictionary is left to the parser)
                let start = i
                i += 1
                while i < count && bytes[i] != 0x3E {
                    guard CharacterClass.hexValue(bytes[i]) != nil || CharacterClass.isWhitespace(bytes[i]) else { return nil }
                    i += 1
                }
                guard i < count, i - start <= limits.maxStringLength else { return nil }
                i += 1
            case 0x2F:  // name
                let start = i
                i += 1
                while i < count && CharacterClass.isRegular(bytes[i]) {
                    if bytes[i] == 0x23 { return nil }
                    i += 1
                }
                guard i - start <= limits.maxStringLength else { return nil }
            case 0x5B:
                depth += 1
                guard depth <= maximumDepth else { return nil }
                i += 1
            case 0x5D:
                guard depth > 0 else { return nil }
                depth -= 1
                i += 1
            case 0x29, 0x3E, 0x7B, 0x7D:
                return nil
            default:
                let start = i
                while i < count && CharacterClass.isRegular(bytes[i]) { i += 1 }
                let word = UnsafeBufferPointer(rebasing: bytes[start..<i])
                if isNumber(word) || isOperandKeyword(word) {
                    break
                }
                if let first = word.first, first == 0x2B || first == 0x2D || first == 0x2E || CharacterClass.isDigit(first) {
                    return nil  // a keyword by the lexer's rule that looks like a broken number
                }
                guard depth == 0, word.count <= 16 else { return nil }
                if word.count == 2 && word[0] == 0x42 && word[1] == 0x49 { return nil }  // BI: inline image
                report.operationCount += 1
                operands = 0
                switch (word.count, word[0], word.count > 1 ? word[1] : 0) {
                case (1, 0x71, _): saves += 1  // q
                case (1, 0x51, _): if saves > 0 { saves -= 1 } else { report.unmatchedRestores += 1 }  // Q
                case (2, 0x42, 0x54): report.endsInsideText = true  // BT
                case (2, 0x45, 0x54): report.endsInsideText = false  // ET
                case (2, 0x42, 0x58): compatibility += 1  // BX
                case (2, 0x45, 0x58): compatibility = max(0, compatibility - 1)  // EX
                default:
                    if compatibility == 0 {
                        let name = String(decoding: word, as: UTF8.self)
                        if !operators.contains(name) { report.unknownOperators[name, default: 0] += 1 }
                    }
                }
                continue
            }
            // An operand (or a bracket) was read.
            operands += 1
            guard operands < maximumOperands else { return nil }
        }
        // Operands left at the end are ignored, as the parser ignores them; an array left open is not.
        guard depth == 0 else { return nil }
        report.unclosedSaves = saves
        return report
    }

    /// Whether the lexer reads `word` (a run of regular bytes) as a number: after any signs,
    /// a digit, or a point followed by a digit (`Lexer.parseNumber`).
    private static func isNumber(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < word.count && (word[i] == 0x2B || word[i] == 0x2D) { i += 1 }
        guard i < word.count else { return false }
        if CharacterClass.isDigit(word[i]) { return true }
        return word[i] == 0x2E && i + 1 < word.count && CharacterClass.isDigit(word[i + 1])
    }

    /// `true`, `false` and `null`: the keywords that are operands.
    private static func isOperandKeyword(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        switch word.count {
        case 4: return word.elementsEqual("true".utf8) || word.elementsEqual("null".utf8)
        case 5: return word.elementsEqual("false".utf8)
        default: return false
        }
    }
}
