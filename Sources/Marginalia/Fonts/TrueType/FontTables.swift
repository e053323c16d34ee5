// The small fixed-layout tables a PDF font dictionary needs numbers from: 'head', 'hhea',
// 'maxp', 'post' and 'OS/2' (OpenType 1.9, one section each). Only the fields used are read;
// offsets are those of the specification's table layouts.

/// 'head': units per em, the font's bounding box, and how 'loca' is stored.
struct HeadTable: Sendable {
    var unitsPerEm: Int
    var xMin: Int, yMin: Int, xMax: Int, yMax: Int
    /// Bit 1 is italic (bit 0 bold).
    var macStyle: UInt16
    /// 0: 'loca' holds 16-bit offsets divided by two; 1: 32-bit offsets.
    var indexToLocFormat: Int

    init(_ table: FontBytes) throws {
        unitsPerEm = Int(try table.uint16(at: 18))
        // The specification allows 16...16384; smaller values than 16 appear in old fonts, but
        // zero would divide every width by zero.
        guard (1...16384).contains(unitsPerEm) else { throw table.damaged("unitsPerEm is \(unitsPerEm)") }
        xMin = Int(try table.int16(at: 36))
        yMin = Int(try table.int16(at: 38))
        xMax = Int(try table.int16(at: 40))
        yMax = Int(try table.int16(at: 42))
        macStyle = try table.uint16(at: 44)
        indexToLocFormat = Int(try table.int16(at: 50))
        guard indexToLocFormat == 0 || indexToLocFormat == 1 else {
            throw table.damaged("indexToLocFormat is \(indexToLocFormat)")
        }
        try table.check(0, 54)
    }
}

/// 'hhea': the horizontal ascent and descent, and how many advance widths 'hmtx' holds.
struct HorizontalHeaderTable: Sendable {
    var ascender: Int
    var descender: Int
    var numberOfHMetrics: Int

    init(_ table: FontBytes) throws {
        ascender = Int(try table.int16(at: 4))
        descender = Int(try table.int16(at: 6))
        numberOfHMetrics = Int(try table.uint16(at: 34))
        guard numberOfHMetrics > 0 else { throw table.damaged("numberOfHMetrics is 0") }
    }
}

/// 'maxp': the number of glyphs.
struct MaximumProfileTable: Sendable {
    var numGlyphs: Int

    init(_ table: FontBytes) throws {
        numGlyphs = Int(try table.uint16(at: 4))
        guard numGlyphs > 0 else { throw table.damaged("the font has no glyphs") }
    }
}

/// 'post': the italic angle and whether the font is monospaced (both optional: a font
/// without the table is upright and proportional).
struct PostTable: Sendable {
    /// Degrees counter-clockwise from the vertical (negative for a font that leans right).
    var italicAngle: Double = 0
    var isFixedPitch = false
    /// The 32-byte header, which a format 3 table consists of.
    var header: [UInt8]?

    init() {}

    init(_ table: FontBytes) throws {
        italicAngle = Double(try table.int32(at: 4)) / 65536
        isFixedPitch = try table.uint32(at: 12) != 0
        header = try table.bytes(0, length: 32)
    }
}

/// 'OS/2': weight, typographic metrics, cap height, embedding permissions.
struct OS2Table: Sendable {
    var weightClass: Int
    /// Embedding permissions (bits 0-3), no subsetting (bit 8), bitmaps only (bit 9).
    var fsType: UInt16
    /// The PANOSE classification: family kind, then serif style.
    var panose: [UInt8]
    /// Bit 0 italic, bit 7 USE_TYPO_METRICS.
    var fsSelection: UInt16
    var typoAscender: Int
    var typoDescender: Int
    var winAscent: Int
    var winDescent: Int
    /// The height of capital letters, in table versions 2 and later (nil before, or zero).
    var capHeight: Int?

    init(_ table: FontBytes) throws {
        let version = try table.uint16(at: 0)
        weightClass = Int(try table.uint16(at: 4))
        fsType = try table.uint16(at: 8)
        panose = try table.bytes(32, length: 10)
        fsSelection = try table.uint16(at: 62)
        typoAscender = Int(try table.int16(at: 68))
        typoDescender = Int(try table.int16(at: 70))
        winAscent = Int(try table.uint16(at: 74))
        winDescent = Int(try table.uint16(at: 76))
        if version >= 2, let height = try? table.int16(at: 88), height > 0 {
            capHeight = Int(height)
        }
    }

    /// Whether the font's licence forbids embedding it (fsType "Restricted License embedding").
    var forbidsEmbedding: Bool { fsType & 0x000F == 0x0002 }
    /// Whether the typographic ascender and descender are the ones to use (fsSelection bit 7).
    var usesTypoMetrics: Bool { fsSelection & 0x0080 != 0 }
    var isItalic: Bool { fsSelection & 0x0001 != 0 }
    /// Whether PANOSE classes the font as Latin text with serifs (serif styles 2-10; 11-15 are
    /// sans serif, 0 and 1 say nothing).
    var hasSerifs: Bool { panose.count >= 2 && panose[0] == 2 && (2...10).contains(panose[1]) }
}
