#if !hasFeature(Embedded)
import Foundation
#endif

/// What the engine knows of an annotation to decide what a user's input does to it: its
/// id, page, kind (the one ``AnnotationKind``, with its points, text and styles), line width,
/// whether it is filled, its flags, its author and where it stands in a comment thread. Enough
/// to hit test it by outline, erase it, select, move and resize it, preview all of that and
/// decide who may edit a reply; the rest of the annotation (colours, opacity, contents, dates,
/// appearance) stays with the document model.
///
/// Natively it is made from a `PDFAnnotation` (Marginalia), whose kind is the same
/// ``AnnotationKind``; in the browser from the annotation JSON the server sends
/// (``init(json:)``), the same fields either way.
public struct AnnotationGeometry: Equatable, Sendable {
    /// The annotation flags (`/F`, ISO 32000-2 table 167): the one ``AnnotationFlags``, of
    /// which the editor obeys hidden, noZoom, noRotate, readOnly, locked and lockedContents.
    public typealias Flags = AnnotationFlags

    public var id: String
    public var pageIndex: Int
    /// The kind and what is particular to it: the one model the document model holds too
    /// (`PDFAnnotation.Kind` is ``AnnotationKind``).
    public var kind: AnnotationKind
    /// `/Rect`, standardised.
    public var rect: CGRect
    /// The border or stroke width in points.
    public var lineWidth: Double
    /// Whether a square, circle or polygon is filled (it is hit inside, not only on its border).
    public var filled: Bool
    public var flags: Flags
    /// `/T`: who made it.
    public var author: String?
    /// `/IRT`: the id of the annotation this one replies to (or sets a review state of).
    public var inReplyTo: String?
    /// `/RT`: a reply (shown in the thread, not on the page) or a member of a group.
    public var replyType: ReplyType
    /// `/State` and `/StateModel`: the review state this annotation sets on ``inReplyTo``.
    public var state: AnnotationState?

    public init(id: String, pageIndex: Int, kind: AnnotationKind, rect: CGRect, lineWidth: Double = 1, filled: Bool = false,
                flags: Flags = [], author: String? = nil, inReplyTo: String? = nil, replyType: ReplyType = .reply,
                state: AnnotationState? = nil) {
        self.id = id
        self.pageIndex = pageIndex
        self.kind = kind
        self.rect = rect.standardized
        self.lineWidth = lineWidth
        self.filled = filled
        self.flags = flags
        self.author = author
        self.inReplyTo = inReplyTo
        self.replyType = replyType
        self.state = state
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

    /// Whether it keeps its size on screen at every zoom: the NoZoom flag, whatever the kind
    /// (notes, stamps; ISO 32000-2, 12.5.3). The one rule the editor draws, hit-tests and
    /// selects by (``EditorEngine/viewRect(of:)``, ``EditorEngine/screenPlacement(of:)``).
    public var keepsScreenSize: Bool { flags.contains(.noZoom) }

    /// Whether a resize keeps the width-to-height ratio (images and notes).
    public var keepsAspectRatio: Bool {
        switch kind {
        case .stamp, .note: return true
        default: return false
        }
    }

    /// Whether the kind has a border or stroke whose width a restyle changes.
    public var hasLineWidth: Bool {
        switch kind {
        case .ink, .square, .circle, .line, .polygon, .polyLine, .freeText: return true
        default: return false
        }
    }
}
