#if !hasFeature(Embedded)
import Foundation
#endif

// The tools that place things by a drag or a tap — shapes, text boxes, notes, images — and
// the taps of the Form tool and the drags of text marking; and what the UI draws meanwhile.

extension EditorEngine {
    /// What to draw for the interaction in progress (the latest pointer's), computed when
    /// asked, so a UI pays for it once a frame rather than once an event.
    public var preview: EnginePreview? {
        if let pinch = pinching, let rect = pinchedRect(pinch) {
            return .transform(pageIndex: pinch.pageIndex, ids: [pinch.id], transform: SelectionGeometry.transform(from: pinch.original, to: rect))
        }
        guard let id = livePointer, let interaction = interactions[id] else { return nil }
        switch interaction {
        case .draw(let draw):
            return .stroke(pageIndex: draw.pageIndex, StrokePreview(preset: draw.preset, samples: draw.builder.samples,
                                                                    predicted: draw.builder.predicted,
                                                                    followsPressure: draw.followsPressure))
        case .erase(let erase):
            let cut = erase.cut.compactMap { id -> EraserSweep.Effect? in
                guard case .some(.some(let remaining)) = erase.working[id], case .ink(let ink) = remaining.kind else { return nil }
                return .cut(id: id, paths: ink.paths, pressures: ink.pressures)
            }
            return .eraser(pageIndex: erase.pageIndex, center: erase.points.last ?? .zero, size: erase.size,
                           removed: erase.removed, cut: cut)
        case .place(let tool, let page, let start, let current, _, _):
            return draft(tool, pageIndex: page, from: start, to: current).map { .draft(pageIndex: page, annotation: $0) }
        case .select(let gesture):
            return selectPreview(gesture)
        case .link, .inert:
            return nil
        }
    }

    /// What a drag of `tool` from `start` to `end` would add, clamped to the page.
    func draft(_ tool: EditorTool, pageIndex: Int, from start: CGPoint, to end: CGPoint) -> JSONValue? {
        let page = pageBounds(pageIndex)
        let a = AnnotationDraft.clamp(start, to: page), b = AnnotationDraft.clamp(end, to: page)
        switch tool {
        case .shape:
            let s = preferences.shape
            return AnnotationDraft.shape(s.kind, from: a, to: b, stroke: s.strokeColor, width: s.width, fill: s.fillColor,
                                         pageIndex: pageIndex)
        case .text:
            return AnnotationDraft.textBox(in: AnnotationDraft.rect(a, b), text: "", style: preferences.text, pageIndex: pageIndex)
        case .image:
            guard let size = imageToPlace else { return nil }
            let rect = AnnotationDraft.draggedImageRect(size, from: a, to: b, on: page)
            return .object([("type", .string(AnnotationSubtype.stamp.jsonType)), ("pageIndex", .integer(pageIndex)), ("rect", .rect(rect)),
                            ("name", .string("Image"))])
        case .highlight, .redact:
            return .object([("type", .string(tool == .redact ? "redactionSpan" : "textSpan")), ("pageIndex", .integer(pageIndex)),
                            ("points", .array([.point(start), .point(end)]))])
        case .select, .draw, .erase, .note, .form:
            return nil
        }
    }

    /// Ends a drag (or tap) of a placing tool.
    func endPlacing(_ tool: EditorTool, pageIndex: Int, from start: CGPoint, to end: CGPoint, isTap: Bool) -> [EngineOutput] {
        let page = pageBounds(pageIndex)
        switch tool {
        case .shape:
            // A tap places a shape of the default size centred on it.
            let (from, to) = isTap ? AnnotationDraft.tappedShapeEnds(preferences.shape.kind, at: AnnotationDraft.clamp(start, to: page), on: page)
                                   : (start, end)
            guard let shape = draft(.shape, pageIndex: pageIndex, from: from, to: to),
                  let add = EditorCommand.adding([shape]) else { return [] }
            return [.command(add)]
        case .text, .note:
            if let existing = hitTest(start, onPage: pageIndex), isTextual(existing) {
                return [.editText(TextRequest(pageIndex: pageIndex, target: .existing(id: existing.id)))]
            }
            if tool == .note {
                return [.editText(TextRequest(pageIndex: pageIndex, target: .newNote(at: AnnotationDraft.clamp(start, to: page))))]
            }
            let height = CGFloat(preferences.text.fontSize) * AnnotationDraft.lineHeight
            let rect = isTap
                ? CGRect(x: start.x, y: start.y - height, width: Self.tappedTextBoxWidth, height: height)
                : AnnotationDraft.rect(AnnotationDraft.clamp(start, to: page), AnnotationDraft.clamp(end, to: page))
            return [.editText(TextRequest(pageIndex: pageIndex, target: .newTextBox(rect: AnnotationDraft.kept(rect, in: page))))]
        case .image:
            guard let size = imageToPlace else { return [] }
            let rect = isTap
                ? AnnotationDraft.tappedImageRect(size, at: start, on: page)
                : AnnotationDraft.draggedImageRect(size, from: AnnotationDraft.clamp(start, to: page),
                                                   to: AnnotationDraft.clamp(end, to: page), on: page)
            guard !rect.isNull, rect.width >= 1, rect.height >= 1 else { return [] }
            imageToPlace = nil
            // The image is placed; Select is next, so it can be moved or resized at once.
            select(.select)
            return [.placeImage(pageIndex: pageIndex, rect: rect), .toolChanged]
        case .form:
            guard isTap, let widget = widgets.last(where: { $0.pageIndex == pageIndex && $0.rect.contains(start) }) else { return [] }
            return [.activateField(name: widget.name, pageIndex: pageIndex, rect: widget.rect)]
        case .highlight:
            return [.markText(pageIndex: pageIndex, from: start, to: end)]
        case .redact:
            return [.markRedaction(pageIndex: pageIndex, from: start, to: end)]
        case .select, .draw, .erase:
            return []
        }
    }

    private func isTextual(_ annotation: Annotation) -> Bool {
        switch annotation.kind {
        case .freeText, .note: return true
        default: return false
        }
    }

    /// The command that adds the text the user typed for a new text box or note (nil for
    /// empty text or an existing annotation, whose change the UI makes from its own copy).
    public func textCommand(for request: TextRequest, text: String) -> EditorCommand? {
        guard text.contains(where: { !$0.isWhitespace }) else { return nil }
        switch request.target {
        case .newTextBox(let rect):
            return EditorCommand.adding([AnnotationDraft.textBox(in: rect, text: text, style: preferences.text, pageIndex: request.pageIndex)])
        case .newNote(let point):
            return EditorCommand.adding([AnnotationDraft.note(at: point, text: text, color: preferences.noteColor, icon: preferences.noteIcon,
                                              pageIndex: request.pageIndex)])
        case .existing:
            return nil
        }
    }
}
