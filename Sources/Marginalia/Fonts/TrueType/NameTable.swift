import PDFCore
/// 'name': the font's names, of which the PostScript name (name ID 6) becomes the PDF
/// `/BaseFont` and `/FontName`, and a few more are kept in the subset.
struct NameTable: Sendable {
    /// Name IDs: copyright, family, subfamily, unique ID, full name, version, PostScript name.
    static let copyright = 0, family = 1, subfamily = 2, uniqueID = 3, fullName = 4, version = 5, postScript = 6

    private var names: [Int: String] = [:]

    init() {}

    /// Reads the records of the Windows Unicode (3, 1 or 10), Unicode (0) and Macintosh Roman
    /// (1, 0) platforms, preferring in that order, and US English among the Windows languages.
    /// A record whose string lies outside the table is skipped.
    init(_ table: FontBytes) throws {
        let count = Int(try table.uint16(at: 2))
        let storage = Int(try table.uint16(at: 4))
        var ranks: [Int: Int] = [:]
        for index in 0..<count {
            let at = 6 + 12 * index
            guard let platform = try? table.uint16(at: at), let encoding = try? table.uint16(at: at + 2),
                  let language = try? table.uint16(at: at + 4), let id = try? table.uint16(at: at + 6),
                  let length = try? table.uint16(at: at + 8), let offset = try? table.uint16(at: at + 10)
            else { break }
            let rank: Int
            switch (platform, encoding) {
            case (3, 1), (3, 10): rank = language == 0x0409 ? 0 : 1
            case (0, _): rank = 2
            case (1, 0): rank = language == 0 ? 3 : 4
            default: continue
            }
            guard rank < ranks[Int(id), default: Int.max],
                  let bytes = try? table.bytes(storage + Int(offset), length: Int(length)) else { continue }
            let text = platform == 1 ? String(decoding: bytes.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
                                     : Self.decodeUTF16BE(bytes)
            ranks[Int(id)] = rank
            names[Int(id)] = text
        }
    }

    /// The name with `id`, if the font has it.
    subscript(id: Int) -> String? { names[id] }

    /// Name records are UTF-16BE without a byte order mark: decoded as a PDF text string
    /// that has one.
    private static func decodeUTF16BE(_ bytes: [UInt8]) -> String {
        PDFTextString.decode([0xFE, 0xFF] + bytes)
    }

    // MARK: - PDF names

    /// `name` reduced to what a PostScript font name may hold, and so a PDF name without
    /// escapes: printable ASCII other than spaces, `#` and the PDF delimiters `()<>[]{}/%`
    /// (ISO 32000-2, 7.2.3; Adobe Technical Note 5902), at most 63 characters. Nil when
    /// nothing is left.
    static func sanitisedPostScriptName(_ name: String) -> String? {
        let kept = name.unicodeScalars.filter { scalar in
            scalar.value > 0x20 && scalar.value < 0x7F && !"()<>[]{}/%#".unicodeScalars.contains(scalar)
        }
        var result = String(String.UnicodeScalarView(kept.prefix(63)))
        if result.isEmpty { return nil }
        if result.first == "+" { result.removeFirst() } // would read as an empty subset tag
        return result.isEmpty ? nil : result
    }
}
