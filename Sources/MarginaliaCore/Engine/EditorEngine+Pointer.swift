#if !hasFeature(Embedded)
import Foundation
#endif

// Pointer events: the router decides who uses the tool and who navigates; tool pointers go
// to the current tool (or to the eraser for a pen's eraser end).

extension EditorEngine {
    /// Handles one pointer event (view space): navigation moves the ``viewport``; tool
    /// pointers drive the current tool. Returns what the UI must do.
    ///
    /// Events out of order, unknown pointers, repeated ends and NaN coordinates change
    /// nothing. A second finger during a one-finger interaction cancels it without a trace.
    public func handle(_ event: PointerEvent) -> [EngineOutput] {
        var outputs: [EngineOutput] = []
        for action in router.handle(event) {
            switch action {
            case .began(let id, _, let sample):
                outputs += began(id, sample: sample, event: event)
            case .moved(let id, let samples, let predicted):
                outputs += moved(id, samples: samples, predicted: predicted)
            case .ended(let id):
                outputs += ended(id, sample: event.sample)
            case .cancelled(let id):
                cancel(id)
            case .pan(let dx, let dy):
                guard pinching == nil else { continue }  // the fingers resize the image, the page stays
                viewport.scroll(by: CGPoint(x: -dx, y: -dy))
                if !outputs.contains(.viewChanged) { outputs.append(.viewChanged) }
            case .pinch(let scale, let center):
                if pinchResize(by: scale, at: center) { continue }
                viewport.zoom(to: viewport.zoom * scale, anchor: center)
                if !outputs.contains(.viewChanged) { outputs.append(.viewChanged) }
            case .swipe(let dx):
                if viewport.turnPage(swipedBy: dx), !outputs.contains(.viewChanged) { outputs.append(.viewChanged) }
            }
        }
        if event.kind == .touch, event.phase == .ended || event.phase == .cancelled {
            outputs += endPinchResize(cancelled: event.phase == .cancelled)
        }
        return outputs
    }

    // MARK: - Began

    private func began(_ id: Int, sample: PointerSample, event: PointerEvent) -> [EngineOutput] {
        livePointer = id
        if event.kind == .pen, event.isEraserEnd || event.barrelButton {
            let gesture: StylusGesture = event.isEraserEnd ? .penEraserEnd : .penBarrelButton
            let action = preferences.gestures.action(for: gesture)
            if action == .eraserTool || action == .toggleEraser {
                return beginErasing(id, at: sample.location)  // erases while held; the tool stays
            }
            interactions[id] = .inert
            return perform(action)
        }
        // A stroke may begin beside a page (within strokeReach): it goes onto the nearest page.
        let start = tool == .draw ? viewport.convertToPage(sample.location, within: Self.strokeReach)
                                  : viewport.convertToPage(sample.location)
        guard let (page, point) = start else {
            router.declined(pointerID: id)
            return tool == .select ? clearSelectionReporting() : []
        }
        switch tool {
        case .draw:
            var builder = StrokeBuilder(width: preferences.currentPreset.width)
            builder.append([StrokeSample(point: point, pressure: sample.pressure, time: sample.timestamp)])
            interactions[id] = .draw(DrawState(pageIndex: page, builder: builder, preset: preferences.currentPreset,
                                               anchor: sample.location, lastMove: sample.timestamp))
            return []
        case .erase:
            return beginErasing(id, at: sample.location)
        case .form where !widgets.contains(where: { $0.pageIndex == page && $0.rect.contains(point) }):
            // Off the fields the Form tool takes nothing: a finger scrolls the page.
            router.declined(pointerID: id)
            return []
        case .shape, .text, .image, .note, .form, .highlight, .redact:
            interactions[id] = .place(tool, pageIndex: page, start: point, current: point,
                                      startView: sample.location, currentView: sample.location)
            return []
        case .select:
            let handle = selectionHandle(at: sample.location, onPage: page)
            let hit = hitTest(atView: sample.location, onPage: page)?.id
            if hit == nil, handle == nil, let link = links.last(where: { $0.pageIndex == page && $0.rect.contains(point) }) {
                // Annotations lie above links, as in every viewer; a link under nothing else is followed on a tap.
                interactions[id] = .link(id: link.id, startView: sample.location, currentView: sample.location)
                return []
            }
            if event.kind == .touch, hit == nil, handle == nil {
                // A finger on empty space scrolls the page rather than drawing a lasso.
                router.declined(pointerID: id)
                return clearSelectionReporting()
            }
            interactions[id] = .select(.pending(pageIndex: page, start: point, startView: sample.location, hit: hit,
                                                handle: handle, additive: event.shiftKey, kind: event.kind))
            return []
        }
    }

