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
    public func keyboardOrder(onPage page: Int) -> [AnnotationGeometry] {
        guard tool == .select, indexes.indices.contains(page) else { return [] }
        let shown = indexes[page].annotations.filter { !$0.isHidden && $0.isEditable }.map { annotation in
            let rect = shownRect(of: annotation, onPage: page)
            let box = AnnotationDraft.rect(viewport.convert(CGPoint(x: rect.minX, y: rect.minY), fromPage: page),
                                           viewport.convert(CGPoint(x: rect.maxX, y: rect.maxY), fromPage: page))
            return (annotation: annotation, box: box)
        }
        // Top to bottom (ties in the page's order); each row, a run of that, left to right.
        let byTop = shown.enumerated().sorted { a, b in
            a.element.box.minY != b.element.box.minY ? a.element.box.minY < b.element.box.minY : a.offset < b.offset
        }.map { $0.element }
        var order: [AnnotationGeometry] = []
        order.reserveCapacity(byTop.count)
        var start = 0
        while start < byTop.count {
            let first = byTop[start].box
            var end = start + 1
            while end < byTop.count, byTop[end].box.minY < first.midY || byTop[end].box.minY == first.minY { end += 1 }
            order += byTop[start..<end].sorted { $0.box.minX < $1.box.minX }.map { $0.annotation }
            start = end
        }
        return order
    }
}
