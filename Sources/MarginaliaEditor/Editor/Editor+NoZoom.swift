import Foundation
import Marginalia

// Annotations flagged NoZoom (notes, and stamps that keep their size on screen, as seed 003
// asks) are drawn at their size in points whatever the zoom (Viewport+NoZoom.swift). What
// the user sees is what a tap hits: such an annotation is hit inside its on-screen box, not
// inside its /Rect scaled by the zoom.

extension Editor {
    /// Where `annotation` is drawn in view space: a NoZoom annotation at its fixed screen size
    /// (``Viewport/screenSize(forNoZoomAnnotation:onPage:noRotate:)``), any other its `/Rect`
    /// through the view transform, as the engine decides (``EditorEngine/viewRect(of:)``).
    /// `.null` when it is on no page.
    public func viewRect(of annotation: PDFAnnotation) -> CGRect {
        guard let page = annotation.pageIndex, page >= 0, page < viewport.pages.count else { return .null }
        return engine.viewRect(of: annotation.annotation)
    }

    /// The topmost annotation of page `page` under the view point `location`, as the
    /// engine's hit test decides (``EditorEngine/hitTest(atView:onPage:)``).
    public func annotation(atView location: CGPoint, onPage page: Int) throws -> PDFAnnotation? {
        guard let hit = engine.hitTest(atView: location, onPage: page) else { return nil }
        return try session.document.annotation(id: hit.id, onPage: page)
    }
}