    /// The topmost annotation the editor edits under a page point (within a few view points).
    public func hitTest(_ point: CGPoint, onPage page: Int) -> Annotation? {
        hitTest(atView: viewport.convert(point, fromPage: page), onPage: page)
    }

    /// The topmost annotation the editor edits under a view point on page `page`: NoZoom
    /// annotations (notes, stamps that keep their screen size) by the box they are drawn in
    /// on screen, checked first since they float above the page in every viewer; the others
    /// by their outline in page space, within ``tapTolerance`` view points.
    public func hitTest(atView location: CGPoint, onPage page: Int) -> Annotation? {
        guard indexes.indices.contains(page), location.x.isFinite, location.y.isFinite else { return nil }
        let slack = Self.tapTolerance / 2
        let floating = indexes[page].annotations.reversed().first { annotation in
            guard annotation.keepsScreenSize, !annotation.isHidden else { return false }
            return viewRect(of: annotation).insetBy(dx: -slack, dy: -slack).contains(location)
        }
        if let floating { return floating }
        let point = viewport.convert(location, toPage: page)
        let tolerance = Self.tapTolerance / max(viewport.zoom, 0.01)
        return indexes[page].annotations(at: point, tolerance: tolerance).first { $0.isEditable && !$0.keepsScreenSize }
    }

    /// Where an annotation is drawn in view space: a NoZoom one at its fixed screen size, any
    /// other its rect through the view transform; `.null` when it is on no page.
    public func viewRect(of annotation: Annotation) -> CGRect {
        let page = annotation.page
        guard viewport.pages.indices.contains(page) else { return .null }
        if annotation.keepsScreenSize {
            return viewport.screenSize(forNoZoomAnnotation: annotation.rect, onPage: page,
                                       noRotate: annotation.flags.contains(.noRotate))
        }
        let a = viewport.convert(CGPoint(x: annotation.rect.minX, y: annotation.rect.minY), fromPage: page)
        let b = viewport.convert(CGPoint(x: annotation.rect.maxX, y: annotation.rect.maxY), fromPage: page)
        return AnnotationDraft.rect(a, b)
    }

    /// How a viewer draws an annotation that keeps its screen size (``Annotation/keepsScreenSize``):
    /// the transform from its page-space drawing to its page's frame (origin at the frame's
    /// top-left, as ``Viewport/pageToFrame(_:)``), which puts it in ``viewRect(of:)`` at one
    /// view point per page point. Nil for any other annotation: it is drawn with the page.
    public func screenPlacement(of annotation: Annotation) -> AffineTransform? {
        let page = annotation.page
        guard annotation.keepsScreenSize, viewport.pages.indices.contains(page),
              let placement = viewport.noZoomPlacement(forRect: annotation.rect, onPage: page,
                                                       noRotate: annotation.flags.contains(.noRotate)) else { return nil }
        let origin = viewport.frame(ofPage: page).origin
        return placement.appending(.translation(x: -origin.x, y: -origin.y))
    }

    /// The annotations of page `page` that keep their screen size and are not hidden, topmost
    /// last, each with ``screenPlacement(of:)``.
    public func screenPlacements(onPage page: Int) -> [(annotation: Annotation, placement: AffineTransform)] {
        guard indexes.indices.contains(page) else { return [] }
        return indexes[page].annotations.compactMap { annotation in
            annotation.isHidden ? nil : screenPlacement(of: annotation).map { (annotation, $0) }
        }
    }

    // MARK: - Moved

    private func moved(_ id: Int, samples: [PointerSample], predicted: [PointerSample]) -> [EngineOutput] {
        // Taken out while it changes, so its samples are not copied at every event.
        guard let last = samples.last, let interaction = interactions.removeValue(forKey: id) else { return [] }
        var outputs: [EngineOutput] = []
        switch consume interaction {
        case .draw(var draw):
            func convert(_ s: PointerSample) -> StrokeSample {
                StrokeSample(point: viewport.convert(s.location, toPage: draw.pageIndex), pressure: s.pressure, time: s.timestamp)
            }
            let before = draw.builder.samples.count
            draw.builder.append(samples.map(convert), predicted: predicted.map(convert))
            if !draw.followsPressure {
                let all = draw.builder.samples
                draw.followsPressure = StrokePreview.followsPressure(draw.preset, first: all.first, next: all[max(0, before - 1)...])
            }
            for sample in samples where hypot(sample.location.x - draw.anchor.x, sample.location.y - draw.anchor.y) > Self.holdSlop {
                draw.anchor = sample.location
                draw.lastMove = sample.timestamp
            }
            interactions[id] = .draw(draw)
        case .erase(var erase):
            for sample in samples { erase = sweep(erase, to: viewport.convert(sample.location, toPage: erase.pageIndex)) }
            interactions[id] = .erase(erase)
        case .place(let tool, let page, let start, _, let startView, _):
            interactions[id] = .place(tool, pageIndex: page, start: start, current: viewport.convert(last.location, toPage: page),
                                      startView: startView, currentView: last.location)
        case .select(var gesture):
            for sample in samples {
                let (next, refusal) = selectMoved(gesture, to: sample.location)
                if let refusal {
                    interactions[id] = .inert
                    return [.refused(refusal)]
                }
                if case .pending = gesture, case .moving = next { outputs.append(.selectionChanged) }
                gesture = next
            }
            interactions[id] = .select(gesture)
        case .link(let link, let startView, _):
            interactions[id] = .link(id: link, startView: startView, currentView: last.location)
        case .inert:
            interactions[id] = .inert
        }
        return outputs
    }

