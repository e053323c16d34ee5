import PDFCore

/// A font as text extraction sees it: how a shown string's bytes split into codes, and for
/// each code its text and its advance (ISO 32000-2, 9.2 to 9.10). Built once per font
/// dictionary by ``TextFontLoader``.
final class TextFont {
    /// One code of a shown string.
    struct Glyph {
        /// The text it stands for; nil when the font gives no way to know (reported as unmapped).
        let text: String?
        /// The text's scalar when it is one (nearly always): what the interpreter reads.
        let scalar: Unicode.Scalar?
        /// Horizontal advance in glyph space (1/1000 of the size, Type 3: the font's own units).
        var width: Double
        /// Vertical writing: the advance (negative: downwards) and the position vector, in glyph space.
        var verticalAdvance = -1000.0
        var origin = (x: 500.0, y: 880.0)
        /// A single-byte code 32, which word spacing (`Tw`) applies to (9.3.3).
        var isWordSpace = false

        init(text: String?, width: Double, isWordSpace: Bool = false) {
            self.text = text
            var scalars = text?.unicodeScalars.makeIterator()
            let first = scalars?.next()
            scalar = scalars?.next() == nil ? first : nil
            self.width = width
            self.isWordSpace = isWordSpace
        }
    }

    /// The font's name (`/BaseFont` without a subset tag), or its resource name.
    let name: String
    /// Glyph space to text space: 1/1000 for every font but Type 3 (`/FontMatrix`).
    let fontMatrix: TextMatrix
    /// Ascent and descent in glyph space: the height of a glyph's box above and below the baseline.
    let ascent: Double
    let descent: Double
    let isVertical: Bool

    private let codeMap: CMap?
    private let simpleGlyphs: [Glyph]
    private let compositeGlyph: ((UInt32, Int) -> Glyph)?
    private var cache: [UInt32: Glyph] = [:]

    /// A simple font (Type1, TrueType, Type3, MMType1): one byte per code.
    init(name: String, fontMatrix: TextMatrix, ascent: Double, descent: Double, glyphs: [Glyph]) {
        self.name = name
        self.fontMatrix = fontMatrix
        self.ascent = ascent
        self.descent = descent
        isVertical = false
        codeMap = nil
        simpleGlyphs = glyphs
        compositeGlyph = nil
    }

    /// A composite font (Type0): codes cut by `codeMap`, each glyph made by `glyph(code, length)`.
    init(name: String, ascent: Double, descent: Double, codeMap: CMap, glyph: @escaping (UInt32, Int) -> Glyph) {
        self.name = name
        fontMatrix = TextMatrix(0.001, 0, 0, 0.001, 0, 0)
        self.ascent = ascent
        self.descent = descent
        isVertical = codeMap.isVertical
        self.codeMap = codeMap
        simpleGlyphs = []
        compositeGlyph = glyph
    }

    /// Calls `body` with the glyph of each code of `bytes`, in order, and the code's length in bytes.
    ///
    /// Each glyph is lent to `body` by its address, valid only during the call: a `Glyph`
    /// holds its text, and a copy per code (retaining and releasing it) costs more than all
    /// that the interpreter does with the glyph. A simple font has a glyph for every byte.
    func forEachGlyph(in bytes: [UInt8], _ body: (UnsafePointer<Glyph>, Int) -> Void) {
        guard let codeMap, let compositeGlyph else {
            simpleGlyphs.withUnsafeBufferPointer { glyphs in
                guard let first = glyphs.baseAddress, glyphs.count == 256 else { return }
                for byte in bytes { body(first + Int(byte), 1) }
            }
            return
        }
        var index = 0
        while index < bytes.count {
            let (code, length) = codeMap.nextCode(in: bytes, at: index)
            index += length
            let key = code | UInt32(length) << 30
            let glyph: Glyph
            if let known = cache[key] {
                glyph = known
            } else {
                glyph = compositeGlyph(code, length)
                if cache.count < 65_536 { cache[key] = glyph }
            }
            withUnsafePointer(to: glyph) { body($0, length) }
        }
    }
}

