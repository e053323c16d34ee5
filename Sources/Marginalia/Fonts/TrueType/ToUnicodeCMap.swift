/// The ToUnicode CMap of a subset font (ISO 32000-2, 9.10.3): for each two-byte code (the
/// CID) the text it stands for, in UTF-16BE, so that text can be copied and searched.
///
/// Runs of consecutive codes whose text runs consecutively are written as `bfrange` entries,
/// the rest as `bfchar`; a range stays within one high byte of its codes and of its text,
/// since only the last byte of the destination is incremented (9.10.3). Characters outside
/// the BMP are written as surrogate pairs, always as `bfchar`. At most 100 entries go in
/// one block, the limit of the CMap syntax (Adobe Technical Note 5099).
enum ToUnicodeCMap {
    /// The CMap program for `text` (code to scalar).
    static func program(_ text: [Int: Unicode.Scalar]) -> [UInt8] {
        let entries = text.filter { (0...0xFFFF).contains($0.key) }.sorted { $0.key < $1.key }
        var ranges: [(first: Int, last: Int, scalar: UInt32)] = []
        for (code, scalar) in entries {
            let value = scalar.value
            if let range = ranges.last, range.last + 1 == code, code >> 8 == range.first >> 8,
               range.scalar <= 0xFFFF, value <= 0xFFFF, value >> 8 == range.scalar >> 8,
               value == range.scalar + UInt32(code - range.first) {
                ranges[ranges.count - 1].last = code
            } else {
                ranges.append((code, code, value))
            }
        }
        let singles = ranges.filter { $0.first == $0.last }
        let spans = ranges.filter { $0.first != $0.last }

        var lines = [
            "/CIDInit /ProcSet findresource begin",
            "12 dict begin",
            "begincmap",
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
            "/CMapName /Adobe-Identity-UCS def",
            "/CMapType 2 def",
            "1 begincodespacerange",
            "<0000> <FFFF>",
            "endcodespacerange",
        ]
        for block in stride(from: 0, to: singles.count, by: 100) {
            let part = singles[block..<min(block + 100, singles.count)]
            lines.append("\(part.count) beginbfchar")
            for entry in part { lines.append("<\(hex(entry.first))> <\(utf16(entry.scalar))>") }
            lines.append("endbfchar")
        }
        for block in stride(from: 0, to: spans.count, by: 100) {
            let part = spans[block..<min(block + 100, spans.count)]
            lines.append("\(part.count) beginbfrange")
            for entry in part { lines.append("<\(hex(entry.first))> <\(hex(entry.last))> <\(utf16(entry.scalar))>") }
            lines.append("endbfrange")
        }
        lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// Four uppercase hexadecimal digits.
    private static func hex(_ value: Int) -> String {
        let digits = String(value & 0xFFFF, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// The UTF-16BE code units of `scalar` in hexadecimal: one unit, or a surrogate pair.
    private static func utf16(_ scalar: UInt32) -> String {
        guard let value = Unicode.Scalar(scalar) else { return "FFFD" }
        return UTF16.encode(value).map { units in units.map { hex(Int($0)) }.joined() } ?? "FFFD"
    }
}
