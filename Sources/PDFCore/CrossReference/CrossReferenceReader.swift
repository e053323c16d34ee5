/// Reads the cross-reference sections of a file, starting at `startxref` and following
/// `/Prev` and `/XRefStm` (ISO 32000-2, 7.5.4-7.5.8).
///
/// Throws when anything is inconsistent, a `/Prev` chain that loops included; the caller
/// then rebuilds the table with ``CrossReferenceRepair``.
struct CrossReferenceReader {
    let source: ByteSource
    let limits: PDFLimits

    /// The offset that the last `startxref` names.
    static func findStartXref(in source: ByteSource) throws -> Int {
        let keyword = Array("startxref".utf8)
        let searchStart = max(0, source.count - 4096)
        guard let at = source.lastIndex(of: keyword, before: source.count, from: searchStart) else {
            throw PDFError.syntax(offset: source.count, message: "no 'startxref' near the end of the file")
        }
        var lexer = Lexer(source: source, position: at + keyword.count)
        guard case .integer(let offset) = try lexer.next(), offset >= 0, offset < source.count else {
            throw PDFError.syntax(offset: at, message: "'startxref' is not followed by a valid offset")
        }
        return offset
    }

    /// Reads every section from `startOffset` back along the `/Prev` chain.
    ///
    /// - Parameter shift: added to every offset found in the file; nonzero for files whose
    ///   offsets count from a `%PDF-` header preceded by junk.
    func read(startOffset: Int, shift: Int = 0, budget: inout DecodeBudget) throws -> CrossReferenceTable {
        var table = CrossReferenceTable()
        table.startOffset = startOffset
        table.offsetBase = shift
        var visited = Set<Int>()
        var next: Int? = startOffset
        var previous = startOffset
        var isNewest = true
        while let offset = next {
            // A /Prev back to a section already read (itself, or a newer one) means the chain
            // is damaged: sections it should have led to may never be reached, and their
            // objects (the pages, often) would silently be missing. The caller repairs.
            guard visited.insert(offset).inserted else {
                throw PDFError.syntax(offset: previous + shift,
                                      message: "the cross-reference sections loop: /Prev leads back to the section at byte \(offset + shift)")
            }
            previous = offset
            if visited.count > limits.maxTreeDepth {
                throw PDFError.limitExceeded("more than \(limits.maxTreeDepth) cross-reference sections", limit: .maxTreeDepth, max: limits.maxTreeDepth)
            }
            let section = try readSection(at: offset + shift, shift: shift, budget: &budget)
            if isNewest {
                table.kind = section.kind
                table.trailer = section.trailer
                isNewest = false
            } else {
                table.merge(olderTrailer: section.trailer)
            }
            table.merge(olderEntries: section.entries)
            table.crossReferenceStreamNumbers.formUnion(section.streamNumbers)
            if section.isHybrid { table.isHybrid = true }
            table.sectionCount += 1
            next = section.trailer["Prev"]?.integerValue
            if let prev = next, prev < 0 || prev >= source.count - shift { next = nil }
        }
        table.trailer["Prev"] = nil
        table.trailer["XRefStm"] = nil
        return table
    }

    struct Section {
        var kind: CrossReferenceKind
        var entries: [Int: CrossReferenceEntry]
        var trailer: PDFDictionary
        var isHybrid = false
        /// The cross-reference streams this section was read from.
        var streamNumbers: [Int] = []
    }

    /// Reads one section (a table and its trailer, or a cross-reference stream) at `offset`.
    func readSection(at offset: Int, shift: Int, budget: inout DecodeBudget) throws -> Section {
        var lexer = Lexer(source: source, position: offset, limits: limits)
        lexer.skipWhitespace()
        let start = lexer.position
        if case .keyword("xref") = try lexer.next() {
            var section = try readTable(lexer: &lexer, shift: shift)
            // A hybrid file's table is completed by a cross-reference stream (7.5.8.4): its
            // entries come after the table's but before the older sections'.
            if let streamOffset = section.trailer["XRefStm"]?.integerValue,
               streamOffset >= 0, streamOffset < source.count - shift,
               let stream = try? readStream(at: streamOffset + shift, shift: shift, budget: &budget) {
                for (number, entry) in stream.entries {
                    switch section.entries[number] {
                    case nil, .free?: section.entries[number] = entry
                    default: break
                    }
                }
                section.streamNumbers += stream.streamNumbers
                section.isHybrid = true
            }
            return section
        }
        return try readStream(at: start, shift: shift, budget: &budget)
    }

