#if !hasFeature(Embedded)
import Foundation
#endif

/// What the page organiser decides (the browser's grid of thumbnails, docs/editor-web.md):
/// which pages a click selects, where a dragged selection lands, the commands an action on
/// the selection becomes, and how a move of several pages is done as single-page moves.
public enum PageOrganizer {
    /// How a click on a thumbnail changes the selection.
    public enum SelectionMode: String, CaseIterable, Sendable {
        /// The clicked page alone.
        case replace
        /// The clicked page added or taken away (ctrl or cmd).
        case toggle
        /// Every page from the anchor (the last page clicked) to the clicked one (shift).
        case range
    }

    /// The selection after a click on `page`, and the new anchor. Pages come back sorted.
    public static func select(_ page: Int, mode: SelectionMode, selection: [Int], anchor: Int?,
                              pageCount: Int) -> (selection: [Int], anchor: Int?) {
        guard page >= 0, page < pageCount else { return (selection.filter { $0 >= 0 && $0 < pageCount }.sorted(), anchor) }
        switch mode {
        case .replace:
            return ([page], page)
        case .toggle:
            var chosen = Set(selection.filter { $0 >= 0 && $0 < pageCount })
            if chosen.contains(page) { chosen.remove(page) } else { chosen.insert(page) }
            return (chosen.sorted(), page)
        case .range:
            guard let anchor, anchor >= 0, anchor < pageCount else { return ([page], page) }
            return (Array(min(anchor, page)...max(anchor, page)), anchor)
        }
    }

    /// The gap a dragged page would be dropped in (0 = before the first page, `frames.count`
    /// = after the last), for a pointer at `point` over thumbnails at `frames` (view
    /// coordinates, one per page in order). The nearest thumbnail decides: before or after
    /// its middle, across (a grid: it shares its row with another) or down (a column).
    public static func dropSlot(at point: CGPoint, frames: [CGRect]) -> Int {
        guard !frames.isEmpty else { return 0 }
        func distance(_ rect: CGRect) -> CGFloat {
            let dx = max(rect.minX - point.x, 0, point.x - rect.maxX)
            let dy = max(rect.minY - point.y, 0, point.y - rect.maxY)
            return dx * dx + dy * dy
        }
        var nearest = 0
        for index in frames.indices where distance(frames[index]) < distance(frames[nearest]) { nearest = index }
        let frame = frames[nearest]
        let inRow = frames.indices.contains { other in
            other != nearest && frames[other].minY < frame.maxY && frames[other].maxY > frame.minY
        }
        let after = inRow ? point.x > frame.midX : point.y > frame.midY
        return after ? nearest + 1 : nearest
    }

    /// The command that moves `pages` to the gap `slot`, or nil when they would stay in
    /// place. The moved pages keep their order and end up together.
    public static func moveCommand(pages: [Int], slot: Int, pageCount: Int) -> EditorCommand? {
        let sorted = Array(Set(pages.filter { $0 >= 0 && $0 < pageCount })).sorted()
        guard !sorted.isEmpty, slot >= 0, slot <= pageCount else { return nil }
        let to = slot - sorted.filter { $0 < slot }.count
        let together = sorted.last! - sorted.first! == sorted.count - 1
        if together && to == sorted.first! { return nil }
        return .movePages(pages: sorted, to: to)
    }

    /// The page order after moving `pages` (in their order) so the first is at `to`: for each
    /// new position, the page that was there before.
    public static func order(moving pages: [Int], to: Int, pageCount: Int) -> [Int] {
        let moved = Set(pages)
        var others = (0..<pageCount).filter { !moved.contains($0) }
        others.insert(contentsOf: pages.sorted(), at: max(0, min(to, others.count)))
        return others
    }

    /// Single-page moves (`from`, `to`, each in the order as it is when that move runs) that
    /// put `pages` together, in their order, with the first at `to`.
    public static func moves(pages: [Int], to: Int, pageCount: Int) -> [(from: Int, to: Int)] {
        if let direct = directMoves(pages: pages, to: to, pageCount: pageCount) { return direct }
        // Not reached for a valid selection (the tests try every small case); kept so that a
        // wrong order is never applied: every moved page to the end, then into place.
        let sorted = pages.sorted()
        var current = Array(0..<pageCount)
        var result: [(from: Int, to: Int)] = []
        for page in sorted {
            guard let from = current.firstIndex(of: page) else { continue }
            current.remove(at: from)
            current.append(page)
            if from != pageCount - 1 { result.append((from, pageCount - 1)) }
        }
        for offset in sorted.indices where pageCount - sorted.count + offset != to + offset {
            result.append((pageCount - sorted.count + offset, to + offset))
        }
        return result
    }

    /// Moves of the moved pages only, each at most once: pages bound later first, the
    /// latest-bound first, then pages bound earlier, the earliest-bound first, so that no
    /// move shifts a page already placed. Nil when the result would not be the order wanted.
    static func directMoves(pages: [Int], to: Int, pageCount: Int) -> [(from: Int, to: Int)]? {
        let sorted = pages.sorted()
        var current = Array(0..<pageCount)
        let final = order(moving: sorted, to: to, pageCount: pageCount)
        var target: [Int: Int] = [:]
        for (position, page) in final.enumerated() { target[page] = position }
        let later = sorted.filter { $0 < (target[$0] ?? 0) }.reversed()
        let earlier = sorted.filter { $0 > (target[$0] ?? 0) }
        var result: [(from: Int, to: Int)] = []
        for page in Array(later) + earlier {
            guard let from = current.firstIndex(of: page), let destination = target[page], from != destination else { continue }
            current.remove(at: from)
            current.insert(page, at: destination)
            result.append((from, destination))
        }
        return current == final ? result : nil
    }

    /// The selection after a command on `selection`: where the pages (or their copies) are
    /// afterwards, or nil when it does not follow them (a removal).
    public static func selection(after command: EditorCommand) -> [Int]? {
        switch command {
        case .movePages(let pages, let to): return Array(to..<(to + pages.count))
        case .duplicatePages(let pages, let to): return Array(to..<(to + pages.count))
        case .rotatePages(let pages, _): return pages.sorted()
        case .insertPages(let index, _, let pages): return pages.map { Array(index..<(index + $0.count)) }
        default: return nil
        }
    }
}
