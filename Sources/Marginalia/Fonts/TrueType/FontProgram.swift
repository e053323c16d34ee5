/// A TrueType font's tables, parsed and checked: everything ``TrueTypeFont`` measures with and
/// the subsetter copies from.
///
/// The tables needed to draw (head, hhea, maxp, hmtx, cmap, loca, glyf) must be sound, or
/// the font is refused; the descriptive ones (name, post, OS/2) are read when they can be
/// and otherwise left out, since a font that draws correctly is worth embedding without them.
struct FontProgram: Sendable {
    let directory: SFNTDirectory
    let head: HeadTable
    /// The 'head' table's bytes, the base of the subset's.
    let headBytes: [UInt8]
    let horizontalHeader: HorizontalHeaderTable
    let horizontalHeaderBytes: [UInt8]
    let maximumProfileBytes: [UInt8]
    let numGlyphs: Int
    let metrics: HorizontalMetrics
    let characterMap: CharacterMap
    let glyphs: GlyphTable
    let names: NameTable
    let post: PostTable
    let os2: OS2Table?
    let os2Bytes: [UInt8]?

    /// - Throws: ``FontError`` naming what is wrong.
    init(_ bytes: [UInt8]) throws {
        directory = try SFNTDirectory(bytes)
        let headTable = try directory.requiredTable("head")
        head = try HeadTable(headTable)
        headBytes = try headTable.bytes(0, length: 54)
        let hhea = try directory.requiredTable("hhea")
        horizontalHeader = try HorizontalHeaderTable(hhea)
        horizontalHeaderBytes = try hhea.bytes(0, length: 36)
        let maxp = try directory.requiredTable("maxp")
        numGlyphs = try MaximumProfileTable(maxp).numGlyphs
        // Version 0.5 has 6 bytes, version 1.0 has 32; anything after is not ours to copy.
        maximumProfileBytes = try maxp.bytes(0, length: maxp.count >= 32 ? 32 : 6)
        metrics = try HorizontalMetrics(try directory.requiredTable("hmtx"),
                                        numberOfHMetrics: horizontalHeader.numberOfHMetrics, numGlyphs: numGlyphs)
        characterMap = try CharacterMap(try directory.requiredTable("cmap"), numGlyphs: numGlyphs)
        glyphs = try GlyphTable(loca: try directory.requiredTable("loca"), glyf: try directory.requiredTable("glyf"),
                                numGlyphs: numGlyphs, longOffsets: head.indexToLocFormat == 1)

        names = (try? directory.table("name")).flatMap { $0 }.flatMap { try? NameTable($0) } ?? NameTable()
        post = (try? directory.table("post")).flatMap { $0 }.flatMap { try? PostTable($0) } ?? PostTable()
        let os2Table = (try? directory.table("OS/2")).flatMap { $0 }
        os2 = os2Table.flatMap { try? OS2Table($0) }
        os2Bytes = os2 == nil ? nil : os2Table?.allBytes
    }

    /// A table copied as it is into the subset (hinting programs and such), or nil when the
    /// font has none or it lies outside the file.
    func rawTable(_ tag: String) -> [UInt8]? {
        (try? directory.table(tag)).flatMap { $0 }?.allBytes
    }
}
