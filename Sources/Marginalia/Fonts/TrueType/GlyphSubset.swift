/// The glyphs of a font used so far, numbered in the order of first use: what the subset
/// font holds and what the PDF's character codes (CIDs) mean.
///
/// Glyph 0 (.notdef) is always number 0. Each glyph shown gets the next number when first
/// used, and right after it every glyph it is composed of that has none yet, so numbers
/// never change once given: bytes encoded before the font dictionary is made stay valid.
/// The subset font's glyph i is the original glyph `glyphs[i]`, so CID = subset glyph ID
/// and the CIDFont's `/CIDToGIDMap` is `/Identity`.
struct GlyphSubset: Sendable {
    /// Original glyph IDs, indexed by subset glyph ID.
    private(set) var glyphs: [Int] = [0]
    private var numbers: [Int: Int] = [0: 0]
    /// The text each shown glyph stands for (the scalar it was first used for): the ToUnicode map.
    private(set) var text: [Int: Unicode.Scalar] = [:]
    /// Every scalar shown and its glyph's number: the subset font's own 'cmap'.
    private(set) var characters: [UInt32: Int] = [:]
    /// Numbers of the glyphs shown in text (not those used only as components).
    private(set) var shown: Set<Int> = []

    /// The number of `glyph` in the subset, if it has one.
    func number(of glyph: Int) -> Int? { numbers[glyph] }

    /// Records that `glyph` is shown for `scalar` (nil for .notdef standing in for a missing
    /// character) and returns its number; `components` gives the glyphs it is drawn from.
    mutating func show(_ glyph: Int, for scalar: Unicode.Scalar?, components: (Int) -> [Int]) -> Int {
        let number = add(glyph)
        if number != 0 {
            for component in components(glyph) { _ = add(component) }
        }
        shown.insert(number)
        if let scalar, number != 0 {
            if text[number] == nil { text[number] = scalar }
            if characters[scalar.value] == nil { characters[scalar.value] = number }
        }
        return number
    }

    private mutating func add(_ glyph: Int) -> Int {
        if let number = numbers[glyph] { return number }
        let number = glyphs.count
        glyphs.append(glyph)
        numbers[glyph] = number
        return number
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
