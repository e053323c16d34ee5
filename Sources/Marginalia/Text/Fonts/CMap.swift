import PDFCore

/// A CMap (ISO 32000-2, 9.7.5 and 9.10.3; Adobe TN 5014 and 5411): the codespace ranges that
/// cut a string's bytes into character codes, and what each code maps to: a CID (an encoding
/// CMap of a Type0 font) or text (a ToUnicode CMap).
///
/// Ranges are kept as ranges, so `<0000> <FFFF>` costs one entry, not 65,536.
struct CMap: Sendable {
    struct Codespace: Sendable {
        var low: [UInt8]
        var high: [UInt8]

        func contains(_ bytes: ArraySlice<UInt8>) -> Bool {
            guard bytes.count == low.count else { return false }
            for (offset, byte) in bytes.enumerated() where byte < low[offset] || byte > high[offset] { return false }
            return true
        }
    }

    private struct CIDRange: Sendable {
        var low: UInt32, high: UInt32, start: UInt32
    }

    private struct TextRange: Sendable {
        var low: UInt32, high: UInt32
        /// The text of `low`; later codes add their offset to its last scalar.
        var start: [Unicode.Scalar]
        /// Or one destination per code (`[<0041> <0042>]`).
        var list: [String]?
    }

    var codespaces: [Codespace] = []
    /// Vertical writing (`/WMode 1`).
    var isVertical = false
    /// The CMap named by `usecmap`, whose mappings this one extends.
    var parentName: String?
    private var cidSingles: [UInt32: UInt32] = [:]
    private var cidRanges: [CIDRange] = []
    private var textSingles: [UInt32: String] = [:]
    private var textRanges: [TextRange] = []

    init() {}

    /// Whether the CMap maps any code to text.
    var hasText: Bool { !textSingles.isEmpty || !textRanges.isEmpty }

    /// The two-byte identity mapping (`Identity-H`, `Identity-V`).
    static func identity(vertical: Bool) -> CMap {
        var map = CMap()
        map.codespaces = [Codespace(low: [0, 0], high: [0xFF, 0xFF])]
        map.cidRanges = [CIDRange(low: 0, high: 0xFFFF, start: 0)]
        map.isVertical = vertical
        return map
    }

    // MARK: - Reading

    /// Reads a CMap stream's decoded bytes. Damaged entries are skipped, as viewers do.
    ///
    /// - Throws: ``PDFError/limitExceeded(_:limit:max:)`` only.
    init(bytes: [UInt8], limits: PDFLimits) throws {
        var parser = ContentStreamParser(bytes: bytes, limits: limits)
        var entries = 0
        while let operation = try parser.nextReadable() {
            let items = operation.operands
            entries += items.count
            if entries > limits.maxCollectionCount {
                throw PDFError.limitExceeded("a CMap has more than \(limits.maxCollectionCount) entries", limit: .maxCollectionCount, max: limits.maxCollectionCount)
            }
            switch operation.name {
            case "endcodespacerange":
                for pair in stride(from: 0, to: items.count - 1, by: 2) {
                    guard let low = items[pair].stringBytes, let high = items[pair + 1].stringBytes,
                          !low.isEmpty, low.count == high.count, low.count <= 4 else { continue }
                    codespaces.append(Codespace(low: low, high: high))
                }
            case "endcidchar":
                for pair in stride(from: 0, to: items.count - 1, by: 2) {
                    guard let code = Self.code(items[pair]), let cid = items[pair + 1].integerValue, cid >= 0 else { continue }
                    cidSingles[code] = UInt32(truncatingIfNeeded: cid)
                }
            case "endcidrange":
                for triple in stride(from: 0, to: items.count - 2, by: 3) {
                    guard let low = Self.code(items[triple]), let high = Self.code(items[triple + 1]), low <= high,
                          let cid = items[triple + 2].integerValue, cid >= 0 else { continue }
                    cidRanges.append(CIDRange(low: low, high: high, start: UInt32(truncatingIfNeeded: cid)))
                }
            case "endbfchar":
                for pair in stride(from: 0, to: items.count - 1, by: 2) {
                    guard let code = Self.code(items[pair]) else { continue }
                    if let text = Self.text(items[pair + 1]) { textSingles[code] = text }
                }
            case "endbfrange":
                for triple in stride(from: 0, to: items.count - 2, by: 3) {
                    guard let low = Self.code(items[triple]), let high = Self.code(items[triple + 1]), low <= high else { continue }
                    if case .array(let destinations) = items[triple + 2] {
                        let list = destinations.map { Self.text($0) ?? "" }
                        textRanges.append(TextRange(low: low, high: high, start: [], list: list))
                    } else if let text = Self.text(items[triple + 2]) {
                        textRanges.append(TextRange(low: low, high: high, start: Array(text.unicodeScalars), list: nil))
                    }
                }
            case "usecmap":
                parentName = items.last?.nameValue
            case "def":
                if items.count >= 2, items[items.count - 2].nameValue == "WMode" {
                    isVertical = items.last?.integerValue == 1
                }
            default:
                break
            }
        }
    }

