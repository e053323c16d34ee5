import Foundation
import Marginalia
import MarginaliaRender

// One annotation's appearance as a picture: what the editor shows, while an annotation is
// selected or moved, for an appearance another application drew (`foreignAppearance` in the
// annotation JSON), which the browser cannot draw from the annotation's fields.

extension DocumentExports {
    /// A PNG of annotation `annotation`'s normal appearance alone, on a transparent
    /// background, its `/Rect` at `scale` pixels per point (default 1), in the current state,
    /// upright in page space (not turned by the page's `/Rotate`): the editor lays it over the
    /// rect in page space and turns it with the page, or keeps it upright for NoRotate.
    ///
    /// - Throws: ``ServiceError/notFound(_:)`` for an unknown document,
    ///   ``ServiceError/unprocessable(_:)`` for an unknown annotation, one without an
    ///   appearance, or one the renderer cannot draw whole (the message names what).
    public func appearancePNG(_ id: String, annotation: String, scale: Double?) throws -> Data {
        try renderedPNG(id, "the picture of annotation \(annotation.prefix(64))") { document in
            try PageRenderer.render(annotationID: annotation, in: document, scale: scale, turnedWithPage: false)
        }
    }
}
