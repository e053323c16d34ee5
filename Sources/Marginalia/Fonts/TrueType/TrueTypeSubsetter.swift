/// Builds the subset font program embedded as `/FontFile2`: the glyphs of a ``GlyphSubset``
/// in its order, and the tables a TrueType rasteriser needs to draw them.
///
/// Kept: 'head' (new checkSumAdjustment, indexToLocFormat to suit), 'hhea' (new
/// numberOfHMetrics), 'maxp' (new numGlyphs; its other maxima still hold for fewer glyphs),
/// 'hmtx', 'loca', 'glyf' (component indices rewritten), a 'cmap' of the characters shown,
/// 'post' format 3 (no glyph names), a short 'name', 'OS/2' as it is, and the hinting
/// tables 'cvt ', 'fpgm', 'prep' and 'gasp' as they are. Layout tables (kern, GSUB, GPOS...)
/// are dropped: the PDF positions every glyph itself.
enum TrueTypeSubsetter {
    /// The subset font's bytes.
    ///
    /// - Throws: ``FontError/damagedTable(tag:reason:)`` ('glyf') when a composite glyph of the
    ///   subset cannot be read.
    static func subset(_ font: FontProgram, _ subset: GlyphSubset, postScriptName: String) throws -> [UInt8] {
        var writer = SFNTWriter()
        let (glyphs, numbers) = subset.fontGlyphs(components: font.glyphs.componentClosure(of:))
        let count = glyphs.count

        // glyf and loca. Each glyph is padded to 4 bytes, so every offset is even and the short
        // 'loca' format (offset / 2 in 16 bits) serves when the total stays under 128 KB.
        var glyf: [UInt8] = []
        var offsets: [Int] = [0]
        for glyph in glyphs {
            glyf.append(contentsOf: try font.glyphs.data(of: glyph, renumbering: { numbers[$0] }))
            while glyf.count % 4 != 0 { glyf.append(0) }
            offsets.append(glyf.count)
        }
        let longOffsets = glyf.count > 0x1FFFE
        var loca: [UInt8] = []
        for offset in offsets {
            if longOffsets { loca.appendUInt32(UInt32(offset)) } else { loca.appendUInt16(offset / 2) }
        }
        writer.add("glyf", glyf)
        writer.add("loca", loca)

        var head = font.headBytes
        head.setUInt16(longOffsets ? 1 : 0, at: 50)
        writer.add("head", head)

        var hhea = font.horizontalHeaderBytes
        hhea.setUInt16(count, at: 34)
        writer.add("hhea", hhea)

        var hmtx: [UInt8] = []
        for glyph in glyphs {
            hmtx.appendUInt16(font.metrics.advance(of: glyph))
            hmtx.appendUInt16(font.metrics.leftSideBearing(of: glyph))
        }
        writer.add("hmtx", hmtx)

        var maxp = font.maximumProfileBytes
        maxp.setUInt16(count, at: 4)
        writer.add("maxp", maxp)

        writer.add("cmap", SubsetCharacterMap.table(subset.characters))
        writer.add("post", postTable(font.post))
        writer.add("name", nameTable(font.names, postScriptName: postScriptName))
        if let os2 = font.os2Bytes { writer.add("OS/2", os2) }
        for tag in ["cvt ", "fpgm", "prep", "gasp"] {
            if let table = font.rawTable(tag), !table.isEmpty { writer.add(tag, table) }
        }
        return writer.write()
    }

    /// 'post' format 3: the original header (angle, underline, pitch) without glyph names.
    private static func postTable(_ post: PostTable) -> [UInt8] {
        var table = post.header ?? [UInt8](repeating: 0, count: 32)
        table.replaceSubrange(0..<4, with: [0, 3, 0, 0])
        return table
    }

    /// A 'name' table with the family, style, full and PostScript names (Windows, Unicode,
    /// US English) rather than the original's, which often holds kilobytes of licence text.
    private static func nameTable(_ names: NameTable, postScriptName: String) -> [UInt8] {
        let family = names[NameTable.family] ?? postScriptName
        var records: [(id: Int, text: String)] = [
            (NameTable.family, family),
            (NameTable.subfamily, names[NameTable.subfamily] ?? "Regular"),
            (NameTable.fullName, names[NameTable.fullName] ?? family),
            (NameTable.postScript, postScriptName),
        ]
        if let copyright = names[NameTable.copyright], copyright.utf16.count <= 512 {
            records.insert((NameTable.copyright, copyright), at: 0)
        }
        var strings: [UInt8] = []
        var out: [UInt8] = []
        out.appendUInt16(0) // format
        out.appendUInt16(records.count)
        out.appendUInt16(6 + 12 * records.count) // string storage offset
        for record in records {
            let encoded = record.text.utf16.prefix(1024).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            out.appendUInt16(3) // Windows
            out.appendUInt16(1) // Unicode BMP
            out.appendUInt16(0x0409) // US English
            out.appendUInt16(record.id)
            out.appendUInt16(encoded.count)
            out.appendUInt16(strings.count)
            strings.append(contentsOf: encoded)
        }
        return out + strings
    }
}
