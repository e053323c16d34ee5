import Foundation
import CHarfBuzz

/// One glyph of a shaped run, in the order it is drawn (left to right), with positions in
/// font units.
struct ShapedGlyph: Equatable, Sendable {
    /// The glyph ID in the font.
    var glyph: Int
    /// The index in the run's text of the first scalar of the glyph's cluster: the scalars
    /// this glyph draws, together with the other glyphs of the same cluster.
    var cluster: Int
    var advance: Int
    var xOffset: Int
    var yOffset: Int
}

/// A font HarfBuzz shapes with (ligatures, contextual forms, marks, reordering, kerning from
/// the font's GSUB and GPOS), over its own copy of the font's bytes. Immutable once made, so
/// one instance serves every thread (HarfBuzz's fonts are safe to shape with concurrently).
final class HarfBuzzFont: Sendable {
    nonisolated(unsafe) private let font: OpaquePointer
    /// The font's design units per em: the unit of every position it answers.
    let unitsPerEm: Int

    /// Whether HarfBuzz is installed (it is loaded on first use).
    static var isAvailable: Bool { mg_harfbuzz_available() != 0 }

    /// - Throws: ``TextShapingError/libraryMissing(library:package:)`` without HarfBuzz,
    ///   ``TextShapingError/unreadableFont(path:)`` for bytes it cannot read as a font.
    init(data: [UInt8], index: Int = 0, path: String) throws(TextShapingError) {
        guard Self.isAvailable else { throw .libraryMissing(library: "libharfbuzz.so.0", package: "libharfbuzz0b") }
        guard let font = data.withUnsafeBufferPointer({ mg_hb_font_create($0.baseAddress, $0.count, UInt32(clamping: index)) }) else {
            throw .unreadableFont(path: path)
        }
        self.font = font
        unitsPerEm = max(1, Int(mg_hb_font_units_per_em(font)))
    }

    deinit { mg_hb_font_destroy(font) }

    /// The font's glyph for `scalar`, or nil when it has none.
    func glyph(for scalar: Unicode.Scalar) -> Int? {
        let glyph = Int(mg_hb_font_glyph(font, scalar.value))
        return glyph == 0 ? nil : glyph
    }

    /// The advance width of `glyph`, in font units.
    func advance(of glyph: Int) -> Int { Int(mg_hb_font_advance(font, UInt32(clamping: glyph))) }

    /// Ascender and descender (negative), in font units.
    var extents: (ascender: Int, descender: Int) {
        var ascender: Int32 = 0
        var descender: Int32 = 0
        mg_hb_font_extents(font, &ascender, &descender)
        return (Int(ascender), Int(descender))
    }

    /// The PostScript name (name ID 6), or nil when the font has none.
    var postScriptName: String? {
        var buffer = [CChar](repeating: 0, count: 128)
        let length = mg_hb_font_postscript_name(font, &buffer, UInt32(buffer.count))
        return length == 0 ? nil : String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// An OpenType font of `glyphs` only (and what they are drawn from), by libharfbuzz-subset;
    /// `retainingIDs`: each glyph keeps its ID (the others are left empty), as the glyphs of a
    /// name-keyed CFF font must, whose IDs are the CIDs a PDF shows them by.
    ///
    /// - Throws: ``TextShapingError/libraryMissing(library:package:)`` when the subsetter
    ///   cannot be loaded or fails.
    func subset(_ glyphs: [Int], retainingIDs: Bool = false) throws(TextShapingError) -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        let ids = glyphs.map { UInt32(clamping: $0) }
        guard mg_hb_subset(font, ids, Int32(ids.count), retainingIDs ? 1 : 0, &data, &size) == 0, let data else {
            throw .libraryMissing(library: "libharfbuzz-subset.so.0", package: "libharfbuzz-subset0")
        }
        defer { free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The glyphs of `text[range]`, the rest of `text` being context, in `script` (a tag as
    /// ``Script`` gives) and direction. Clusters are indices into `text`.
    ///
    /// - Throws: ``TextShapingError/outOfMemory(length:)``.
    func shape(_ text: [UInt32], range: Range<Int>, rightToLeft: Bool, script: Script) throws(TextShapingError) -> [ShapedGlyph] {
        var glyphs: UnsafeMutablePointer<mg_hb_glyph>? = nil
        let count = mg_hb_shape(font, text, Int32(text.count), Int32(range.lowerBound), Int32(range.count),
                                rightToLeft ? 1 : 0, script.isSpecific ? script.tag : 0, nil, &glyphs)
        defer { free(glyphs) }
        guard count >= 0, let glyphs else { throw .outOfMemory(length: text.count) }
        return (0..<Int(count)).map { index in
            let g = glyphs[index]
            return ShapedGlyph(glyph: Int(g.glyph), cluster: Int(g.cluster), advance: Int(g.x_advance),
                               xOffset: Int(g.x_offset), yOffset: Int(g.y_offset))
        }
    }
}

/// A Unicode script (UAX #24) by its ISO 15924 tag, as HarfBuzz names it.
struct Script: Hashable, Sendable {
    let tag: UInt32

    init(_ name: String) {
        tag = name.utf8.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }

    init(tag: UInt32) {
        self.tag = tag
    }

    /// The script of `scalar` (HarfBuzz must be available: check ``HarfBuzzFont/isAvailable``).
    static func of(_ scalar: Unicode.Scalar) -> Script { Script(tag: mg_hb_script(scalar.value)) }

    static let common = Script("Zyyy")
    static let inherited = Script("Zinh")
    static let unknown = Script("Zzzz")

    /// Whether it is a script of its own, not common or inherited characters that take the
    /// script of the text around them.
    var isSpecific: Bool { self != .common && self != .inherited && self != .unknown }

    /// The four letters of the tag (`Arab`).
    var name: String {
        String(decoding: [24, 16, 8, 0].map { UInt8(tag >> $0 & 0xFF) }, as: UTF8.self)
    }
}
