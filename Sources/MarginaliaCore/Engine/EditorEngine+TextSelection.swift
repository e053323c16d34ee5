#if !hasFeature(Embedded)
import Foundation
#endif

extension EditorEngine {
    /// How far (view points) a finger may wander during a long press: more than a mouse's
    /// drag threshold, a finger is never quite still.
    public static let longPressSlop: CGFloat = 10

    /// Whether a press on the page's text at a view point starts a text selection (the
    /// platform's own: the browser selects the text layer's words) instead of going to the
    /// tool: the Select tool, a mouse's press without shift, on a page, where no annotation, no
    /// handle of the selection and no link lies (those keep their tap, drag and follow). The
    /// caller knows the press is on a word; the engine decides the rest.
    public func pressSelectsText(atView location: CGPoint, kind: PointerEvent.Kind, shift: Bool) -> Bool {
        tool == .select && kind == .mouse && !shift && pressIsOnText(atView: location)
    }

    /// Whether a finger held still on the page's text at a view point (a long press) starts a
    /// text selection at the word there: the Select tool, the pointer `id` a live touch the
    /// engine let navigate alone (not a palm: no pen was down or used in the last second when
    /// it landed, none came down since) that has moved less than ``longPressSlop`` view points, and no
    /// annotation, selection handle or link there. When it does, the touch does nothing more
    /// (its moves no longer pan: the browser's selection has it).
    public func longPressSelectsText(pointerID id: Int, atView location: CGPoint) -> Bool {
        guard tool == .select, interactions[id] == nil, pressIsOnText(atView: location) else { return false }
        return router.takeStillTouch(id, within: Self.longPressSlop)
    }

    /// Whether nothing the Select tool takes lies at a view point on a page: no annotation, no
    /// handle of the selection, no link.
    private func pressIsOnText(atView location: CGPoint) -> Bool {
        guard let (page, point) = viewport.convertToPage(location) else { return false }
        if selectionHandle(at: location, onPage: page) != nil || hitTest(atView: location, onPage: page) != nil { return false }
        return !links.contains { $0.pageIndex == page && $0.rect.contains(point) }
    }
}
