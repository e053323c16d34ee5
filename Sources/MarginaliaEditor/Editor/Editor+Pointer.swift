import Foundation
import Marginalia

// Pointer events: the router decides who draws and who navigates; drawing pointers go to
// the current tool (or to the eraser for a pen's eraser end).

extension Editor {
    /// Handles one pointer event: navigation moves the viewport; drawing pointers drive the
    /// current tool. Returns the operations this event applied (each one undo step).
    ///
    /// Events out of order, unknown pointers, repeated ends and NaN coordinates change
    /// nothing. A second finger during a one-finger stroke cancels it without a trace.
    @discardableResult
    public func handle(_ event: PointerEvent) throws -> [EditorOperation] {
        var applied: [EditorOperation] = []
        for action in router.handle(event) {
            switch action {
            case .began(let id, _, let sample):
                try began(id, sample: sample, event: event)
            case .moved(let id, let samples, let predicted):
                try moved(id, samples: samples, predicted: predicted)
            case .ended(let id):
                applied += try ended(id, sample: event.sample)
            case .cancelled(let id):
                cancel(id)
            case .pan(let dx, let dy):
                viewport.scroll(by: CGPoint(x: -dx, y: -dy))
            case .pinch(let scale, let center):
                viewport.zoom(to: viewport.zoom * scale, anchor: center)
            }
        }
        return applied
    }

    /// Abandons every interaction in progress without a trace.
    func cancelInteractions() {
        for id in Array(interactions.keys) { cancel(id) }
    }

    // MARK: - Began

    private func began(_ id: Int, sample: PointerSample, event: PointerEvent) throws {
        livePointer = id
        if event.kind == .pen, event.isEraserEnd || event.barrelButton {
            let gesture: StylusGesture = event.isEraserEnd ? .penEraserEnd : .penBarrelButton
            let action = preferences.gestures.action(for: gesture)
            if action == .eraserTool || action == .toggleEraser {
                try beginErasing(id, at: sample.location)  // erases while held; the tool stays
            } else {
                try perform(action)
                interactions[id] = .gestureOnly
            }
            return
        }
        switch tool {
        case .draw:
            var draw = DrawTool(preset: preferences.currentPreset)
            guard draw.begin(sample, viewport: viewport) else { return }
            interactions[id] = .draw(draw, anchor: sample.location, lastMove: sample.timestamp)
        case .erase:
            try beginErasing(id, at: sample.location)
        case .shape, .text, .image, .note, .form:
            guard let (page, point) = viewport.convertToPage(sample.location) else { return }
            interactions[id] = .drag(tool, pageIndex: page, start: point, current: point,
                                     startView: sample.location, currentView: sample.location)
        case .select:
            guard let (page, point) = viewport.convertToPage(sample.location) else {
                selection = []
                return
            }
            let handle = selectionHandle(at: sample.location, onPage: page)
            let hit = try annotation(atView: sample.location, onPage: page)
            interactions[id] = .select(.pending(pageIndex: page, start: point, startView: sample.location, hit: hit, handle: handle))
        }
    }

    /// Starts erasing, and erases what the eraser touches where it comes down (a tap erases).
    private func beginErasing(_ id: Int, at location: CGPoint) throws {
        guard let (page, point) = viewport.convertToPage(location) else { return }
        let settings = preferences.eraser
        let eraser = Eraser(mode: settings.mode, size: settings.size)
        var applied: [EditorOperation] = []
        if let step = try eraser.erase(from: point, to: point, onPage: page, in: session.document) {
            applied.append(try step.apply(to: session.document))
        }
        interactions[id] = .erase(eraser, pageIndex: page, last: point, applied: applied)
    }

    /// The corner (0 lower-left, anticlockwise) of the single selected annotation under a
    /// view point, if any.
    private func selectionHandle(at location: CGPoint, onPage page: Int) -> Int? {
        guard selection.count == 1, let selected = selection.first, selected.pageIndex == page else { return nil }
        let r = selected.rect
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
        return corners.indices.first { index in
            let view = viewport.convert(corners[index], fromPage: page)
            return hypot(view.x - location.x, view.y - location.y) <= Self.handleRadius
        }
    }

    // MARK: - Moved

    private func moved(_ id: Int, samples: [PointerSample], predicted: [PointerSample]) throws {
        // Taken out while it changes, so its stroke's samples are not copied at every event.
        guard let last = samples.last, let interaction = interactions.removeValue(forKey: id) else { return }
        switch interaction {
        case .draw(var draw, var anchor, var lastMove):
            draw.move(samples, predicted: predicted, viewport: viewport)
            for sample in samples where hypot(sample.location.x - anchor.x, sample.location.y - anchor.y) > Self.holdSlop {
                anchor = sample.location
                lastMove = sample.timestamp
            }
            interactions[id] = .draw(draw, anchor: anchor, lastMove: lastMove)
        case .erase(let eraser, let page, var previous, var applied):
            do {
                for sample in samples {
                    let point = viewport.convert(sample.location, toPage: page)
                    if let step = try eraser.erase(from: previous, to: point, onPage: page, in: session.document) {
                        applied.append(try step.apply(to: session.document))
                    }
                    previous = point
                }
            } catch {
                for step in applied.reversed() { _ = try? step.inverse.apply(to: session.document) }
                throw error
            }
            interactions[id] = .erase(eraser, pageIndex: page, last: previous, applied: applied)
        case .drag(let tool, let page, let start, _, let startView, _):
            let point = viewport.convert(last.location, toPage: page)
            interactions[id] = .drag(tool, pageIndex: page, start: start, current: point, startView: startView, currentView: last.location)
        case .select(var drag):
            for sample in samples { drag = try selectMoved(drag, to: sample.location) }
            interactions[id] = .select(drag)
        case .gestureOnly:
            interactions[id] = .gestureOnly
        }
    }

