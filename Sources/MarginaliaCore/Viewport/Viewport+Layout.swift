#if !hasFeature(Embedded)
import Foundation
#endif

// Layout works in content coordinates: view points at the current zoom, origin at the
// content's top-left, before scroll and centring. Page sizes scale with zoom; the gap does
// not (it is a screen distance), so the content is not simply the zoom-1 layout scaled.

extension Viewport {
    /// Lays out pages of the given displayed sizes (zoom 1) and returns each page's frame in
    /// content coordinates and the content size.
    ///
    /// - continuous vertical: width = widest page + 2 gaps; pages stacked from y = gap, one
    ///   gap apart, each centred in the column; height = pages + (count + 1) gaps.
    /// - horizontal: the same with the axes swapped.
    /// - single page: the shown page at (gap, gap), content = page + 2 gaps; every other page
    ///   gets a frame at the same place with its own size (so conversions onto it still work)
    ///   but is never visible nor hit.
    /// - two-up: each spread (``Layout/spread(containing:pageCount:)``) is a row of its pages
    ///   one gap apart, each centred vertically in the row; rows are stacked like the pages
    ///   of the continuous vertical layout and centred in a column as wide as the widest row.
    static func layOut(sizes: [CGSize], layout: Layout, shownPage: Int?, gap: CGFloat,
                       zoom: CGFloat) -> (frames: [CGRect], content: CGSize) {
        guard !sizes.isEmpty else { return ([], .zero) }
        let scaled = sizes.map { CGSize(width: $0.width * zoom, height: $0.height * zoom) }
        switch layout {
        case .continuousVertical:
            let column = scaled.map({ $0.width }).max() ?? 0
            var y = gap
            var frames: [CGRect] = []
            frames.reserveCapacity(scaled.count)
            for size in scaled {
                frames.append(CGRect(x: gap + (column - size.width) / 2, y: y,
                                     width: size.width, height: size.height))
                y += size.height + gap
            }
            return (frames, CGSize(width: column + 2 * gap, height: y))
        case .horizontal:
            let row = scaled.map({ $0.height }).max() ?? 0
            var x = gap
            var frames: [CGRect] = []
            frames.reserveCapacity(scaled.count)
            for size in scaled {
                frames.append(CGRect(x: x, y: gap + (row - size.height) / 2,
                                     width: size.width, height: size.height))
                x += size.width + gap
            }
            return (frames, CGSize(width: x, height: row + 2 * gap))
        case .twoUp:
            let rows = layout.spreads(pageCount: scaled.count)
            func rowWidth(_ row: Range<Int>) -> CGFloat {
                row.reduce(0) { $0 + scaled[$1].width } + gap * CGFloat(row.count - 1)
            }
            let column = rows.map(rowWidth).max() ?? 0
            var y = gap
            var frames: [CGRect] = []
            frames.reserveCapacity(scaled.count)
            for row in rows {
                let height = row.map { scaled[$0].height }.max() ?? 0
                var x = gap + (column - rowWidth(row)) / 2
                for index in row {
                    let size = scaled[index]
                    frames.append(CGRect(x: x, y: y + (height - size.height) / 2, width: size.width, height: size.height))
                    x += size.width + gap
                }
                y += height + gap
            }
            return (frames, CGSize(width: column + 2 * gap, height: y))
        case .singlePage:
            let frames = scaled.map { CGRect(origin: CGPoint(x: gap, y: gap), size: $0) }
            let shown = scaled[shownPage ?? 0]
            return (frames, CGSize(width: shown.width + 2 * gap, height: shown.height + 2 * gap))
        }
    }

    /// The indices that can be shown and hit: every page, or only the single page shown.
    var showablePages: [Int] {
        if let shown = shownSinglePage { return [shown] }
        return Array(pages.indices)
    }

    /// The shown pages whose extent along the layout's main axis (y for continuous vertical
    /// and two-up, x for horizontal) meets the closed view-space interval `start...end`, in
    /// order.
    ///
    /// Continuous layouts place rows in order along the main axis (a row is a page, or a
    /// two-up spread), so a binary search over the rows' extents finds the first candidate
    /// and the scan stops at the first row starting after `end`: hit tests and visibility cost
    /// O(log n + k) on a 2,000-page document, not O(n). Within a spread pages of different
    /// heights end at different places, which is why the search uses the row's extent.
    func shownPages(alongMainAxisFrom start: CGFloat, to end: CGFloat) -> [Int] {
        if let shown = shownSinglePage { return [shown] }
        guard start.isFinite, end.isFinite, start <= end else { return [] }
        let vertical = layout != .horizontal
        let shift = vertical ? contentOffset.y - centringInset.y : contentOffset.x - centringInset.x
        let (low, high) = (start + shift, end + shift) // in content coordinates
        func minimum(_ frame: CGRect) -> CGFloat { vertical ? frame.minY : frame.minX }
        func maximum(_ frame: CGRect) -> CGFloat { vertical ? frame.maxY : frame.maxX }
        func rowEnd(_ index: Int) -> CGFloat {
            layout.spread(containing: index, pageCount: contentFrames.count).map { maximum(contentFrames[$0]) }.max() ?? 0
        }
        func rowStart(_ index: Int) -> CGFloat {
            layout.spread(containing: index, pageCount: contentFrames.count).map { minimum(contentFrames[$0]) }.min() ?? 0
        }
        // The first page whose row does not end before `low` (rows' ends are non-decreasing).
        var lower = 0, upper = contentFrames.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if rowEnd(middle) < low { lower = middle + 1 } else { upper = middle }
        }
        var result: [Int] = []
        var index = lower
        while index < contentFrames.count, rowStart(index) <= high {
            let frame = contentFrames[index]
            if minimum(frame) <= high, maximum(frame) >= low { result.append(index) }
            index += 1
        }
        return result
    }
}
