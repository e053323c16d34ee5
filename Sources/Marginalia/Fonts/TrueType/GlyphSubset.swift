/// The glyphs of a font used so far, numbered in the order of first use: what the PDF's
/// character codes (CIDs) mean and what the subset font holds.
///
/// Glyph 0 (.notdef) is always number 0; each glyph shown gets the next number when first
/// used, so numbers never change once given and bytes encoded before the font dictionary is
/// made stay valid. The subset font's glyph i is the original glyph `glyphs[i]`, so
/// CID = subset glyph ID and the CIDFont's `/CIDToGIDMap` is `/Identity`. The glyphs that
/// composite glyphs are drawn from follow the shown ones in the subset font only
/// (``fontGlyphs(components:)``): no content stream names them.
struct GlyphSubset: Sendable {
    /// Original glyph IDs of the glyphs shown, indexed by number (CID).
    private(set) var glyphs: [Int] = [0]
    private var numbers: [Int: Int] = [0: 0]
    /// The text each glyph stands for (the scalar it was first shown for): the ToUnicode map.
    private(set) var text: [Int: Unicode.Scalar] = [:]
    /// Every scalar shown and its glyph's number: the subset font's own 'cmap'.
    private(set) var characters: [UInt32: Int] = [:]

    /// Records that `glyph` is shown for `scalar` (nil for .notdef standing in for a missing
    /// character) and returns its number.
    mutating func show(_ glyph: Int, for scalar: Unicode.Scalar?) -> Int {
        let number: Int
        if let known = numbers[glyph] {
            number = known
        } else {
            number = glyphs.count
            glyphs.append(glyph)
            numbers[glyph] = number
        }
        if let scalar, number != 0 {
            if text[number] == nil { text[number] = scalar }
            if characters[scalar.value] == nil { characters[scalar.value] = number }
        }
        return number
    }

    /// The glyphs of the subset font: those shown, in their order, then every glyph they are
    /// composed of that is not shown itself (`components` gives a glyph's), with each
    /// original glyph's number in the font.
    func fontGlyphs(components: (Int) -> [Int]) -> (glyphs: [Int], numbers: [Int: Int]) {
        var all = glyphs
        var numbers = numbers
        for glyph in glyphs {
            for component in components(glyph) where numbers[component] == nil {
                numbers[component] = all.count
                all.append(component)
            }
        }
        return (all, numbers)
    }

    /// Six capital letters that name this subset (ISO 32000-2, 9.9.2: "the tag shall consist
    /// of exactly six uppercase letters"), the same for the same glyphs in the same order, in
    /// every run: a 64-bit FNV-1a hash of the glyph list, written in base 26.
    var tag: String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for glyph in glyphs {
            for byte in [UInt8(glyph >> 8 & 0xFF), UInt8(glyph & 0xFF)] {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        var letters: [UInt8] = []
        for _ in 0..<6 {
            letters.append(UInt8(65 + hash % 26))
            hash /= 26
        }
        return String(decoding: letters, as: UTF8.self)
    }
}
