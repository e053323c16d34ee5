import Foundation
import Marginalia

// Pointer events go to the engine, which decides; what it decides is carried out here.

extension Editor {
    /// Handles one pointer event: navigation moves the viewport; tool pointers drive the
    /// current tool. Returns the operations this event applied (each one undo step).
    ///
    /// Events out of order, unknown pointers, repeated ends and NaN coordinates change
    /// nothing. A second finger during a one-finger stroke cancels it without a trace.
    @discardableResult
    public func handle(_ event: PointerEvent) throws -> [EditorOperation] {
        if event.phase == .began { refusal = nil }
        return try process(engine.handle(event))
    }

    /// What to draw for the interaction in progress (the latest pointer's), computed when
    /// asked, so a UI pays for it once a frame rather than once an event.
    public var live: LivePreview? {
        guard let preview = engine.preview else { return nil }
        switch preview {
        case .stroke(let page, let stroke):
            return .stroke(pageIndex: page, points: stroke.samples.map(\.point) + stroke.predicted.map(\.point), preset: stroke.preset)
        case .eraser(let page, let center, let size, _, _):
            return .eraser(pageIndex: page, center: center, size: size)
        case .draft(_, let json):
            var draft = (try? Annotation(checking: AnnotationJSONFields(json: json, path: "annotation"), path: "annotation"))
                .map(PDFAnnotation.init(creating:))
            if case .stamp = draft?.kind, let image = imageToPlace { draft?.kind = .stamp(.init(name: "Image", imageData: image.data)) }
            return draft.map(LivePreview.annotation)
        case .lasso(let page, let points):
            return .lasso(pageIndex: page, points: points)
        case .rubberBand(let page, let rect):
            return .rubberBand(pageIndex: page, rect: rect)
        case .transform(let page, let ids, let transform):
            return .selection(ids.compactMap { id in
                guard let annotation = try? session.document.annotation(id: id, onPage: page) else { return nil }
                return AnnotationGeometryEditing.applying(transform, to: annotation, newRect: transform.transform(annotation.rect))
            })
        }
    }
}