    /// Reads `xref` subsections and the `trailer` dictionary; the lexer is past `xref`.
    private func readTable(lexer: inout Lexer, shift: Int) throws -> Section {
        var entries: [Int: CrossReferenceEntry] = [:]
        var isFirstSubsection = true
        while true {
            let mark = lexer.position
            let token = try lexer.next()
            if case .keyword("trailer") = token { break }
            guard case .integer(var first) = token, case .integer(let count) = try lexer.next(), first >= 0, count >= 0 else {
                throw PDFError.syntax(offset: mark, message: "bad cross-reference subsection header")
            }
            // Each entry takes 20 bytes (at least 18 where writers cut the line end): a count
            // the rest of the file cannot hold is damage, repaired by scanning, not a limit.
            let room = (source.count - lexer.position) / 18
            guard count <= room else {
                throw PDFError.syntax(offset: mark, message: "cross-reference subsection claims \(count) entries; the rest of the file holds at most \(room)")
            }
            guard first <= limits.maxObjectNumber, count <= limits.maxObjectNumber + 1, first + count <= limits.maxObjectNumber + 1 else {
                throw PDFError.limitExceeded("cross-reference subsection at byte \(mark) exceeds \(limits.maxObjectNumber) objects", limit: .maxObjectNumber, max: limits.maxObjectNumber)
            }
            for index in 0..<count {
                let entryStart = lexer.position
                guard case .integer(let field1) = try lexer.next(), case .integer(let field2) = try lexer.next(),
                      case .keyword(let type) = try lexer.next()
                else {
                    throw PDFError.syntax(offset: entryStart, message: "bad cross-reference entry")
                }
                // A common writer bug numbers the first subsection from 1 although it starts
                // with object 0's free entry (gen 65535): renumber it from 0.
                if isFirstSubsection && index == 0 && first == 1 && type == "f" && field2 == 65535 { first = 0 }
                let number = first + index
                guard entries[number] == nil else { continue }
                switch type {
                case "n":
                    // Offset 0 means "not here" in some writers: treat as free.
                    entries[number] = field1 > 0 ? .inFile(offset: shifted(field1, shift), generation: field2) : .free(nextGeneration: field2)
                case "f":
                    entries[number] = .free(nextGeneration: field2)
                default:
                    throw PDFError.syntax(offset: entryStart, message: "cross-reference entry type '\(type)' is neither 'n' nor 'f'")
                }
            }
            isFirstSubsection = false
        }
        var parser = ObjectParser(source: source, position: lexer.position, limits: limits)
        guard case .dictionary(let trailer) = try parser.parseObject() else {
            throw PDFError.syntax(offset: lexer.position, message: "'trailer' is not followed by a dictionary")
        }
        entries[0] = .free(nextGeneration: 65535)
        return Section(kind: .table, entries: entries, trailer: trailer)
    }

