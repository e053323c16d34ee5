import Foundation
import PDFCore

/// What ``TextFaces`` needs of an embedded font: glyphs by character, widths, recording what
/// is shown, and the font dictionary of the subset. ``TrueTypeFont`` is one; ``CFFSubsetFont``
/// (OpenType with CFF outlines, as Noto Sans CJK) the other.
protocol EmbeddedFontProgram: AnyObject {
    /// The font's PostScript name, without a subset tag.
    var fontName: String { get }
    /// The glyph for `scalar`, or nil when the font has none.
    func glyphID(for scalar: Unicode.Scalar) -> Int?
    /// The width the font dictionary gives `glyph`, in 1/1000 em.
    func advanceWidth(ofGlyph glyph: Int) -> Double
    /// The bytes that show `glyph`, recorded for the subset, standing for `scalar` in ToUnicode.
    func encode(glyph: Int, for scalar: Unicode.Scalar?) -> [UInt8]
    /// Stores the font's dictionaries through `add` and returns the Type0 font's reference.
    func makeFontDictionary(add: (PDFObject) -> PDFReference) throws -> PDFReference
}

extension TrueTypeFont: EmbeddedFontProgram {}

/// An OpenType font with CFF outlines (Noto Sans CJK, one face of its collection; the URW
/// Nimbus faces of a chosen family: ``ChosenFonts``), embedded as a subset made by HarfBuzz:
/// a Type0 font with Identity-H over a CIDFontType0 whose program is the subset's CFF table
/// (`/FontFile3 /Subtype /CIDFontType0C`, ISO 32000-2, 9.9), its `/CIDSet` the CIDs of that
/// program's charset (``CIDSet``).
///
/// The codes written are the glyphs' CIDs. A CID-keyed CFF's subset keeps them (its charset
/// maps each new glyph to its old CID); in Noto Sans CJK, whose ordering is Adobe-Identity-0,
/// a glyph's CID is its glyph ID, so the code of glyph g is g. In a font that is not CID-keyed
/// (a name-keyed CFF, as the Nimbus faces), CIDs are glyph IDs by definition (9.7.4.2): its
/// subset is made keeping every glyph's ID, so the code of glyph g is g there too.
final class CFFSubsetFont: EmbeddedFontProgram {
    private let shaper: HarfBuzzFont
    private var subset = GlyphSubset()
    /// Whether the CFF is CID-keyed; a name-keyed one is subset keeping glyph IDs.
    private let isCIDKeyed: Bool
    let fontName: String

    /// - Throws: ``FontError/missingTable(tag:)`` when the font has no CFF outlines,
    ///   ``TextShapingError`` when HarfBuzz cannot subset it.
    init(loaded: ScriptFonts.LoadedFont, path: String) throws {
        shaper = loaded.shaper
        fontName = NameTable.sanitisedPostScriptName(shaper.postScriptName ?? "") ?? "OpenTypeFont"
        // The Top DICT of a CID-keyed CFF starts with the ROS operator (12 30), which its
        // subset keeps; check the subset of .notdef alone.
        guard let cff = Self.cffTable(try shaper.subset([0])) else { throw FontError.missingTable(tag: "CFF ") }
        isCIDKeyed = Self.isCIDKeyed(cff)
    }

    func glyphID(for scalar: Unicode.Scalar) -> Int? { shaper.glyph(for: scalar) }

    func advanceWidth(ofGlyph glyph: Int) -> Double {
        (Double(shaper.advance(of: glyph)) * 1000 / Double(shaper.unitsPerEm) * 100).rounded() / 100
    }

    func encode(glyph: Int, for scalar: Unicode.Scalar?) -> [UInt8] {
        let number = subset.show(glyph, for: scalar)
        let code = subset.glyphs[number]
        return [UInt8(code >> 8 & 0xFF), UInt8(code & 0xFF)]
    }

