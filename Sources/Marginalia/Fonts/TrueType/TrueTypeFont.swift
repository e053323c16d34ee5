import Foundation
import PDFCore

/// A TrueType font file (or the first font of a TrueType collection), embedded in a PDF as a
/// subset: a Type0 font with Identity-H encoding over a CIDFontType2 (ISO 32000-2, 9.7).
///
/// Text is mapped one Unicode scalar at a time through the font's 'cmap', without shaping:
/// no ligatures, no kerning, no contextual forms, no reordering; a character made of several
/// scalars (a letter and combining marks, say) is drawn as each scalar's glyph in turn, which
/// looks right where the font's marks are zero-width and positioned to overhang, as in most
/// Latin, Greek and Cyrillic fonts, and wrong for scripts that need shaping (Arabic, Indic).
/// Default-ignorable scalars the font has no glyph for (variation selectors, joiners) are
/// skipped rather than drawn as boxes.
///
/// Each glyph is numbered when first shown (see ``encode(_:)``), and those numbers are the
/// two-byte codes written in content streams, so that bytes encoded before
/// ``makeFontDictionary(add:)`` stay valid. An instance records what it is used for, so use
/// one from one thread (or actor) at a time.
public final class TrueTypeFont: PDFFont {
    /// Files larger than this are refused (50 MB; pan-Unicode and CJK TrueType fonts stay well under it).
    public static let maximumFileSize = 50 * 1024 * 1024

    let program: FontProgram
    private(set) var subset = GlyphSubset()

    /// The font's PostScript name (name ID 6) reduced to characters a PDF name may hold; for
    /// a font without one, its full or family name so reduced.
    public let fontName: String
    public let ascent: Double
    public let descent: Double

    /// Reads the font at `path`.
    ///
    /// - Throws: ``FontError/unreadable(path:reason:)`` when the file cannot be read, and
    ///   whatever ``init(data:)`` throws.
    public convenience init(path: String) throws {
        try self.init(data: try Self.readFile(path))
    }