    /// Reads a cross-reference stream object at `offset` (7.5.8).
    func readStream(at offset: Int, shift: Int, budget: inout DecodeBudget) throws -> Section {
        var parser = ObjectParser(source: source, position: offset, limits: limits)
        let (reference, object) = try parser.parseIndirectObject(expected: nil)
        guard case .stream(let stream) = object, stream.dictionary.type == "XRef" else {
            throw PDFError.syntax(offset: offset, message: "expected a cross-reference stream (object \(reference.number))")
        }
        // Its own number is cross-reference data like the entries it holds: the file's size
        // counts it, so a number past the limit (9223372036854775807 overflowed that count)
        // is refused as an entry's would be.
        guard reference.number <= limits.maxObjectNumber else {
            throw PDFError.limitExceeded("cross-reference stream at byte \(offset) is object \(reference.number), past \(limits.maxObjectNumber) (maxObjectNumber)",
                                           limit: .maxObjectNumber, max: limits.maxObjectNumber)
        }
        let dictionary = stream.dictionary
        guard let widths = dictionary["W"]?.arrayValue?.compactMap(\.integerValue), widths.count >= 3,
              widths.allSatisfy({ $0 >= 0 && $0 <= 8 })
        else {
            throw PDFError.invalidObject(reference, message: "cross-reference stream has a bad /W")
        }
        let size = dictionary["Size"]?.integerValue ?? 0
        var ranges: [(Int, Int)] = []
        if let index = dictionary["Index"]?.arrayValue?.compactMap(\.integerValue), index.count >= 2 {
            var i = 0
            while i + 1 < index.count {
                ranges.append((index[i], index[i + 1]))
                i += 2
            }
        } else {
            ranges = [(0, size)]
        }
        let data = try budget.decode(stream, what: "cross-reference stream \(reference.number)")
        let rowWidth = widths[0] + widths[1] + widths[2]
        guard rowWidth > 0 else { throw PDFError.invalidObject(reference, message: "cross-reference stream /W is all zero") }

        var entries: [Int: CrossReferenceEntry] = [:]
        // As many rows as the data holds and the ranges ask for, at most: no rehashing on the way.
        let declared = ranges.reduce(0) { $0 + max(0, min($1.1, limits.maxObjectNumber + 1)) }
        let rows = min(declared, data.count / rowWidth)
        try budget.charge(rows * CrossReferenceTable.bytesPerEntry,
                          for: "the \(rows) entries of cross-reference stream \(reference.number)")
        entries.reserveCapacity(rows)
        // The first row for an object number wins; when no two ranges share a number no row
        // can be a second one, and each row costs one hashing instead of two (about 3% of
        // opening the 2,000-page file of docs/benchmarks.md, "open").
        let rangesOverlap = Self.overlap(ranges)
        var position = 0
        for (first, count) in ranges {
            guard first >= 0, count >= 0, first <= limits.maxObjectNumber, count <= limits.maxObjectNumber + 1,
                  first + count <= limits.maxObjectNumber + 1 else {
                throw PDFError.limitExceeded("cross-reference stream \(reference.number) declares objects beyond \(limits.maxObjectNumber)",
                                               limit: .maxObjectNumber, max: limits.maxObjectNumber)
            }
            for index in 0..<count {
                guard position + rowWidth <= data.count else { break }  // short data: keep the rows we have
                let type = widths[0] == 0 ? 1 : field(data, position, widths[0])
                let field2 = field(data, position + widths[0], widths[1])
                let field3 = field(data, position + widths[0] + widths[1], widths[2])
                position += rowWidth
                let number = first + index
                if rangesOverlap, entries[number] != nil { continue }
                switch type {
                case 0: entries[number] = .free(nextGeneration: field3)
                case 1: entries[number] = field2 > 0 ? .inFile(offset: shifted(field2, shift), generation: field3) : .free(nextGeneration: 0)
                case 2: entries[number] = .inObjectStream(streamNumber: field2, index: field3)
                default: continue  // unknown types are references to the null object (7.5.8.3)
                }
            }
        }
        var trailer = dictionary
        for key in ["Type", "W", "Index", "Length", "Filter", "DecodeParms"] { trailer[key] = nil }
        return Section(kind: .stream, entries: entries, trailer: trailer, streamNumbers: [reference.number])
    }

    /// Whether two of `/Index`'s ranges (first, count) share an object number. A range with a
    /// negative first number is left out: reading it throws.
    static func overlap(_ ranges: [(Int, Int)]) -> Bool {
        let sorted = ranges.filter { $0.0 >= 0 && $0.1 > 0 }.sorted { $0.0 < $1.0 }
        for (a, b) in zip(sorted, sorted.dropFirst()) where b.0 - a.0 < a.1 { return true }
        return false
    }

    /// An offset from the file moved by `shift`; offsets past the end stay as they are
    /// (reading there fails and sends the caller to repair) so the sum cannot overflow.
    private func shifted(_ offset: Int, _ shift: Int) -> Int {
        offset <= source.count ? offset + shift : offset
    }

    /// A big-endian unsigned field of `width` bytes; widths above 7 saturate rather than overflow.
    private func field(_ data: [UInt8], _ start: Int, _ width: Int) -> Int {
        var value = 0
        for i in 0..<width {
            guard start + i < data.count else { break }
            if value > (Int.max >> 8) { return Int.max >> 8 }
            value = value << 8 | Int(data[start + i])
        }
        return value
    }
}
