/// Rebuilds the cross-reference of a damaged file by scanning it for `N G obj` headers and
/// `trailer` dictionaries, as qpdf, MuPDF and pdf.js do when the xref is missing, truncated
/// or wrong. Later definitions of an object win, as they would in an incremental update.
struct CrossReferenceRepair {
    let source: ByteSource
    let limits: PDFLimits

    func rebuild(budget: inout DecodeBudget) throws -> CrossReferenceTable {
        var table = CrossReferenceTable()
        var streamCandidates: [Int] = []  // object numbers that may be object or xref streams
        var trailer = PDFDictionary()
        let buffer = source.buffer
        let count = buffer.count
        var i = 0
        while i < count {
            let b = buffer[i]
            // `obj` preceded by `N G` and whitespace, not part of `endobj`.
            if b == 0x6F, i + 2 < count, buffer[i + 1] == 0x62, buffer[i + 2] == 0x6A,
               i + 3 >= count || !CharacterClass.isRegular(buffer[i + 3]),
               let (number, generation, start) = headerBefore(i) {
                if number > 0 && number <= limits.maxObjectNumber {
                    table.entries[number] = .inFile(offset: start, generation: generation)
                    if looksLikeStream(after: i + 3) { streamCandidates.append(number) }
                }
                i += 3
                continue
            }
            // `trailer` followed by a dictionary: merge it, newer keys winning.
            if b == 0x74, matches("trailer", at: i) {
                var parser = ObjectParser(source: source, position: i + 7, limits: limits)
                if case .dictionary(let dict)? = try? parser.parseObject() {
                    for (key, value) in dict { trailer[key] = value }
                }
                i += 7
                continue
            }
            i += 1
        }
        guard !table.entries.isEmpty else { throw PDFError.notAPDF }

        // Cross-reference streams carry the trailer keys; object streams hold more objects.
        var found = Set(table.entries.keys)
        for number in streamCandidates.sorted() {
            guard case .inFile(let offset, _)? = table.entries[number] else { continue }
            var parser = ObjectParser(source: source, position: offset, limits: limits)
            guard let (_, object) = try? parser.parseIndirectObject(expected: nil),
                  case .stream(let stream) = object else { continue }
            switch stream.dictionary.type {
            case "XRef":
                for (key, value) in stream.dictionary where trailerKeys.contains(key) { trailer[key] = value }
            case "ObjStm":
                let objectStream: ObjectStream
                do {
                    objectStream = try ObjectStream(dictionary: stream.dictionary, limits: limits) {
                        try budget.decode(stream, what: "object stream \(number)")
                    }
                } catch let error as PDFError {
                    if case .limitExceeded = error { throw error }  // a budget spent is not damage to skip
                    continue
                }
                let numbers = objectStream.objectNumbers
                for (index, contained) in numbers.enumerated()
                where contained > 0 && contained <= limits.maxObjectNumber && !found.contains(contained) {
                    table.entries[contained] = .inObjectStream(streamNumber: number, index: index)
                    found.insert(contained)
                }
            default:
                break
            }
        }
        table.entries[0] = .free(nextGeneration: 65535)
        for key in ["Prev", "XRefStm", "Type", "W", "Index", "Length", "Filter", "DecodeParms"] { trailer[key] = nil }
        table.trailer = trailer
        table.kind = .table
        table.startOffset = 0
        return table
    }

    private let trailerKeys: Set<String> = ["Root", "Info", "ID", "Encrypt", "Size"]

    private func matches(_ word: StaticString, at offset: Int) -> Bool {
        let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard offset + bytes.count <= source.count else { return false }
        for k in 0..<bytes.count where source.buffer[offset + k] != bytes[k] { return false }
        return true
    }

    /// Reads `N G ` backwards from the `obj` keyword at `objOffset`; returns the numbers and
    /// the offset of `N`.
    private func headerBefore(_ objOffset: Int) -> (Int, Int, Int)? {
        let buffer = source.buffer
        var i = objOffset - 1
        func skipSpaces() { while i >= 0 && CharacterClass.isWhitespace(buffer[i]) { i -= 1 } }
        func readDigits() -> Int? {
            let end = i
            while i >= 0 && CharacterClass.isDigit(buffer[i]) && end - i < 10 { i -= 1 }
            guard i < end else { return nil }
            var value = 0
            for k in (i + 1)...end { value = value * 10 + Int(buffer[k] - 0x30) }
            return value
        }
        skipSpaces()
        guard let generation = readDigits(), i >= 0, CharacterClass.isWhitespace(buffer[i]) else { return nil }
        skipSpaces()
        guard let number = readDigits() else { return nil }
        // The number must start a token.
        if i >= 0 && CharacterClass.isRegular(buffer[i]) { return nil }
        return (number, generation, i + 1)
    }

    /// A cheap test for `<<` ... `stream` soon after the header.
    private func looksLikeStream(after offset: Int) -> Bool {
        var lexer = Lexer(source: source, position: offset, limits: limits)
        lexer.skipWhitespace()
        return lexer.peek() == 0x3C && lexer.peek(1) == 0x3C
    }
}