    /// The bytes of the font file at `path`, at most one byte past ``maximumFileSize`` (so
    /// that a device or a growing file cannot make the read unbounded; ``init(data:)``
    /// refuses such a size).
    ///
    /// - Throws: ``FontError/unreadable(path:reason:)``.
    static func readFile(_ path: String) throws -> Data {
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            return try handle.read(upToCount: Self.maximumFileSize + 1) ?? Data()
        } catch {
            throw FontError.unreadable(path: path, reason: error.localizedDescription)
        }
    }

    /// Reads a font from its bytes.
    ///
    /// - Throws: ``FontError/tooLarge(size:limit:)``, ``FontError/notTrueType(reason:)`` for
    ///   other kinds of font (CFF-based OpenType among them), ``FontError/missingTable(tag:)``
    ///   and ``FontError/damagedTable(tag:reason:)``.
    public init(data: Data) throws {
        guard data.count <= Self.maximumFileSize else {
            throw FontError.tooLarge(size: data.count, limit: Self.maximumFileSize)
        }
        let program = try FontProgram([UInt8](data))
        self.program = program
        fontName = Self.name(of: program)
        let metrics = Self.verticalMetrics(of: program)
        ascent = Self.scaled(metrics.ascent, program)
        descent = Self.scaled(metrics.descent, program)
    }

    /// The PostScript name, else the family name without spaces, else a neutral name.
    private static func name(of program: FontProgram) -> String {
        for id in [NameTable.postScript, NameTable.fullName, NameTable.family] {
            if let text = program.names[id], let name = NameTable.sanitisedPostScriptName(text) { return name }
        }
        return "TrueTypeFont"
    }

    /// Ascent and descent in font units: the OS/2 typographic values when the font asks for
    /// them (USE_TYPO_METRICS) or its 'hhea' has none, otherwise 'hhea', which is what most
    /// viewers place lines by.
    private static func verticalMetrics(of program: FontProgram) -> (ascent: Int, descent: Int) {
        let hhea = program.horizontalHeader
        if let os2 = program.os2, os2.usesTypoMetrics || (hhea.ascender == 0 && hhea.descender == 0) {
            return (os2.typoAscender, -abs(os2.typoDescender))
        }
        return (hhea.ascender, -abs(hhea.descender))
    }

    /// `value` font units in 1/1000 em, to 1/100 unit: the one conversion every width and
    /// metric goes through, so that what is measured is what the `/W` array says.
    static func scaled(_ value: Int, _ program: FontProgram) -> Double {
        (Double(value) * 1000 / Double(program.head.unitsPerEm) * 100).rounded() / 100
    }

    // MARK: - Font facts

    /// `ABCDEF+Name`: the subset tag of the glyphs used so far and ``fontName``. It changes
    /// as new glyphs are used; the dictionary made by ``makeFontDictionary(add:)`` carries
    /// the name of that moment.
    public var postScriptName: String { subset.tag + "+" + fontName }

    /// The font's design units per em.
    public var unitsPerEm: Int { program.head.unitsPerEm }
    /// The number of glyphs in the font.
    public var glyphCount: Int { program.numGlyphs }
    /// The number of glyphs shown so far, .notdef included (the subset font adds the parts
    /// of composite glyphs).
    public var usedGlyphCount: Int { subset.glyphs.count }
    /// Whether the font's licence says it must not be embedded (OS/2 fsType "Restricted
    /// License embedding"). The font is embedded anyway; callers that honour licences check this.
    public var forbidsEmbedding: Bool { program.os2?.forbidsEmbedding ?? false }

    /// The glyph ID in the font of `scalar`, or nil when the font has none.
    public func glyphID(for scalar: Unicode.Scalar) -> Int? {
        let glyph = program.characterMap.glyph(for: scalar)
        return glyph == 0 ? nil : glyph
    }

    /// The advance width of glyph `glyph` in 1/1000 em.
    public func advanceWidth(ofGlyph glyph: Int) -> Double {
        Self.scaled(program.metrics.advance(of: glyph), program)
    }

    // MARK: - Mapping text

    /// The glyphs that draw `character`, each with the scalar it stands for (nil for the
    /// .notdef drawn in place of a scalar the font lacks), and whether any scalar was missing.
    func glyphs(for character: Character) -> (glyphs: [(glyph: Int, scalar: Unicode.Scalar?)], missing: Bool) {
        var glyphs: [(glyph: Int, scalar: Unicode.Scalar?)] = []
        var missing = false
        for scalar in character.unicodeScalars {
            let glyph = program.characterMap.glyph(for: scalar)
            if glyph != 0 {
                glyphs.append((glyph, scalar))
            } else if !scalar.properties.isDefaultIgnorableCodePoint {
                glyphs.append((0, nil))
                missing = true
            }
        }
        return (glyphs, missing)
    }

    // MARK: - PDFFont

    public func hasGlyph(for character: Character) -> Bool {
        !glyphs(for: character).missing
    }

    /// The sum of the advance widths of the glyphs ``encode(_:)`` draws for `text` (.notdef's
    /// for missing characters), as the `/W` array gives them; no kerning.
    public func width(of text: String, size: Double) -> Double {
        var units = 0.0
        for character in text {
            for (glyph, _) in glyphs(for: character).glyphs { units += advanceWidth(ofGlyph: glyph) }
        }
        return units * size / 1000
    }

    /// Two bytes per glyph, big-endian: the glyph's number in the subset (its CID). Glyphs
    /// are numbered in order of first use, starting at 1; a character the font lacks (or
    /// lacks part of) is drawn as glyph 0, .notdef (a box in most fonts), and listed in
    /// `missing` once per occurrence.
    public func encode(_ text: String) -> (bytes: [UInt8], missing: [Character]) {
        var bytes: [UInt8] = []
        var missing: [Character] = []
        for character in text {
            let mapped = glyphs(for: character)
            if mapped.missing { missing.append(character) }
            for (glyph, scalar) in mapped.glyphs { bytes += encode(glyph: glyph, for: scalar) }
        }
        return (bytes, missing)
    }

    /// The two bytes that show glyph `glyph` (a glyph ID of the font, as a shaper chose it),
    /// recording it for the subset; `scalar` is the text it stands for in the ToUnicode map,
    /// nil for a glyph that is not one character's (a ligature, a part of a cluster).
    func encode(glyph: Int, for scalar: Unicode.Scalar?) -> [UInt8] {
        let number = subset.show(glyph < program.numGlyphs ? glyph : 0, for: scalar)
        return [UInt8(number >> 8), UInt8(number & 0xFF)]
    }
}
