/// The table directory of a TrueType font (OpenType, "Organization of an OpenType font"): where
/// each table is, found in a font file or in the first font of a collection (`ttcf`).
struct SFNTDirectory: Sendable {
    /// One entry of the directory, as written; its range is checked when the table is used,
    /// so that a damaged table the engine never reads (a signature, say) does no harm.
    private struct Record: Sendable {
        var offset: Int
        var length: Int
    }

    private let file: FontBytes
    private let records: [String: Record]

    /// The table tags, sorted.
    var tags: [String] { records.keys.sorted() }

    /// Reads the directory of `bytes`.
    ///
    /// - Throws: ``FontError/notTrueType(reason:)`` for other kinds of font file (CFF-flavoured
    ///   OpenType, WOFF, PostScript), ``FontError/damagedTable(tag:reason:)`` naming the
    ///   `"table directory"` when it is cut short.
    init(_ bytes: [UInt8]) throws {
        let file = FontBytes(bytes, tag: "table directory")
        guard file.count >= 12 else {
            throw FontError.notTrueType(reason: "the data is too short (\(file.count) bytes) to be a font")
        }
        var start = 0
        if try file.fourCharacterTag(at: 0) == "ttcf" {
            // TrueType Collection header: tag, version, numFonts, then one offset per font.
            let fonts = try file.uint32(at: 8)
            guard fonts > 0 else { throw file.damaged("the font collection holds no fonts") }
            start = Int(try file.uint32(at: 12))
        }
        try Self.checkSignature(try file.uint32(at: start), in: file, at: start)
        let count = Int(try file.uint16(at: start + 4))
        guard count > 0 else { throw file.damaged("it lists no tables") }
        var records: [String: Record] = [:]
        for index in 0..<count {
            let at = start + 12 + 16 * index
            let tag = try file.fourCharacterTag(at: at)
            // Only the first of two tables with one tag counts, as in most rasterisers.
            if records[tag] == nil {
                records[tag] = Record(offset: Int(try file.uint32(at: at + 8)), length: Int(try file.uint32(at: at + 12)))
            }
        }
        self.file = file
        self.records = records
        if records["glyf"] == nil && (records["CFF "] != nil || records["CFF2"] != nil) {
            throw FontError.notTrueType(reason: "the font has CFF outlines, not TrueType (glyf) outlines")
        }
    }

    /// Accepts the sfnt versions of TrueType outlines: 0x00010000 and Apple's 'true'.
    private static func checkSignature(_ signature: UInt32, in file: FontBytes, at offset: Int) throws {
        switch signature {
        case 0x0001_0000, 0x7472_7565: // 'true'
            return
        case 0x4F54_544F: // 'OTTO'
            throw FontError.notTrueType(reason: "an OpenType font with CFF outlines ('OTTO'); only TrueType (glyf) outlines can be embedded")
        case 0x774F_4646, 0x774F_4632: // 'wOFF', 'wOF2'
            throw FontError.notTrueType(reason: "a WOFF web font; convert it to TrueType first")
        case 0x7474_6366: // 'ttcf' inside a collection
            throw FontError.notTrueType(reason: "a font collection nested in a collection")
        case 0x7479_7031: // 'typ1'
            throw FontError.notTrueType(reason: "a PostScript Type 1 font in an sfnt wrapper")
        default:
            let tag = (try? file.fourCharacterTag(at: offset)) ?? "?"
            throw FontError.notTrueType(reason: "unknown font signature '\(tag)'")
        }
    }

    // MARK: - Tables

    /// The table with `tag`, or nil when the font has none.
    ///
    /// - Throws: ``FontError/damagedTable(tag:reason:)`` when the directory places the table
    ///   (partly) outside the file.
    func table(_ tag: String) throws -> FontBytes? {
        guard let record = records[tag] else { return nil }
        guard record.offset <= file.count, record.length <= file.count - record.offset else {
            throw FontError.damagedTable(tag: tag, reason: "the directory places its \(record.length) bytes at offset \(record.offset), past the end of the file (\(file.count) bytes)")
        }
        return try file.range(record.offset, length: record.length, tag: tag)
    }

    /// The table with `tag`.
    ///
    /// - Throws: ``FontError/missingTable(tag:)`` when the font has none.
    func requiredTable(_ tag: String) throws -> FontBytes {
        guard let table = try table(tag) else { throw FontError.missingTable(tag: tag) }
        return table
    }
}