    /// A source code: up to four bytes, big-endian.
    private static func code(_ object: PDFObject) -> UInt32? {
        guard let bytes = object.stringBytes, !bytes.isEmpty, bytes.count <= 4 else { return nil }
        return bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A destination: UTF-16BE bytes (a single byte reads as itself), or a glyph name.
    private static func text(_ object: PDFObject) -> String? {
        if let name = object.nameValue { return GlyphNames.text(for: name) }
        guard let bytes = object.stringBytes, !bytes.isEmpty else { return nil }
        if bytes.count == 1 { return Unicode.Scalar(UInt32(bytes[0])).map { String($0) } }
        // UTF-16BE without a byte order mark: read as a text string that has one.
        return PDFTextString.decode([0xFE, 0xFF] + bytes)
    }

    /// Adds a CID range (for CMaps built from tables rather than read).
    mutating func addCIDRange(low: UInt32, high: UInt32, cid: UInt32) {
        if low == high { cidSingles[low] = cid } else { cidRanges.append(CIDRange(low: low, high: high, start: cid)) }
    }

    /// Takes the parent's mappings where this CMap has none (`usecmap`).
    mutating func inherit(from parent: CMap) {
        if codespaces.isEmpty { codespaces = parent.codespaces }
        cidRanges = parent.cidRanges + cidRanges
        cidSingles.merge(parent.cidSingles) { mine, _ in mine }
        textRanges = parent.textRanges + textRanges
        textSingles.merge(parent.textSingles) { mine, _ in mine }
    }

    // MARK: - Lookup

    /// The next code of `bytes` at `index` and its length in bytes: the codespace range the
    /// bytes fall in, shortest first; bytes in no range are taken as one code of the
    /// shortest length (ISO 32000-2, 9.7.6.3 leaves the choice to the reader).
    func nextCode(in bytes: [UInt8], at index: Int) -> (code: UInt32, length: Int) {
        var shortest = 4
        for length in 1...4 where index + length <= bytes.count {
            let slice = bytes[index..<(index + length)]
            for space in codespaces where space.low.count == length {
                shortest = min(shortest, length)
                if space.contains(slice) {
                    return (slice.reduce(0) { $0 << 8 | UInt32($1) }, length)
                }
            }
        }
        if codespaces.isEmpty { shortest = 1 }
        let length = max(1, min(shortest, bytes.count - index))
        return (bytes[index..<(index + length)].reduce(0) { $0 << 8 | UInt32($1) }, length)
    }

    /// The CID of `code`, or nil when the CMap does not map it.
    func cid(for code: UInt32) -> UInt32? {
        if let cid = cidSingles[code] { return cid }
        for range in cidRanges.reversed() where range.low <= code && code <= range.high {
            return range.start &+ (code - range.low)
        }
        return nil
    }

    /// The text of `code`, or nil when the CMap does not map it.
    func text(for code: UInt32) -> String? {
        if let text = textSingles[code] { return text }
        for range in textRanges.reversed() where range.low <= code && code <= range.high {
            let offset = Int(code - range.low)
            if let list = range.list { return offset < list.count ? list[offset] : nil }
            guard var scalars = Optional(range.start), let last = scalars.last,
                  let shifted = Unicode.Scalar(last.value &+ UInt32(offset)) else { return nil }
            scalars[scalars.count - 1] = shifted
            return String(String.UnicodeScalarView(scalars))
        }
        return nil
    }
}
