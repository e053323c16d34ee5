/// Builds ``PDFObject`` values from tokens (ISO 32000-2, 7.3 and 7.3.10).
///
/// Nesting is bounded by ``PDFLimits/maxNestingDepth``; a stream's `/Length` that is
/// indirect is resolved through `resolveLength`, and a `/Length` that is missing or wrong
/// is replaced by a search for `endstream`, as other readers do.
struct ObjectParser {
    var lexer: Lexer
    /// Resolves an indirect `/Length`; nil when the reference cannot be resolved.
    var resolveLength: ((PDFReference) -> Int?)?
    /// Whether `N G R` reads as a reference. Content streams have none, and not looking
    /// two tokens ahead after every integer reads their numbers at a third of the cost.
    var readsReferences = true
    /// Stray keywords dropped inside arrays and dictionaries, for the file's warnings.
    private(set) var strayWordsDropped = 0
    /// The highest object number a reference read so far names (0 for none): a damaged file
    /// may name objects it lacks, and a new object must not take such a number.
    private(set) var highestReferencedNumber = 0

    init(source: ByteSource, position: Int = 0, limits: PDFLimits = .default,
         resolveLength: ((PDFReference) -> Int?)? = nil) {
        self.lexer = Lexer(source: source, position: position, limits: limits)
        lexer.skipsStrayParentheses = true
        self.resolveLength = resolveLength
    }

    var position: Int {
        get { lexer.position }
        set { lexer.position = newValue }
    }

    var limits: PDFLimits { lexer.limits }

    /// Parses one direct object (a stream only inside ``parseIndirectObject(expected:)``).
    mutating func parseObject() throws -> PDFObject {
        try parseObject(depth: 0)
    }

    private mutating func parseObject(depth: Int) throws -> PDFObject {
        let start = lexer.position
        let token = try lexer.next()
        return try object(from: token, start: start, depth: depth)
    }

    mutating func object(from token: Token, start: Int, depth: Int) throws -> PDFObject {
        switch token {
        case .integer(let value):
            guard readsReferences, value >= 0 else { return .integer(value) }
            // `N G R` is a reference. The bytes after N usually settle it at once; only unusual
            // spellings (signs, comments) take the lookahead of two whole tokens.
            switch referenceTail(at: lexer.position) {
            case .reference(let generation, let end):
                lexer.position = end
                highestReferencedNumber = max(highestReferencedNumber, value)
                return .reference(PDFReference(value, generation))
            case .notReference:
                return .integer(value)
            case .unsure:
                let mark = lexer.position
                if case .integer(let generation)? = try? lexer.next(), generation >= 0,
                   case .keyword("R")? = try? lexer.next() {
                    highestReferencedNumber = max(highestReferencedNumber, value)
                    return .reference(PDFReference(value, generation))
                }
                lexer.position = mark
                return .integer(value)
            }
        case .real(let value): return .real(value)
        case .string(let bytes): return .string(bytes)
        case .name(let name): return .name(name)
        case .arrayStart: return try parseArray(start: start, depth: depth + 1)
        case .dictionaryStart: return .dictionary(try parseDictionary(start: start, depth: depth + 1))
        case .keyword("true"): return .bool(true)
        case .keyword("false"): return .bool(false)
        case .keyword("null"): return .null
        case .keyword(let word):
            throw PDFError.syntax(offset: start, message: "unexpected keyword '\(word)'")
        case .arrayEnd: throw PDFError.syntax(offset: start, message: "unexpected ']'")
        case .dictionaryEnd: throw PDFError.syntax(offset: start, message: "unexpected '>>'")
        case .endOfData: throw PDFError.unexpectedEnd(offset: start)
        }
    }

    private enum ReferenceTail {
        case reference(generation: Int, end: Int)
        case notReference
        case unsure
    }

