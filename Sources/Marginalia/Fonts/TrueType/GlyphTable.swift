/// 'loca' and 'glyf': each glyph's outline data, and the glyphs a composite glyph is made of.
///
/// A composite glyph (numberOfContours < 0) is a list of components, each naming another
/// glyph by index; the subset must carry those glyphs too and rewrite the indices
/// (OpenType, 'glyf', "Composite glyph description").
struct GlyphTable: Sendable {
    /// One component of a composite glyph.
    struct Component: Equatable, Sendable {
        /// The glyph the component draws.
        var glyph: Int
        /// Where its 16-bit glyph index lies in the composite glyph's data.
        var indexOffset: Int
    }

    /// Composite glyphs nest rarely more than 2 or 3 deep; a deeper chain is damage (or a
    /// cycle) and is not followed.
    static let maximumNesting = 16

    private let glyf: FontBytes
    /// numGlyphs + 1 byte offsets into 'glyf'; glyph i is offsets[i]..<offsets[i + 1].
    private let offsets: [Int]

    var numGlyphs: Int { offsets.count - 1 }

    /// - Throws: ``FontError/damagedTable(tag:reason:)`` for a 'loca' shorter than the glyph
    ///   count needs. Offsets past the end of 'glyf', or running backwards, are clamped: such
    ///   glyphs are read as empty.
    init(loca: FontBytes, glyf: FontBytes, numGlyphs: Int, longOffsets: Bool) throws {
        let size = longOffsets ? 4 : 2
        try loca.check(0, size * (numGlyphs + 1))
        var offsets: [Int] = []
        offsets.reserveCapacity(numGlyphs + 1)
        var previous = 0
        for index in 0...numGlyphs {
            let raw = longOffsets ? Int(try loca.uint32(at: 4 * index)) : 2 * Int(try loca.uint16(at: 2 * index))
            let offset = max(previous, min(raw, glyf.count))
            offsets.append(offset)
            previous = offset
        }
        self.glyf = glyf
        self.offsets = offsets
    }

    /// The bytes of `glyph` (empty for a glyph with no outline, such as a space).
    func data(of glyph: Int) -> [UInt8] {
        guard glyph >= 0, glyph < numGlyphs else { return [] }
        return (try? glyf.bytes(offsets[glyph], length: offsets[glyph + 1] - offsets[glyph])) ?? []
    }

    /// The top of `glyph`'s bounding box, or nil for an empty glyph.
    func yMax(of glyph: Int) -> Int? {
        let bytes = data(of: glyph)
        guard bytes.count >= 10 else { return nil }
        return Int(Int16(bitPattern: UInt16(bytes[8]) << 8 | UInt16(bytes[9])))
    }

    // MARK: - Composite glyphs

    /// The components of `glyph` in the order written; empty for a simple or empty glyph.
    ///
    /// - Throws: ``FontError/damagedTable(tag:reason:)`` ('glyf') when the component list
    ///   runs past the glyph's data or names a glyph the font does not have.
    func components(of glyph: Int) throws -> [Component] {
        let bytes = FontBytes(data(of: glyph), tag: "glyf")
        guard bytes.count >= 10, try bytes.int16(at: 0) < 0 else { return [] }
        var components: [Component] = []
        var at = 10
        while true {
            let flags: UInt16
            let index: Int
            do {
                flags = try bytes.uint16(at: at)
                index = Int(try bytes.uint16(at: at + 2))
            } catch {
                throw FontError.damagedTable(tag: "glyf", reason: "composite glyph \(glyph) ends inside a component")
            }
            guard index < numGlyphs else {
                throw FontError.damagedTable(tag: "glyf", reason: "composite glyph \(glyph) uses glyph \(index), which the font lacks")
            }
            components.append(Component(glyph: index, indexOffset: at + 2))
            at += 4 + (flags & 0x0001 != 0 ? 4 : 2) // ARG_1_AND_2_ARE_WORDS
            if flags & 0x0008 != 0 { at += 2 } // WE_HAVE_A_SCALE
            else if flags & 0x0040 != 0 { at += 4 } // WE_HAVE_AN_X_AND_Y_SCALE
            else if flags & 0x0080 != 0 { at += 8 } // WE_HAVE_A_TWO_BY_TWO
            guard flags & 0x0020 != 0 else { break } // MORE_COMPONENTS
        }
        return components
    }

    /// Every glyph `glyph` is drawn from, depth first: its components, their components, and
    /// so on, to ``maximumNesting`` levels. A damaged component list ends the search there
    /// (the subsetter reports it).
    func componentClosure(of glyph: Int) -> [Int] {
        var result: [Int] = []
        var seen: Set<Int> = [glyph]
        func visit(_ glyph: Int, depth: Int) {
            guard depth < Self.maximumNesting, let components = try? components(of: glyph) else { return }
            for component in components where seen.insert(component.glyph).inserted {
                result.append(component.glyph)
                visit(component.glyph, depth: depth + 1)
            }
        }
        visit(glyph, depth: 0)
        return result
    }

    /// The data of `glyph` with each component's glyph index replaced by `newIndex(old)`.
    ///
    /// - Throws: ``FontError/damagedTable(tag:reason:)`` for a damaged component list, or a
    ///   component `newIndex` has no number for.
    func data(of glyph: Int, renumbering newIndex: (Int) -> Int?) throws -> [UInt8] {
        var bytes = data(of: glyph)
        for component in try components(of: glyph) {
            guard let index = newIndex(component.glyph), index <= 0xFFFF else {
                throw FontError.damagedTable(tag: "glyf", reason: "composite glyph \(glyph) nests components deeper than \(Self.maximumNesting) levels")
            }
            bytes[component.indexOffset] = UInt8(index >> 8)
            bytes[component.indexOffset + 1] = UInt8(index & 0xFF)
        }
        return bytes
    }
}
