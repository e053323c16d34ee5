import PDFCore

/// The dictionaries of an embedded font as content streams reach it: a Type0 font with
/// `/Encoding /Identity-H` (each two-byte code is a CID, 9.7.5.2) over its one descendant
/// CIDFont, and a ToUnicode CMap (9.10.3). ``TrueTypeFont`` and ``CFFSubsetFont`` differ only
/// in the CIDFont's subtype, its descriptor and how CIDs find glyphs. Every CIDFont written is
/// a subset, so its descriptor gets the ``CIDSet`` of the CIDs its program holds.
enum Type0Font {
    /// Stores the CIDFont (its descriptor first), the ToUnicode map and the Type0 font through
    /// `add`, and returns the Type0 font's reference.
    ///
    /// - Parameters:
    ///   - subtype: `CIDFontType2` (TrueType outlines) or `CIDFontType0` (CFF).
    ///   - widths: each CID's width in 1/1000 em (`/W`); `defaultWidth` is `/DW`.
    ///   - identityGlyphs: whether CIDs are the program's glyph IDs (`/CIDToGIDMap /Identity`,
    ///     Type 2 only).
    ///   - cids: the CIDs the embedded program holds, read from it (``CIDSet``), written as the
    ///     descriptor's `/CIDSet`.
    ///   - toUnicode: the text of each code.
    static func make(name: String, subtype: String, descriptor: PDFDictionary, defaultWidth: Int, widths: [Int: Double],
                     identityGlyphs: Bool, cids: some Sequence<Int>, toUnicode: [Int: Unicode.Scalar],
                     add: (PDFObject) -> PDFReference) throws -> PDFReference {
        var descriptor = descriptor
        descriptor["CIDSet"] = .reference(add(.stream(try CIDSet.stream(cids))))
        var cidFont = PDFDictionary([
            ("Type", .name("Font")),
            ("Subtype", .name(subtype)),
            ("BaseFont", .name(name)),
            ("CIDSystemInfo", .dictionary(PDFDictionary([
                ("Registry", .string(Array("Adobe".utf8))),
                ("Ordering", .string(Array("Identity".utf8))),
                ("Supplement", .integer(0)),
            ]))),
            ("FontDescriptor", .reference(add(.dictionary(descriptor)))),
            ("DW", .integer(defaultWidth)),
            ("W", .array(CIDWidths.array(widths))),
        ])
        if identityGlyphs { cidFont["CIDToGIDMap"] = .name("Identity") }

        let cmap = try PDFStream.compressing(ToUnicodeCMap.program(toUnicode), dictionary: PDFDictionary())
        let font = PDFDictionary([
            ("Type", .name("Font")),
            ("Subtype", .name("Type0")),
            // The CIDFont's own name (9.7.6.1, Table 119).
            ("BaseFont", .name(name)),
            ("Encoding", .name("Identity-H")),
            ("DescendantFonts", .array([.reference(add(.dictionary(cidFont)))])),
            ("ToUnicode", .reference(add(.stream(cmap)))),
        ])
        return add(.dictionary(font))
    }
}