    /// Whether the bytes after an object number at `start` are ` G R`: whitespace, digits,
    /// whitespace and an `R` that ends there. Anything the lexer could read differently (a
    /// sign, a comment) is left to the token lookahead.
    private func referenceTail(at start: Int) -> ReferenceTail {
        let bytes = lexer.source.buffer
        var i = start
        while i < bytes.count && CharacterClass.isWhitespace(bytes[i]) { i += 1 }
        guard i < bytes.count else { return .notReference }
        guard CharacterClass.isDigit(bytes[i]) else {
            return bytes[i] == 0x2B || bytes[i] == 0x2D || bytes[i] == 0x2E || bytes[i] == 0x25 ? .unsure : .notReference
        }
        let digits = i
        var generation = 0
        while i < bytes.count && CharacterClass.isDigit(bytes[i]) {
            guard i - digits < 9 else { return .unsure }
            generation = generation * 10 + Int(bytes[i] - 0x30)
            i += 1
        }
        guard i < bytes.count, CharacterClass.isWhitespace(bytes[i]) else {
            // `5 0]` or `5 0.5`: the second number is no generation (a `%` after it is a comment).
            return i < bytes.count && bytes[i] == 0x25 ? .unsure : .notReference
        }
        while i < bytes.count && CharacterClass.isWhitespace(bytes[i]) { i += 1 }
        guard i < bytes.count else { return .notReference }
        if bytes[i] == 0x25 { return .unsure }
        guard bytes[i] == 0x52, i + 1 == bytes.count || !CharacterClass.isRegular(bytes[i + 1]) else { return .notReference }
        return .reference(generation: generation, end: i + 1)
    }

    private mutating func checkDepth(_ depth: Int, at start: Int) throws {
        if depth > limits.maxNestingDepth {
            throw PDFError.limitExceeded("objects nested deeper than \(limits.maxNestingDepth) at byte \(start)", limit: .maxNestingDepth, max: limits.maxNestingDepth)
        }
    }

    private mutating func parseArray(start: Int, depth: Int) throws -> PDFObject {
        try checkDepth(depth, at: start)
        var items: [PDFObject] = []
        items.reserveCapacity(8)  // rectangles, colours, matrices: no regrowing for the common sizes
        while true {
            let itemStart = lexer.position
            let token = try lexer.next()
            switch token {
            case .arrayEnd: return .array(items)
            case .endOfData: throw PDFError.unexpectedEnd(offset: start)
            case .keyword("endobj"), .keyword("stream"), .keyword("endstream"), .dictionaryEnd:
                // An unterminated array: end it here so the rest of the object survives.
                lexer.position = itemStart
                return .array(items)
            case .keyword(let word) where !["true", "false", "null"].contains(word):
                strayWordsDropped += 1
                continue  // a stray word inside an array is dropped, as other readers do
            default:
                items.append(try object(from: token, start: itemStart, depth: depth))
                if items.count > limits.maxCollectionCount {
                    throw PDFError.limitExceeded("array at byte \(start) has more than \(limits.maxCollectionCount) elements", limit: .maxCollectionCount, max: limits.maxCollectionCount)
                }
            }
        }
    }

    private mutating func parseDictionary(start: Int, depth: Int) throws -> PDFDictionary {
        try checkDepth(depth, at: start)
        var dictionary = PDFDictionary()
        while true {
            let keyStart = lexer.position
            let token = try lexer.next()
            switch token {
            case .dictionaryEnd:
                return dictionary
            case .name(let key):
                let valueStart = lexer.position
                let valueToken = try lexer.next()
                if case .dictionaryEnd = valueToken {
                    return dictionary  // a key without a value reads as null
                }
                if case .keyword(let w) = valueToken {
                    if w == "endobj" || w == "stream" {
                        lexer.position = valueStart
                        return dictionary
                    }
                    if !["true", "false", "null"].contains(w) {  // a stray word: the key has no value
                        strayWordsDropped += 1
                        continue
                    }
                }
                dictionary[key] = try object(from: valueToken, start: valueStart, depth: depth)
                if dictionary.count > limits.maxCollectionCount {
                    throw PDFError.limitExceeded("dictionary at byte \(start) has more than \(limits.maxCollectionCount) entries", limit: .maxCollectionCount, max: limits.maxCollectionCount)
                }
            case .endOfData:
                throw PDFError.unexpectedEnd(offset: start)
            case .keyword("endobj"), .keyword("stream"):
                lexer.position = keyStart  // unterminated dictionary
                return dictionary
            default:
                // A non-name key: skip it, as other readers do, and keep the rest.
                if case .keyword = token { strayWordsDropped += 1 }
                _ = try? object(from: token, start: keyStart, depth: depth)
            }
        }
    }