    // MARK: - Ended

    private func ended(_ id: Int, sample: PointerSample) -> [EngineOutput] {
        guard let interaction = interactions.removeValue(forKey: id) else { return [] }
        switch interaction {
        case .draw(let draw):
            guard !draw.builder.isEmpty else { return [] }
            let settings = preferences.shapeRecognition
            let held = settings.recognizeOnHold && sample.timestamp - draw.lastMove >= Self.holdDuration
            return [.command(.stroke(EditorCommand.Stroke(
                pageIndex: draw.pageIndex, samples: draw.builder.samples, ink: draw.preset,
                zoom: Double(viewport.zoom), recognizeShape: settings.recognizeEveryStroke || held)))]
        case .erase(let erase):
            guard !erase.removed.isEmpty || !erase.cut.isEmpty else { return [] }
            return [.command(.erase(EditorCommand.Erase(pageIndex: erase.pageIndex, mode: erase.mode, size: erase.size,
                                                        points: erase.points)))]
        case .place(let tool, let page, let start, let end, let startView, let endView):
            let isTap = hypot(endView.x - startView.x, endView.y - startView.y) < Self.dragThreshold
            return endPlacing(tool, pageIndex: page, from: start, to: end, isTap: isTap)
        case .select(let gesture):
            // Where the button is let go ends the band, the lasso or the drag (a release may
            // come without a move to it); a refusal there was already reported.
            return endSelect(selectMoved(gesture, to: sample.location).0)
        case .link(let link, let startView, let endView):
            let isTap = hypot(endView.x - startView.x, endView.y - startView.y) < Self.dragThreshold
            return isTap ? [.followLink(id: link)] : []
        case .inert:
            return []
        }
    }

    func cancel(_ id: Int) {
        interactions[id] = nil
        if livePointer == id { livePointer = nil }
    }

    // MARK: - Erasing

    /// Starts erasing, and erases what the eraser touches where it comes down (a tap erases).
    private func beginErasing(_ id: Int, at location: CGPoint) -> [EngineOutput] {
        guard let (page, point) = viewport.convertToPage(location) else { return [] }
        let settings = preferences.eraser
        // The eraser's size is on screen: the same circle whatever the zoom.
        let size = settings.size / Double(max(viewport.zoom, 0.01))
        let erase = EraseState(pageIndex: page, mode: settings.mode, size: size, points: [])
        interactions[id] = .erase(sweep(erase, to: point))
        return []
    }

    /// One step of the sweep, decided on the page as the sweep has left it (the server
    /// replays the same steps on the document).
    func sweep(_ state: EraseState, to point: CGPoint) -> EraseState {
        var erase = state
        let from = erase.points.last ?? point
        erase.points.append(point)
        guard indexes.indices.contains(erase.pageIndex) else { return erase }
        let index = indexes[erase.pageIndex]
        let effects = EraserSweep.effects(from: from, to: point, mode: erase.mode, size: erase.size, in: index) { id in
            if let changed = erase.working[id] { return changed }  // nil: removed already
            return index.annotation(id: id)
        }
        for effect in effects {
            let current = erase.working[effect.id] ?? index.annotation(id: effect.id)
            guard let current else { continue }
            let after = EraserSweep.applying(effect, to: current)
            erase.working[effect.id] = .some(after)
            if after == nil {
                if !erase.removed.contains(effect.id) { erase.removed.append(effect.id) }
                erase.cut.removeAll { $0 == effect.id }
            } else if !erase.cut.contains(effect.id) {
                erase.cut.append(effect.id)
            }
        }
        return erase
    }
}
