import PDFCore

/// The `/CIDSet` of an embedded CIDFont subset's descriptor (ISO 32000-2, 9.8.3, Table 122):
/// a table of bits indexed by CID, the high-order bit of the first byte for CID 0, set for
/// exactly the CIDs the embedded font program holds.
///
/// PDF/A-1 requires it for every subset (ISO 19005-1, 6.3.5); PDF/A-2 and -3 allow it, and
/// then it must identify every CID present in the program, used by the content or not, and
/// nothing else (19005-2, 6.2.11.4.2). So the CIDs are read back from the program written,
/// never from what was asked of the subsetter: the glyphs composites are drawn from, and the
/// empty glyphs a subset keeping glyph IDs leaves, are in the program and so in the set.
enum CIDSet {
    /// The bytes of the set of `cids` (each in 0...65535): as many bytes as the largest CID
    /// needs, bit 7 of byte 0 for CID 0.
    static func bits(_ cids: some Sequence<Int>) -> [UInt8] {
        var bytes: [UInt8] = []
        for cid in cids where (0...0xFFFF).contains(cid) {
            if cid / 8 >= bytes.count { bytes += [UInt8](repeating: 0, count: cid / 8 + 1 - bytes.count) }
            bytes[cid / 8] |= 0x80 >> UInt8(cid % 8)
        }
        return bytes
    }

    /// The set as a compressed stream.
    static func stream(_ cids: some Sequence<Int>) throws -> PDFStream {
        try PDFStream.compressing(bits(cids), dictionary: PDFDictionary())
    }

    /// The CIDs of a TrueType program reached through `/CIDToGIDMap /Identity`: each glyph's
    /// ID, 0 to the glyph count its 'maxp' gives.
    ///
    /// - Throws: ``FontError`` when the program's directory or 'maxp' cannot be read.
    static func identityCIDs(ofTrueType program: [UInt8]) throws -> Range<Int> {
        0..<(try MaximumProfileTable(try SFNTDirectory(program).requiredTable("maxp")).numGlyphs)
    }

    /// The CIDs of a bare CFF program (`/FontFile3 /Subtype /CIDFontType0C`): a CID-keyed
    /// font's charset, or every glyph index of a name-keyed one.
    ///
    /// - Throws: ``FontError/damagedTable(tag:reason:)`` ('CFF ') when the program cannot be read.
    static func cids(ofCFF program: [UInt8]) throws -> [Int] {
        guard let cids = try? CFFReader(data: program).characterIDs() else {
            throw FontError.damagedTable(tag: "CFF ", reason: "its charset or CharStrings cannot be read")
        }
        return cids
    }
}