// MARK: - Widths of composite fonts

/// The glyph metrics of a CIDFont: `/W` and `/DW`, `/W2` and `/DW2` (ISO 32000-2, 9.7.4.3),
/// with ranges kept as ranges.
struct CIDMetrics {
    private var widths: [UInt32: Double] = [:]
    private var widthRanges: [(ClosedRange<UInt32>, Double)] = []
    var defaultWidth = 1000.0
    private var vertical: [UInt32: (Double, Double, Double)] = [:]
    private var verticalRanges: [(ClosedRange<UInt32>, (Double, Double, Double))] = []
    var defaultVertical = (y: 880.0, advance: -1000.0)

    init(_ font: PDFDictionary, file: PDFFile) throws {
        if let dw = try file.resolve(font["DW"] ?? .null).numberValue, dw.isFinite { defaultWidth = dw }
        let w = try Self.array(font["W"], file)
        var index = 0
        while index + 1 < w.count {
            // Character codes are at most 4 bytes: a start beyond them ends the list.
            guard let first = w[index].integerValue, first >= 0, first <= Int(UInt32.max) else { break }
            if case .array(let list) = try file.resolve(w[index + 1]) {
                for (offset, item) in list.prefix(file.limits.maxCollectionCount).enumerated() {
                    guard let code = UInt32(exactly: first + offset) else { break }
                    if let width = try file.resolve(item).numberValue { widths[code] = width }
                }
                index += 2
            } else {
                guard index + 2 < w.count, let last = try file.resolve(w[index + 1]).integerValue, last >= first,
                      let width = try file.resolve(w[index + 2]).numberValue else { break }
                widthRanges.append((UInt32(first)...UInt32(min(last, Int(UInt32.max))), width))
                index += 3
            }
        }
        let dw2 = try Self.array(font["DW2"], file).compactMap(\.numberValue)
        if dw2.count == 2 { defaultVertical = (dw2[0], dw2[1]) }
        let w2 = try Self.array(font["W2"], file)
        index = 0
        while index + 1 < w2.count {
            guard let first = w2[index].integerValue, first >= 0, first <= Int(UInt32.max) else { break }
            if case .array(let list) = try file.resolve(w2[index + 1]) {
                let numbers = try list.prefix(file.limits.maxCollectionCount).map { try file.resolve($0).numberValue ?? 0 }
                for triple in stride(from: 0, to: numbers.count - 2, by: 3) {
                    guard let code = UInt32(exactly: first + triple / 3) else { break }
                    vertical[code] = (numbers[triple], numbers[triple + 1], numbers[triple + 2])
                }
                index += 2
            } else {
                guard index + 4 < w2.count, let last = w2[index + 1].integerValue, last >= first else { break }
                let numbers = try w2[(index + 2)...(index + 4)].map { try file.resolve($0).numberValue ?? 0 }
                verticalRanges.append((UInt32(first)...UInt32(min(last, Int(UInt32.max))), (numbers[0], numbers[1], numbers[2])))
                index += 5
            }
        }
    }

    private static func array(_ object: PDFObject?, _ file: PDFFile) throws -> [PDFObject] {
        guard let object else { return [] }
        return try file.resolve(object).arrayValue ?? []
    }

    func width(of cid: UInt32) -> Double {
        if let width = widths[cid] { return width }
        for (range, width) in widthRanges.reversed() where range.contains(cid) { return width }
        return defaultWidth
    }

    /// The vertical advance and position vector (9.7.4.3): `/W2`, or `/DW2` with vx half the width.
    func vertical(of cid: UInt32) -> (advance: Double, x: Double, y: Double) {
        if let (w1, vx, vy) = vertical[cid] { return (w1, vx, vy) }
        for (range, (w1, vx, vy)) in verticalRanges.reversed() where range.contains(cid) { return (w1, vx, vy) }
        return (defaultVertical.advance, width(of: cid) / 2, defaultVertical.y)
    }
}
