#if !hasFeature(Embedded)
import Foundation
#endif

extension EditorEngine {
    /// Whether a press on the page's text at a view point starts a text selection (the
    /// platform's own: the browser selects the text layer's words) instead of going to the
    /// tool: the Select tool, a mouse's press without shift, on a page, where no annotation, no
    /// handle of the selection and no link lies (those keep their tap, drag and follow). The
    /// caller knows the press is on a word; the engine decides the rest.
    public func pressSelectsText(atView location: CGPoint, kind: PointerEvent.Kind, shift: Bool) -> Bool {
        guard tool == .select, kind == .mouse, !shift, let (page, point) = viewport.convertToPage(location) else { return false }
        if selectionHandle(at: location, onPage: page) != nil || hitTest(atView: location, onPage: page) != nil { return false }
        return !links.contains { $0.pageIndex == page && $0.rect.contains(point) }
    }
}
