#if !hasFeature(Embedded)
import Foundation
#endif

// The keyboard's way through a page's annotations with the Select tool (issue 15): which ones
// Tab reaches and in what order. The browser gives each a focusable element in this order; a
// focused one is selected, so the keys of the selection (Delete, arrows, Enter) act on it.

extension EditorEngine {
    /// The annotations of page `page` that Tab reaches with the Select tool, in reading order
    /// on screen (whatever the page's rotation): rows from the top, each from the left. A row
    /// is the annotations whose top lies above the middle of the row's first one. They are
    /// the annotations a tap can select: shown (not hidden, not a reply or a review state) and
    /// of a kind the editor edits; locked ones too (selected, never changed). Empty with
    /// another tool.
    public func keyboardOrder(onPage page: Int) -> [Annotation] {
        guard tool == .select, indexes.indices.contains(page) else { return [] }
        let shown = indexes[page].annotations.filter { !$0.isHidden && $0.isEditable }
        return readingOrder(shown.map { ($0, viewBox(of: shownRect(of: $0, onPage: page), onPage: page)) })
    }

    /// The form widgets in the order Tab goes through them with the Form tool: page by page,
    /// and on each page in reading order on screen, as ``keyboardOrder(onPage:)`` orders
    /// annotations.
    public var widgetOrder: [FieldWidget] {
        var byPage: [Int: [FieldWidget]] = [:]
        for widget in widgets { byPage[widget.pageIndex, default: []].append(widget) }
        return byPage.keys.sorted().flatMap { page in
            readingOrder(byPage[page]!.map { ($0, viewBox(of: $0.rect, onPage: page)) })
        }
    }

    /// `rect` on page `page` as a box in view points.
    private func viewBox(of rect: CGRect, onPage page: Int) -> CGRect {
        AnnotationDraft.rect(viewport.convert(CGPoint(x: rect.minX, y: rect.minY), fromPage: page),
                             viewport.convert(CGPoint(x: rect.maxX, y: rect.maxY), fromPage: page))
    }

    /// Items in reading order by their boxes on screen: top to bottom (ties in the given
    /// order); each row, a run of that whose tops lie above the middle of the row's first
    /// one, left to right.
    private func readingOrder<Item>(_ items: [(Item, CGRect)]) -> [Item] {
        let byTop = items.enumerated().sorted { a, b in
            a.element.1.minY != b.element.1.minY ? a.element.1.minY < b.element.1.minY : a.offset < b.offset
        }.map { $0.element }
        var order: [Item] = []
        order.reserveCapacity(byTop.count)
        var start = 0
        while start < byTop.count {
            let first = byTop[start].1
            var end = start + 1
            while end < byTop.count, byTop[end].1.minY < first.midY || byTop[end].1.minY == first.minY { end += 1 }
            order += byTop[start..<end].sorted { $0.1.minX < $1.1.minX }.map { $0.0 }
            start = end
        }
        return order
    }
}
