#if !hasFeature(Embedded)
import Foundation
#endif

// Which pages a layout shows side by side. The two-up layout groups pages in spreads, as a
// book does; every other layout shows each page on its own row (or alone).

extension Viewport.Layout {
    /// The pages shown side by side with page `index`: its spread in a two-up layout (with a
    /// cover page: page 1 alone, then pages 2-3, 4-5...; without: 1-2, 3-4...; indices are
    /// 0-based), else the
    /// page alone. An index outside `0..<pageCount` is clamped; no pages give an empty range.
    public func spread(containing index: Int, pageCount: Int) -> Range<Int> {
        guard pageCount > 0 else { return 0..<0 }
        let index = min(max(index, 0), pageCount - 1)
        guard case .twoUp(let coverPage) = self else { return index..<index + 1 }
        if coverPage && index == 0 { return 0..<1 }
        let start = coverPage ? index - (index - 1) % 2 : index - index % 2
        return start..<min(start + 2, pageCount)
    }

    /// The rows of pages from first to last: each spread (``spread(containing:pageCount:)``)
    /// in order, so every page is in exactly one row.
    public func spreads(pageCount: Int) -> [Range<Int>] {
        var rows: [Range<Int>] = []
        var start = 0
        while start < pageCount {
            let row = spread(containing: start, pageCount: pageCount)
            rows.append(row)
            start = row.upperBound
        }
        return rows
    }
}
