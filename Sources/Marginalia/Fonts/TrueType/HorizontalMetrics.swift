/// 'hmtx': each glyph's advance width and left side bearing, in font units.
///
/// The table holds `numberOfHMetrics` (advance, bearing) pairs; glyphs after the last pair
/// share its advance and have only a bearing each (OpenType, 'hmtx').
struct HorizontalMetrics: Sendable {
    private let table: FontBytes
    private let pairs: Int

    /// - Throws: ``FontError/damagedTable(tag:reason:)`` when the table is shorter than its
    ///   pairs of metrics.
    init(_ table: FontBytes, numberOfHMetrics: Int, numGlyphs: Int) throws {
        // More pairs than glyphs only wastes bytes; the extra ones are never read.
        pairs = min(numberOfHMetrics, numGlyphs)
        try table.check(0, 4 * pairs)
        self.table = table
    }

    /// The advance width of `glyph` in font units.
    func advance(of glyph: Int) -> Int {
        let index = min(max(glyph, 0), pairs - 1)
        return Int((try? table.uint16(at: 4 * index)) ?? 0)
    }

    /// The left side bearing of `glyph` in font units (0 where a short table has none).
    func leftSideBearing(of glyph: Int) -> Int {
        let offset = glyph < pairs ? 4 * glyph + 2 : 4 * pairs + 2 * (glyph - pairs)
        return Int((try? table.int16(at: offset)) ?? 0)
    }
}
