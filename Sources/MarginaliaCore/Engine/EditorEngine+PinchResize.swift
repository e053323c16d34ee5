#if !hasFeature(Embedded)
import Foundation
#endif

// Two-finger pinch-resize of a selected image on a touch screen (seed 001): a pinch that
// starts on the one selected image (or stamp) resizes it about its centre, keeping its
// proportions and the page, instead of zooming; a finger lifting ends it with one `resize`
// command. Anywhere else a pinch zooms as before.

/// A pinch resizing one annotation: its id and page, its rect when the pinch began and the
/// scale the fingers have made so far.
struct PinchResize: Equatable {
    var id: String
    var pageIndex: Int
    var original: CGRect
    var scale: CGFloat
}

extension EditorEngine {
    /// Takes a pinch step for the selected image: true when it resized (or now resizes) it,
    /// false when the pinch should zoom. A pinch resizes when it begins with its centre on the
    /// one selected annotation, which keeps its proportions (an image or a stamp) and may change.
    func pinchResize(by scale: CGFloat, at center: CGPoint) -> Bool {
        guard scale.isFinite, scale > 0 else { return pinching != nil }
        if pinching != nil {
            pinching?.scale *= scale
            return true
        }
        guard tool == .select, selection.count == 1, let page = selectionPage, let selected = annotation(id: selection[0]),
              selected.keepsAspectRatio, !selected.flags.contains(.noZoom), selected.isEditable,
              !selected.flags.contains(.locked), !selected.flags.contains(.readOnly),
              viewRect(of: selected).contains(center) else { return false }
        pinching = PinchResize(id: selected.id, pageIndex: page, original: selected.rect, scale: scale)
        return true
    }

    /// The rect the pinch has made: the original scaled about its centre, kept on the page
    /// with its proportions (at least a point wide); nil when it cannot be.
    func pinchedRect(_ pinch: PinchResize) -> CGRect? {
        let r = pinch.original
        let scale = max(pinch.scale, 1 / max(min(r.width, r.height), 1))
        let asked = CGRect(x: r.midX - r.width * scale / 2, y: r.midY - r.height * scale / 2,
                           width: r.width * scale, height: r.height * scale)
        return SelectionGeometry.resizedRect(from: r, to: asked, keepAspectRatio: true, within: pageBounds(pinch.pageIndex))
    }

    /// Ends a pinch-resize when a finger lifts: one `resize` command (none when the size did
    /// not change or the pinch was cancelled).
    func endPinchResize(cancelled: Bool) -> [EngineOutput] {
        guard let pinch = pinching else { return [] }
        pinching = nil
        guard !cancelled, let rect = pinchedRect(pinch), rect != pinch.original else { return [] }
        return [.command(.resize(id: pinch.id, rect: rect))]
    }
}
