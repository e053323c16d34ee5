#if !hasFeature(Embedded)
import Foundation
#endif

// The Select tool: tap by outline (shift adds or takes away), lasso (pen and touch) and
// rubber band (mouse) on empty space, move the selection, resize one annotation by its
// corner handles; and what the UI's buttons and keys do to the selection. Locked and
// read-only annotations can be selected, never changed: a try is refused with a reason.

extension EditorEngine {
    /// The selected annotations as they are now.
    public var selectedAnnotations: [Annotation] {
        selection.compactMap { annotation(id: $0) }
    }

    /// Selects these annotations (those on the first one's page; unknown ids are left out).
    public func selectAnnotations(_ ids: [String]) {
        let known = ids.compactMap { annotation(id: $0) }
        guard let page = known.first?.page else {
            clearSelection()
            return
        }
        selection = known.filter { $0.pageIndex == page }.map { $0.id }
        selectionPage = page
    }

    public func clearSelection() {
        selection = []
        selectionPage = nil
    }

    func clearSelectionReporting() -> [EngineOutput] {
        guard !selection.isEmpty else { return [] }
        clearSelection()
        return [.selectionChanged]
    }

    /// Drops ids that no longer exist.
    func keepSelectionValid() {
        selection = selection.filter { annotation(id: $0)?.pageIndex == selectionPage }
        if selection.isEmpty { selectionPage = nil }
    }

    /// The selection's box in page space: the union of the drawn bounds, an annotation that
    /// keeps its screen size (a note, a NoZoom stamp) at its size on screen.
    public var selectionBounds: CGRect? {
        guard let page = selectionPage else { return nil }
        let box = selectedAnnotations.reduce(CGRect.null) { box, annotation in
            box.union(shownRect(of: annotation, onPage: page))
        }
        return box.isNull ? nil : box
    }

    /// Where an annotation shows on its page: its drawn bounds, or for one that keeps its
    /// screen size (NoZoom) the page-space box under ``viewRect(of:)``, anchored at the
    /// /Rect's top-left corner.
    func shownRect(of annotation: Annotation, onPage page: Int) -> CGRect {
        if annotation.keepsScreenSize {
            let view = viewRect(of: annotation)
            guard !view.isNull else { return annotation.rect }
            return viewport.viewToPage(page).transform(view)
        }
        return indexes.indices.contains(page) ? (indexes[page].drawnBounds(id: annotation.id) ?? annotation.rect) : annotation.rect
    }