    func makeFontDictionary(add: (PDFObject) -> PDFReference) throws -> PDFReference {
        let name = subset.tag + "+" + fontName
        // The bare CFF program: Poppler and PDFium draw nothing from this font wrapped as
        // /OpenType (checked with pdftoppm 22.12 and pypdfium2), and every viewer reads /CIDFontType0C.
        guard let program = Self.cffTable(try shaper.subset(subset.glyphs, retainingIDs: !isCIDKeyed)) else {
            throw FontError.missingTable(tag: "CFF ")
        }
        let fontFile = try PDFStream.compressing(Array(program), dictionary: PDFDictionary([("Subtype", .name("CIDFontType0C"))]))
        let (ascender, descender) = shaper.extents
        let scale = 1000 / Double(shaper.unitsPerEm)
        let ascent = (Double(ascender) * scale).rounded()
        let descent = (Double(descender) * scale).rounded()
        let descriptor = PDFDictionary([
            ("Type", .name("FontDescriptor")),
            ("FontName", .name(name)),
            ("Flags", .integer(1 << 2)),  // Symbolic: glyphs are reached by CID
            ("FontBBox", .array([.integer(-1000), .integer(Int(descent)), .integer(2000), .integer(Int(ascent))])),
            ("ItalicAngle", .integer(0)),
            ("Ascent", .integer(Int(ascent))),
            ("Descent", .integer(Int(descent))),
            ("CapHeight", .integer(Int(ascent))),
            ("StemV", .integer(80)),
            ("FontFile3", .reference(add(.stream(fontFile)))),
        ])
        var widths: [Int: Double] = [:]
        var text: [Int: Unicode.Scalar] = [:]
        for (number, glyph) in subset.glyphs.enumerated() {
            widths[glyph] = advanceWidth(ofGlyph: glyph)
            if let scalar = subset.text[number] { text[glyph] = scalar }
        }
        return try Type0Font.make(name: name, subtype: "CIDFontType0", descriptor: descriptor, defaultWidth: 1000,
                                  widths: widths, identityGlyphs: false, cids: try CIDSet.cids(ofCFF: Array(program)),
                                  toUnicode: text, add: add)
    }

    /// The 'CFF ' table of an OpenType font's bytes, or nil.
    private static func cffTable(_ font: [UInt8]) -> ArraySlice<UInt8>? {
        guard font.count >= 12 else { return nil }
        let tables = Int(font[4]) << 8 | Int(font[5])
        for index in 0..<tables {
            let record = 12 + 16 * index
            guard record + 16 <= font.count else { return nil }
            guard font[record..<record + 4].elementsEqual("CFF ".utf8) else { continue }
            let offset = font[record + 8..<record + 12].reduce(0) { $0 << 8 | Int($1) }
            let length = font[record + 12..<record + 16].reduce(0) { $0 << 8 | Int($1) }
            guard offset + length <= font.count else { return nil }
            return font[offset..<offset + length]
        }
        return nil
    }

    /// Whether the CFF's first Top DICT begins with ROS (12 30): a CID-keyed font (Adobe
    /// Technical Note 5176, 18). The header, then the Name INDEX, then the Top DICT INDEX.
    private static func isCIDKeyed(_ cff: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(cff)
        guard bytes.count > 4 else { return false }
        func indexEnd(_ start: Int) -> (dataStart: Int, end: Int, firstEnd: Int)? {
            guard start + 3 <= bytes.count else { return nil }
            let count = Int(bytes[start]) << 8 | Int(bytes[start + 1])
            guard count > 0 else { return (start + 2, start + 2, start + 2) }
            let offSize = Int(bytes[start + 2])
            guard (1...4).contains(offSize), start + 3 + (count + 1) * offSize <= bytes.count else { return nil }
            func offset(_ i: Int) -> Int { bytes[(start + 3 + i * offSize)..<(start + 3 + (i + 1) * offSize)].reduce(0) { $0 << 8 | Int($1) } }
            let dataStart = start + 3 + (count + 1) * offSize - 1
            return (dataStart + 1, dataStart + offset(count), dataStart + offset(1))
        }
        guard let names = indexEnd(Int(bytes[2])), let top = indexEnd(names.end) else { return false }
        // Skip the three SID operands of ROS to reach its operator; operands are numbers of
        // 1, 2, 3 or 5 bytes (28, 29, 32-254).
        var position = top.dataStart
        for _ in 0..<3 {
            guard position < top.firstEnd else { return false }
            switch bytes[position] {
            case 28: position += 3
            case 29: position += 5
            case 32...246: position += 1
            case 247...254: position += 2
            default: return false
            }
        }
        return position + 1 < top.firstEnd && bytes[position] == 12 && bytes[position + 1] == 30
    }
}
