import PDFCore

extension TrueTypeFont {
    /// Stores the subset font and its dictionaries through `add`, and returns the Type0 font's
    /// reference, to be named in a page's `/Resources /Font`.
    ///
    /// The objects: the Type0 font (`/Encoding /Identity-H`: each two-byte code is a CID,
    /// 9.7.5.2), its one descendant CIDFontType2 (CID = subset glyph ID, so
    /// `/CIDToGIDMap /Identity`; widths in `/W`), the FontDescriptor (9.8) with the subset
    /// program as `/FontFile2` and a `/CIDSet` of every glyph in it, and the ToUnicode CMap (9.10.3). Call it once everything is
    /// drawn: glyphs encoded afterwards are not in this subset.
    ///
    /// - Throws: ``FontError/damagedTable(tag:reason:)`` when a glyph of the subset cannot be
    ///   read, or the PDFCore error of a failed compression.
    public func makeFontDictionary(add: (PDFObject) -> PDFReference) throws -> PDFReference {
        let name = postScriptName
        let fontFile = try TrueTypeSubsetter.subset(program, subset, postScriptName: fontName)
        let fontFileStream = try PDFStream.compressing(fontFile, dictionary: PDFDictionary(["Length1": .integer(fontFile.count)]))
        let descriptor = fontDescriptor(name: name, fontFile: add(.stream(fontFileStream)))

        // Every CID shown is in /W, .notdef (0) too, so the run starts at 0 and /DW is only a
        // fallback; poppler reads /DW only when it is an integer, so it is rounded.
        var widths: [Int: Double] = [:]
        for (number, glyph) in subset.glyphs.enumerated() {
            widths[number] = advanceWidth(ofGlyph: glyph)
        }
        return try Type0Font.make(name: name, subtype: "CIDFontType2", descriptor: descriptor,
                                  defaultWidth: Int(advanceWidth(ofGlyph: 0).rounded()), widths: widths,
                                  identityGlyphs: true, cids: try CIDSet.identityCIDs(ofTrueType: fontFile),
                                  toUnicode: subset.text, add: add)
    }

    /// The FontDescriptor (9.8.1, Table 120).
    private func fontDescriptor(name: String, fontFile: PDFReference) -> PDFDictionary {
        let head = program.head
        // OS/2 records it from version 2; before, the top of "H" is the cap height.
        let capHeight = program.os2?.capHeight
            ?? glyphID(for: "H").flatMap { program.glyphs.yMax(of: $0) }
            ?? Int(Double(head.unitsPerEm) * ascent / 1000)
        let bbox = [head.xMin, head.yMin, head.xMax, head.yMax].map { CIDWidths.number(Self.scaled($0, program).rounded()) }
        return PDFDictionary([
            ("Type", .name("FontDescriptor")),
            ("FontName", .name(name)),
            ("Flags", .integer(flags)),
            ("FontBBox", .array(bbox)),
            ("ItalicAngle", CIDWidths.number(program.post.italicAngle)),
            ("Ascent", CIDWidths.number(ascent)),
            ("Descent", CIDWidths.number(descent)),
            ("CapHeight", CIDWidths.number(Self.scaled(capHeight, program))),
            ("StemV", .integer(stemV)),
            ("FontFile2", .reference(fontFile)),
        ])
    }

    /// FontDescriptor flags (9.8.2): always Symbolic, since the glyphs are reached by CID and
    /// not through a standard encoding; FixedPitch, Serif and Italic as the font says.
    var flags: Int {
        var flags = 1 << 2 // Symbolic
        if program.post.isFixedPitch { flags |= 1 << 0 }
        if program.os2?.hasSerifs ?? false { flags |= 1 << 1 }
        if program.post.italicAngle != 0 || program.head.macStyle & 0x0002 != 0 || (program.os2?.isItalic ?? false) {
            flags |= 1 << 6
        }
        return flags
    }

    /// The dominant vertical stem width, which TrueType fonts do not record: estimated from
    /// the weight class on a line through the standard 14's values (Helvetica 88 and
    /// Times-Roman 84 at weight 400, their bold faces 140 and 139 at 700). Viewers use it
    /// only to choose a substitute when the embedded program cannot be used.
    var stemV: Int {
        let weight = Double(program.os2?.weightClass ?? 400)
        return max(20, Int((85 + (weight - 400) * 55 / 300).rounded()))
    }
}