    /// The resize handles (page space, 0 lower-left then anticlockwise): one annotation that
    /// can be resized (not a note, nor one that keeps its screen size) shows four.
    public var selectionHandles: [CGPoint] {
        guard selection.count == 1, let selected = selectedAnnotations.first, !isNote(selected),
              !selected.keepsScreenSize else { return [] }
        let r = selected.rect
        return [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
    }

    private func isNote(_ annotation: Annotation) -> Bool {
        if case .note = annotation.kind { return true }
        return false
    }

    /// The handle under a view point, if the selection is on `page`.
    func selectionHandle(at location: CGPoint, onPage page: Int) -> Int? {
        guard selectionPage == page else { return nil }
        return selectionHandles.indices.first { index in
            let view = viewport.convert(selectionHandles[index], fromPage: page)
            return hypot(view.x - location.x, view.y - location.y) <= Self.handleRadius
        }
    }

    // MARK: - Gestures

    /// The gesture after the pointer moved to `location`; a refusal when it would change an
    /// annotation that may not be changed.
    func selectMoved(_ gesture: SelectGesture, to location: CGPoint) -> (SelectGesture, CommandError?) {
        switch gesture {
        case .pending(let page, let start, let startView, let hit, let handle, let additive, let kind):
            guard hypot(location.x - startView.x, location.y - startView.y) >= Self.dragThreshold else { return (gesture, nil) }
            let point = viewport.convert(location, toPage: page)
            if let handle, let id = selection.first, let selected = annotation(id: id) {
                do throws(CommandError) {
                    try EditorCommand.permit(selected, "resized")
                } catch {
                    return (gesture, error)
                }
                return (.resizing(pageIndex: page, id: id, original: selected.rect, corner: handle, current: point), nil)
            }
            if let hit {
                if !selection.contains(hit) || selectionPage != page {
                    selection = additive && selectionPage == page ? selection + [hit] : [hit]
                    selectionPage = page
                }
                for selected in selectedAnnotations {
                    do throws(CommandError) {
                        try EditorCommand.permit(selected, "moved")
                    } catch {
                        return (gesture, error)
                    }
                }
                return (.moving(pageIndex: page, ids: selection, start: start, current: point), nil)
            }
            if !additive { clearSelection() }
            if kind == .mouse { return (.rubberBand(pageIndex: page, start: start, current: point, additive: additive), nil) }
            return (.lasso(pageIndex: page, points: [start, point], additive: additive), nil)
        case .moving(let page, let ids, let start, _):
            return (.moving(pageIndex: page, ids: ids, start: start, current: viewport.convert(location, toPage: page)), nil)
        case .resizing(let page, let id, let original, let corner, _):
            return (.resizing(pageIndex: page, id: id, original: original, corner: corner,
                              current: viewport.convert(location, toPage: page)), nil)
        case .lasso(let page, let points, let additive):
            return (.lasso(pageIndex: page, points: points + [viewport.convert(location, toPage: page)], additive: additive), nil)
        case .rubberBand(let page, let start, _, let additive):
            return (.rubberBand(pageIndex: page, start: start, current: viewport.convert(location, toPage: page), additive: additive), nil)
        }
    }

    /// The clamped offset of a move of `ids` from `start` to `current`.
    func moveOffset(_ ids: [String], onPage page: Int, from start: CGPoint, to current: CGPoint) -> (dx: CGFloat, dy: CGFloat) {
        let bounds = SelectionGeometry.bounds(of: ids.compactMap { annotation(id: $0) })
        return SelectionGeometry.clampedOffset(current.x - start.x, current.y - start.y, for: bounds, within: pageBounds(page))
    }

    /// The rect a resize by `corner` towards `point` ends at, or nil.
    func resizedRect(_ id: String, original: CGRect, corner: Int, to point: CGPoint, page: Int) -> CGRect? {
        guard let selected = annotation(id: id) else { return nil }
        let asked = SelectionGeometry.rect(dragging: corner, of: original, to: point, keepAspectRatio: selected.keepsAspectRatio)
        return SelectionGeometry.resizedRect(from: original, to: asked, keepAspectRatio: selected.keepsAspectRatio, within: pageBounds(page))
    }

    func selectPreview(_ gesture: SelectGesture) -> EnginePreview? {
        switch gesture {
        case .pending: return nil
        case .lasso(let page, let points, _): return .lasso(pageIndex: page, points: points)
        case .rubberBand(let page, let start, let current, _):
            return .rubberBand(pageIndex: page, rect: AnnotationDraft.rect(start, current))
        case .moving(let page, let ids, let start, let current):
            let offset = moveOffset(ids, onPage: page, from: start, to: current)
            return .transform(pageIndex: page, ids: ids, transform: .translation(x: offset.dx, y: offset.dy))
        case .resizing(let page, let id, let original, let corner, let current):
            guard let rect = resizedRect(id, original: original, corner: corner, to: current, page: page) else { return nil }
            return .transform(pageIndex: page, ids: [id], transform: SelectionGeometry.transform(from: original, to: rect))
        }
    }

    func endSelect(_ gesture: SelectGesture) -> [EngineOutput] {
        switch gesture {
        case .pending(let page, _, _, let hit, let handle, let additive, _):
            guard handle == nil else { return [] }
            guard let hit else { return clearSelectionReporting() }
            if additive && selectionPage == page {
                if selection.contains(hit) { selection.removeAll { $0 == hit } } else { selection.append(hit) }
                if selection.isEmpty { selectionPage = nil }
            } else {
                selection = [hit]
                selectionPage = page
            }
            return [.selectionChanged]
        case .moving(let page, let ids, let start, let current):
            let offset = moveOffset(ids, onPage: page, from: start, to: current)
            guard offset.dx != 0 || offset.dy != 0 else { return [] }
            return [.command(.move(ids: ids, dx: Double(offset.dx), dy: Double(offset.dy)))]
        case .resizing(let page, let id, let original, let corner, let current):
            guard let rect = resizedRect(id, original: original, corner: corner, to: current, page: page), rect != original else { return [] }
            return [.command(.resize(id: id, rect: rect))]
        case .lasso(let page, let points, let additive):
            let inside = indexes.indices.contains(page) ? indexes[page].annotations(inLasso: points).filter { $0.isEditable } : []
            return choose(inside.map { $0.id }, onPage: page, additive: additive)
        case .rubberBand(let page, let start, let current, let additive):
            let rect = AnnotationDraft.rect(start, current)
            let inside = indexes.indices.contains(page) ? indexes[page].annotations(inside: rect).filter { $0.isEditable } : []
            return choose(inside.map { $0.id }, onPage: page, additive: additive)
        }
    }

    private func choose(_ ids: [String], onPage page: Int, additive: Bool) -> [EngineOutput] {
        let base = additive && selectionPage == page ? selection : []
        selection = base + ids.filter { !base.contains($0) }
        selectionPage = selection.isEmpty ? nil : page
        return [.selectionChanged]
    }

    // MARK: - Buttons and keys

    /// Deletes the selection (one command), or refuses when any of it is locked or read-only.
    public func deleteSelection() -> [EngineOutput] {
        changeSelection("deleted") { .remove(ids: $0) }
    }

    /// Restyles the selection: colour, width, opacity, fill, font size, bold (one command).
    public func restyleSelection(_ style: EditorCommand.Restyle) -> [EngineOutput] {
        guard !style.isEmpty else { return [] }
        return changeSelection("restyled") { .restyle(ids: $0, style: style) }
    }

    /// Moves the selection (arrow keys) by `dx`, `dy` points along the screen's axes (right
    /// and down), whatever the page's rotation; kept on its page.
    public func nudgeSelection(dx: CGFloat, dy: CGFloat) -> [EngineOutput] {
        guard let page = selectionPage else { return [] }
        let zoom = max(viewport.zoom, 0.01)
        let origin = viewport.convert(.zero, toPage: page)
        let moved = viewport.convert(CGPoint(x: dx * zoom, y: dy * zoom), toPage: page)
        let offset = SelectionGeometry.clampedOffset(moved.x - origin.x, moved.y - origin.y,
                                                     for: SelectionGeometry.bounds(of: selectedAnnotations), within: pageBounds(page))
        guard offset.dx != 0 || offset.dy != 0 else { return [] }
        return changeSelection("moved") { .move(ids: $0, dx: Double(offset.dx), dy: Double(offset.dy)) }
    }

    func changeSelection(_ action: String, _ command: ([String]) -> EditorCommand) -> [EngineOutput] {
        let selected = selectedAnnotations
        guard !selected.isEmpty else { return [] }
        for annotation in selected {
            do throws(CommandError) {
                try EditorCommand.permit(annotation, action)
            } catch {
                return [.refused(error)]
            }
        }
        return [.command(command(selected.map { $0.id }))]
    }
}
