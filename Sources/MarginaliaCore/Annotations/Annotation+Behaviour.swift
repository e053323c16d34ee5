#if !hasFeature(Embedded)
import Foundation
#endif

// What the engine decides an annotation's input by (hit tests, erasers, selection, moves and
// resizes, who may edit a reply), computed from the shared properties so that there is
// nothing to keep in step: the document model and the engine read the same answers.

extension Annotation {
    /// The page the engine places it on: ``pageIndex``, which every annotation the engine
    /// holds has (the annotation JSON requires it, and the document model's are read from
    /// their pages); the first page for one that is on none.
    public var page: Int { pageIndex ?? 0 }

    /// The border or stroke width in points (``border``'s width).
    public var lineWidth: Double { border.width }

    /// Whether the shape is filled, so that it is hit inside and not only on its border: a
    /// square, circle or polygon, the kinds with an inside, with an ``interiorColor`` (a
    /// line's or polyline's `/IC` fills only its line endings).
    public var filled: Bool {
        guard interiorColor != nil else { return false }
        switch kind {
        case .square, .circle, .polygon: return true
        default: return false
        }
    }

    /// The brush ink is drawn with (its ``AnnotationKind/Ink/brush``; `pen` for every other
    /// kind): what the browser draws for it, and what is left of it after an eraser cuts it,
    /// is that brush's look.
    public var brush: InkBrush {
        if case .ink(let ink) = kind { return ink.brush }
        return .pen
    }

    /// The annotation JSON's `type` of the kind (the vocabulary table's).
    public var typeName: String { kind.jsonType }

    /// Whether the editor draws and edits this kind (not links, widgets or unknown subtypes).
    public var isEditable: Bool {
        if case .other = kind { return false }
        return true
    }

    /// Whether the page does not show it: the Hidden flag, a reply (shown in its parent's
    /// thread, ISO 32000-2, 12.5.6.2: replies are not displayed individually) or a review
    /// state. Hidden annotations are never hit, lassoed or erased.
    public var isHidden: Bool { flags.contains(.hidden) || isComment }

    /// Whether it is a comment on another annotation: a reply in its thread or a review state.
    /// Comments belong to their authors (only the author edits or deletes one).
    public var isComment: Bool { state != nil || (inReplyTo != nil && replyType == .reply) }

    /// Whether it keeps its size on screen at every zoom: the NoZoom flag on a kind the editor
    /// draws (notes, stamps; ISO 32000-2, 12.5.3). The one rule the editor draws, hit-tests and
    /// selects by (``EditorEngine/viewRect(of:)``, ``EditorEngine/screenPlacement(of:)``).
    /// A kind it does not draw (``isEditable`` false: a file attachment's or a sound's icon)
    /// is left to the page's renderer, which zooms it: kept at its screen size, no one would
    /// draw it at all.
    public var keepsScreenSize: Bool { flags.contains(.noZoom) && isEditable }

    /// Whether a resize keeps the width-to-height ratio (images and notes).
    public var keepsAspectRatio: Bool {
        switch kind {
        case .stamp, .note: return true
        default: return false
        }
    }
}

extension AnnotationKind {
    /// Whether the kind has a border or stroke that `/BS` describes (its width, style and
    /// dashes): what the annotation JSON writes `width` and `borderStyle` for, a restyle
    /// changes and the appearance draws.
    public var drawsBorder: Bool {
        switch self {
        case .ink, .square, .circle, .line, .polygon, .polyLine, .freeText: return true
        // An image's frame: /BS /W its width, /C its colour.
        case .stamp(let stamp): return stamp.isImage
        default: return false
        }
    }
}