    private func selectMoved(_ drag: SelectDrag, to location: CGPoint) throws -> SelectDrag {
        switch drag {
        case .pending(let page, let start, let startView, let hit, let handle):
            guard hypot(location.x - startView.x, location.y - startView.y) >= Self.dragThreshold else { return drag }
            let point = viewport.convert(location, toPage: page)
            if let handle, let selected = selection.first {
                return .resizing(pageIndex: page, annotation: selected, corner: handle, current: point)
            }
            if let hit {
                if !selection.contains(where: { $0.id == hit.id }) { selection = [hit] }
                return .moving(pageIndex: page, start: start, current: point)
            }
            selection = []
            return .lasso(pageIndex: page, points: [start, point])
        case .moving(let page, let start, _):
            return .moving(pageIndex: page, start: start, current: viewport.convert(location, toPage: page))
        case .resizing(let page, let annotation, let corner, _):
            return .resizing(pageIndex: page, annotation: annotation, corner: corner, current: viewport.convert(location, toPage: page))
        case .lasso(let page, let points):
            return .lasso(pageIndex: page, points: points + [viewport.convert(location, toPage: page)])
        }
    }

    func selectPreview(_ drag: SelectDrag) -> LivePreview? {
        switch drag {
        case .pending: return nil
        case .lasso(let page, let points): return .lasso(pageIndex: page, points: points)
        case .moving(let page, let start, let current):
            return .selection(selection.map {
                AnnotationGeometryEditing.moved($0, dx: current.x - start.x, dy: current.y - start.y, within: pageBounds(page))
            })
        case .resizing(let page, let annotation, let corner, let current):
            guard case .changeAnnotation(_, let after)? = resize(annotation, corner: corner, to: current, page: page)
                .flatMap({ if case .group(_, let inner) = $0 { return inner.first }; return nil }) else { return nil }
            return .selection([after])
        }
    }

    private func resize(_ annotation: PDFAnnotation, corner: Int, to point: CGPoint, page: Int) -> EditorOperation? {
        let r = annotation.rect
        // The corner opposite the dragged one stays put.
        let fixed = [CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY),
                     CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY)][corner]
        let rect = CGRect(x: min(fixed.x, point.x), y: min(fixed.y, point.y),
                          width: abs(point.x - fixed.x), height: abs(point.y - fixed.y))
        return SelectionTool.resize(annotation, to: rect, pageBounds: pageBounds(page))
    }

    // MARK: - Ended

    private func ended(_ id: Int, sample: PointerSample) throws -> [EditorOperation] {
        guard let interaction = interactions.removeValue(forKey: id) else { return [] }
        switch interaction {
        case .draw(var draw, _, let lastMove):
            guard let page = draw.pageIndex,
                  let ink = draw.endInk(viewport: viewport, pageBounds: pageBounds(page), author: author) else { return [] }
            var applied = [try perform(.addAnnotation(ink))]
            let settings = preferences.shapeRecognition
            let held = settings.recognizeOnHold && sample.timestamp - lastMove >= Self.holdDuration
            if settings.recognizeEveryStroke || held, let recognition = StrokeFinishing.recognition(of: ink) {
                applied.append(try perform(recognition))
            }
            return applied
        case .erase(_, _, _, let applied):
            guard !applied.isEmpty else { return [] }
            let step = EditorOperation.group(name: "erase", applied.flatMap { step -> [EditorOperation] in
                if case .group(_, let inner) = step { return inner }
                return [step]
            })
            session.record(applied: step)
            try documentChanged(by: step)
            return [step]
        case .drag(let tool, let page, let start, let current, let startView, let currentView):
            let isTap = hypot(currentView.x - startView.x, currentView.y - startView.y) < Self.dragThreshold
            return try endDrag(tool, pageIndex: page, from: start, to: current, isTap: isTap)
        case .select(let drag):
            return try endSelect(drag)
        case .gestureOnly:
            return []
        }
    }

    private func endSelect(_ drag: SelectDrag) throws -> [EditorOperation] {
        switch drag {
        case .pending(_, _, _, let hit, _):
            selection = hit.map { [$0] } ?? []
            return []
        case .moving(let page, let start, let current):
            guard let operation = SelectionTool.move(selection, dx: current.x - start.x, dy: current.y - start.y,
                                                     pageBounds: pageBounds(page)) else { return [] }
            return [try perform(operation)]
        case .resizing(let page, let annotation, let corner, let current):
            guard let operation = resize(annotation, corner: corner, to: current, page: page) else { return [] }
            return [try perform(operation)]
        case .lasso(let page, let points):
            selection = try SelectionTool.lasso(points, onPage: page, in: session.document)
            return []
        }
    }

    private func cancel(_ id: Int) {
        guard let interaction = interactions.removeValue(forKey: id) else { return }
        if case .erase(_, _, _, let applied) = interaction {
            for step in applied.reversed() { _ = try? step.inverse.apply(to: session.document) }
        }
    }
}
