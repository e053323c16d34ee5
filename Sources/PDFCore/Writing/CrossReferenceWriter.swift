/// Writes a cross-reference section and trailer, as a table (7.5.4) or as a stream (7.5.8).
struct CrossReferenceWriter {
    /// Where each written object starts (absolute positions in the output), or how it is stored.
    var entries: [Int: CrossReferenceEntry] = [:]
    /// Subtracted from every position written: nonzero when the file's offsets count from a
    /// `%PDF-` header that has other data before it.
    var base = 0

    /// Appends `xref`, `trailer`, `startxref` and `%%EOF`.
    func writeTable(trailer: PDFDictionary, to out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: Array("xref\n".utf8))
        for run in runs() {
            out.append(contentsOf: Array("\(run.lowerBound) \(run.count)\n".utf8))
            for number in run {
                let line: String
                switch entries[number] {
                case .inFile(let offset, let generation)?:
                    line = pad(offset - base, 10) + " " + pad(generation, 5) + " n\r\n"
                case .free(let next)?:
                    line = "0000000000 " + pad(min(next, 65535), 5) + " f\r\n"
                default:
                    line = "0000000000 00000 f\r\n"
                }
                out.append(contentsOf: Array(line.utf8))
            }
        }
        out.append(contentsOf: Array("trailer\n".utf8))
        ObjectSerializer().write(.dictionary(trailer), to: &out)
        out.append(contentsOf: Array("\nstartxref\n\(start - base)\n%%EOF\n".utf8))
    }

    /// Appends a cross-reference stream object numbered `number` (which it lists itself),
    /// then `startxref` and `%%EOF`.
    func writeStream(number: Int, trailer: PDFDictionary, to out: inout [UInt8]) throws {
        let start = out.count
        var all = entries.mapValues { entry -> CrossReferenceEntry in
            if case .inFile(let offset, let generation) = entry { return .inFile(offset: offset - base, generation: generation) }
            return entry
        }
        all[number] = .inFile(offset: start - base, generation: 0)
        let maxOffset = all.values.reduce(0) { acc, entry in
            if case .inFile(let offset, _) = entry { return max(acc, offset) }
            if case .inObjectStream(let stream, _) = entry { return max(acc, stream) }
            return acc
        }
        let middle = byteWidth(maxOffset)
        let maxThird = all.values.reduce(0) { max($0, $1.generation, $1.indexValue) }
        let third = byteWidth(maxThird)
        var data: [UInt8] = []
        var writer = self
        writer.entries = all
        var index: [PDFObject] = []
        for run in writer.runs() {
            index += [.integer(run.lowerBound), .integer(run.count)]
            for n in run {
                switch all[n] {
                case .inFile(let offset, let generation)?:
                    data.append(1); append(offset, middle, &data); append(generation, third, &data)
                case .inObjectStream(let stream, let i)?:
                    data.append(2); append(stream, middle, &data); append(i, third, &data)
                case .free(let next)?:
                    data.append(0); append(0, middle, &data); append(min(next, 65535), third, &data)
                case nil:
                    data.append(0); append(0, middle, &data); append(0, third, &data)
                }
            }
        }
        var dictionary = PDFDictionary()
        dictionary["Type"] = .name("XRef")
        for (key, value) in trailer where key != "Type" { dictionary[key] = value }
        dictionary["Size"] = .integer(max(trailer["Size"]?.integerValue ?? 0, number + 1))
        dictionary["W"] = [1, .integer(middle), .integer(third)]
        dictionary["Index"] = .array(index)
        dictionary["Filter"] = .name("FlateDecode")
        let stream = PDFStream(dictionary: dictionary, rawBytes: try FilterPipeline.deflate(data))
        // Cross-reference streams are never encrypted (7.6.2).
        ObjectSerializer().writeIndirect(.stream(stream), reference: PDFReference(number, 0), encrypt: false, to: &out)
        out.append(contentsOf: Array("startxref\n\(start - base)\n%%EOF\n".utf8))
    }

    /// Consecutive runs of object numbers, for subsections and `/Index`.
    func runs() -> [Range<Int>] {
        var result: [Range<Int>] = []
        for number in entries.keys.sorted() {
            if let last = result.last, last.upperBound == number {
                result[result.count - 1] = last.lowerBound..<(number + 1)
            } else {
                result.append(number..<(number + 1))
            }
        }
        return result
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private func byteWidth(_ value: Int) -> Int {
        var width = 1
        var v = value >> 8
        while v > 0 { width += 1; v >>= 8 }
        return width
    }

    private func append(_ value: Int, _ width: Int, _ data: inout [UInt8]) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
            data.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }
}

extension CrossReferenceEntry {
    fileprivate var indexValue: Int {
        if case .inObjectStream(_, let index) = self { return index }
        return 0
    }
}