    // MARK: - Indirect objects

    /// Parses `N G obj ... endobj` at the current position, including stream data.
    ///
    /// - Parameter expected: the reference the cross-reference promised at this offset;
    ///   a header naming another object throws, which sends the caller to repair.
    mutating func parseIndirectObject(expected: PDFReference?) throws -> (PDFReference, PDFObject) {
        let start = lexer.position
        guard case .integer(let number) = try lexer.next(), case .integer(let generation) = try lexer.next(),
              case .keyword("obj") = try lexer.next()
        else {
            throw PDFError.syntax(offset: start, message: "expected 'N G obj'")
        }
        let reference = PDFReference(number, generation)
        if let expected, expected.number != number {
            throw PDFError.syntax(offset: start, message: "found object \(number) where object \(expected.number) was expected")
        }
        let objectStart = lexer.position
        let token = try lexer.next()
        if case .keyword("endobj") = token { return (reference, .null) }
        let value = try object(from: token, start: objectStart, depth: 0)
        let afterValue = lexer.position
        let next = try? lexer.next()
        if case .keyword("stream")? = next, case .dictionary(let dictionary) = value {
            let stream = try parseStreamData(dictionary: dictionary, keywordEnd: lexer.position)
            return (reference, .stream(stream))
        }
        if case .keyword("endobj")? = next {} else { lexer.position = afterValue }  // missing endobj is tolerated
        return (reference, value)
    }

    /// Reads the bytes after the `stream` keyword (7.3.8.1).
    private mutating func parseStreamData(dictionary: PDFDictionary, keywordEnd: Int) throws -> PDFStream {
        let source = lexer.source
        // The keyword is followed by CRLF or LF; a lone CR is tolerated.
        var dataStart = keywordEnd
        if source[dataStart] == 0x0D { dataStart += 1 }
        if source[dataStart] == 0x0A { dataStart += 1 }

        var length: Int? = nil
        switch dictionary["Length"] {
        case .integer(let n)?: length = n
        case .real(let r)? where r >= 0 && r < 1e15: length = Int(r)
        case .reference(let ref)?: length = resolveLength?(ref)
        default: break
        }
        if let n = length, n >= 0, n <= source.count - dataStart, endsStream(at: dataStart + n) {
            lexer.position = dataStart + n
            skipEndstream()
            return PDFStream(dictionary: dictionary, rawBytes: source.bytes(in: dataStart..<(dataStart + n)))
        }
        // The /Length is missing or wrong: the data ends at the next `endstream`.
        guard let end = source.firstIndex(of: ObjectParser.endstreamKeyword, from: dataStart) else {
            throw PDFError.syntax(offset: keywordEnd, message: "stream without 'endstream'")
        }
        var dataEnd = end
        if dataEnd > dataStart && source[dataEnd - 1] == 0x0A { dataEnd -= 1 }
        if dataEnd > dataStart && source[dataEnd - 1] == 0x0D { dataEnd -= 1 }
        // An 'endobj' before 'endstream' means the stream runs into the next object.
        if let endobj = source.firstIndex(of: Array("endobj".utf8), from: dataStart, to: end) {
            dataEnd = endobj
        }
        lexer.position = end
        skipEndstream()
        return PDFStream(dictionary: dictionary, rawBytes: source.bytes(in: dataStart..<dataEnd))
    }

    static let endstreamKeyword = Array("endstream".utf8)

    /// Whether `endstream` follows `offset` after optional whitespace.
    private func endsStream(at offset: Int) -> Bool {
        let source = lexer.source
        var i = offset
        while let b = source[i], CharacterClass.isWhitespace(b), i < offset + 8 { i += 1 }
        for (k, expected) in ObjectParser.endstreamKeyword.enumerated() where source[i + k] != expected { return false }
        return true
    }

    private mutating func skipEndstream() {
        let mark = lexer.position
        if case .keyword("endstream")? = try? lexer.next() {
            let afterEndstream = lexer.position
            if case .keyword("endobj")? = try? lexer.next() { return }
            lexer.position = afterEndstream
        } else {
            lexer.position = mark
        }
    }
}
