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

    /// The shown pages whose extent along the layout's main axis (y for continuous vertical,
    /// x for horizontal) meets the closed view-space interval `start...end`, in order.
    ///
    /// Continuous layouts place frames in order along the main axis, so a binary search finds
    /// the first candidate and the scan stops at the first frame starting after `end`: hit
    /// tests and visibility cost O(log n + k) on a 2,000-page document, not O(n).
    func shownPages(alongMainAxisFrom start: CGFloat, to end: CGFloat) -> [Int] {
        if let shown = shownSinglePage { return [shown] }
        guard start.isFinite, end.isFinite, start <= end else { return [] }
        let vertical = layout == .continuousVertical
        let shift = vertical ? contentOffset.y - centringInset.y : contentOffset.x - centringInset.x
        let (low, high) = (start + shift, end + shift) // in content coordinates
        func minimum(_ frame: CGRect) -> CGFloat { vertical ? frame.minY : frame.minX }
        func maximum(_ frame: CGRect) -> CGFloat { vertical ? frame.maxY : frame.maxX }
        // The first frame that does not end before `low` (ends are non-decreasing).
        var lower = 0, upper = contentFrames.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if maximum(contentFrames[middle]) < low { lower = middle + 1 } else { upper = middle }
        }
        var result: [Int] = []
        var index = lower
        while index < contentFrames.count, minimum(contentFrames[index]) <= high {
            result.append(index)
            index += 1
        }
        return result
    }
}
