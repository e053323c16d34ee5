import Testing
@testable import PDFCore

@Suite("Lexer")
struct LexerTests {
    func tokens(_ text: String) throws -> [Token] {
        var lexer = Lexer(source: ByteSource(bytes: Array(text.utf8)))
        var result: [Token] = []
        while true {
            let token = try lexer.next()
            if token == .endOfData { return result }
            result.append(token)
        }
    }

    func string(_ text: String) throws -> [UInt8] {
        guard case .string(let bytes)? = try tokens(text).first else {
            Issue.record("no string in \(text)")
            return []
        }
        return bytes
    }

    @Test(arguments: [
        ("123", Token.integer(123)), ("-17", .integer(-17)), ("+5", .integer(5)), ("0", .integer(0)),
        ("34.5", .real(34.5)), ("-.002", .real(-0.002)), ("4.", .real(4)), ("--3", .integer(-3)),
        ("1.5.2", .real(1.5)), ("-", .keyword("-")),
    ])
    func numbers(text: String, expected: Token) throws {
        #expect(try tokens(text) == [expected])
    }

    @Test func hugeIntegerBecomesReal() throws {
        guard case .real(let value)? = try tokens("99999999999999999999999").first else {
            Issue.record("not a real")
            return
        }
        #expect(value > 9e22)
    }

    @Test func literalStringsWithNestingAndEscapes() throws {
        #expect(try string("(a (nested) string)") == Array("a (nested) string".utf8))
        #expect(try string(#"(\(\)\\\n\r\t\b\f)"#) == [0x28, 0x29, 0x5C, 0x0A, 0x0D, 0x09, 0x08, 0x0C])
        #expect(try string(#"(\101\60\0053)"#) == [0x41, 0x30, 0x05, 0x33])
        #expect(try string("(line\\\ncontinued)") == Array("linecontinued".utf8))
        #expect(try string("(a\r\nb\rc)") == Array("a\nb\nc".utf8))
        #expect(try string(#"(\q)"#) == Array("q".utf8))
    }

    @Test func hexStrings() throws {
        #expect(try string("<48 65 6C6c 6F>") == Array("Hello".utf8))
        #expect(try string("<901FA>") == [0x90, 0x1F, 0xA0])
        #expect(try string("<>") == [])
    }

    @Test func namesWithEscapes() throws {
        #expect(try tokens("/Name1 /A;Name_With-Various***Characters? /paired#28#29 /lime#20Green /#")
            == [.name("Name1"), .name("A;Name_With-Various***Characters?"), .name("paired()"), .name("lime Green"), .name("#")])
        #expect(try tokens("/Bad#zz") == [.name("Bad#zz")])
        #expect(try tokens("/ 1") == [.name(""), .integer(1)], "a lone solidus is the empty name")
        #expect(try tokens("/Caf#C3#A9") == [.name("Café")])
        #expect(try tokens("/Latin#E9") == [.name("Latin\u{E9}")])
    }

    @Test func commentsAnywhere() throws {
        #expect(try tokens("[1 % comment ]\n2]") == [.arrayStart, .integer(1), .integer(2), .arrayEnd])
        #expect(try tokens("<<%c\n/A%c\n1>>") == [.dictionaryStart, .name("A"), .integer(1), .dictionaryEnd])
    }

    /// Every word is a keyword token with its own text, the keywords of object syntax among
    /// them, and words that share their length or bytes with one (`nul`, `nulls`, `Obj`,
    /// `endstreaM`, `R1`) are not taken for it.
    @Test func wordsAreKeywordsWithTheirOwnText() throws {
        let words = ["R", "obj", "endobj", "stream", "endstream", "true", "false", "null", "nul", "nulls", "Obj",
                     "endstreaM", "endstreams", "R1", "S", "BT", "Tj", "trailer", "xref", "startxref", "falsE", "truer"]
        #expect(try tokens(words.joined(separator: " ")) == words.map { .keyword($0) })
        for word in words {
            let keyword = Array(word.utf8).withUnsafeBufferPointer { Lexer.objectKeyword($0) }
            let isObjectKeyword = ["R", "obj", "endobj", "stream", "endstream", "true", "false", "null"].contains(word)
            #expect(keyword == (isObjectKeyword ? word : nil), "\(word)")
        }
    }

    @Test func delimiters() throws {
        #expect(try tokens("<<>>[]{}") == [.dictionaryStart, .dictionaryEnd, .arrayStart, .arrayEnd, .keyword("{"), .keyword("}")])
    }

    @Test func unterminatedStringThrows() {
        #expect(throws: PDFError.self) { try tokens("(never closed") }
        #expect(throws: PDFError.self) { try tokens("<4142") }
    }

    @Test func stringLengthLimit() {
        var limits = PDFLimits()
        limits.maxStringLength = 10
        var lexer = Lexer(source: ByteSource(bytes: Array("(0123456789012345)".utf8)), limits: limits)
        #expect(throws: PDFError.self) { try lexer.next() }
    }

    /// Plain bytes are copied in runs between the bytes a literal string treats apart; the
    /// limit stops a run where reading byte by byte would have stopped: at the first byte past
    /// it, whether it comes in a run or after an escape.
    @Test func literalStringRunsStopAtTheLimitsFirstByteBeyond() throws {
        #expect(try string("(ab\\)cd(e)f\\\\g\rh)") == Array("ab)cd(e)f\\g\nh".utf8))
        var limits = PDFLimits()
        limits.maxStringLength = 10
        let tooLong = PDFError.limitExceeded("string at byte 0 longer than 10 bytes", limit: .maxStringLength, max: 10)
        var plain = Lexer(source: ByteSource(bytes: Array("(0123456789012345)".utf8)), limits: limits)
        #expect(throws: tooLong) { try plain.next() }
        #expect(plain.position == 12, "stopped after the eleventh byte")
        var afterEscape = Lexer(source: ByteSource(bytes: Array("(012345678\\)9)".utf8)), limits: limits)
        #expect(throws: tooLong) { try afterEscape.next() }
        #expect(afterEscape.position == 13, "stopped after the byte past the escape")
        var onEscape = Lexer(source: ByteSource(bytes: Array("(0123456789\\))".utf8)), limits: limits)
        #expect(throws: tooLong) { try onEscape.next() }
        #expect(onEscape.position == 13, "stopped after the escape that made the eleventh byte")
        var exact = Lexer(source: ByteSource(bytes: Array("(01234\\)678)".utf8)), limits: limits)
        #expect(try exact.next() == .string(Array("01234)678".utf8)))
        var full = Lexer(source: ByteSource(bytes: Array("(0123456789)".utf8)), limits: limits)
        #expect(try full.next() == .string(Array("0123456789".utf8)))
    }

    /// A hex string's odd last digit is a byte of its own, within the limit like the others
    /// (FuzzContentStream's invariant found `<1jAC>` read as two bytes past a limit of one).
    @Test func aHexStringsOddLastDigitCountsTowardsTheLimit() throws {
        var limits = PDFLimits()
        limits.maxStringLength = 1
        var odd = Lexer(source: ByteSource(bytes: Array("<1jAC>".utf8)), limits: limits)
        #expect(throws: PDFError.limitExceeded("string at byte 0 longer than 1 bytes", limit: .maxStringLength, max: 1)) { try odd.next() }
        limits.maxStringLength = 2
        var fits = Lexer(source: ByteSource(bytes: Array("<1jAC>".utf8)), limits: limits)
        #expect(try fits.next() == .string([0x1A, 0xC0]))
    }
}
