#if !hasFeature(Embedded)
import Foundation
#endif

/// An annotation on a page (ISO 32000-2, 12.5): the properties every subtype shares, and
/// ``kind`` with what is particular to its subtype. The one value of an annotation: the
/// document model (`PDFAnnotation` is this value and what only a file has, its object and
/// dictionary) and the engine, natively and in the browser's WebAssembly build, hold it.
///
/// All coordinates are absolute page space (points, origin bottom-left, before the page's
/// rotation). What the engine decides by (line width, whether a shape is filled, whether it
/// is hidden or a comment...) is computed from these properties (Annotation+Behaviour.swift).
/// In the browser it is read from the annotation JSON the server sends (``init(json:)``).
public struct Annotation: Hashable, Sendable {
    /// The annotation flags (`/F`, ISO 32000-2 table 167): the one ``AnnotationFlags``, of
    /// which the editor obeys hidden, noZoom, noRotate, readOnly, locked and lockedContents.
    public typealias Flags = AnnotationFlags

    /// Unique name, `/NM`.
    public var id: String
    /// The 0-based page the annotation is on, when known (always, in the engine).
    public var pageIndex: Int?
    /// The kind and what is particular to it (the one ``AnnotationKind``).
    public var kind: AnnotationKind
    /// `/Rect`: where the annotation is drawn, normalised.
    public var rect: CGRect
    /// `/C`: stroke colour of shapes and ink, the colour of markup and notes, the background
    /// of free text. nil means transparent.
    public var color: Color?
    /// `/IC`: fill colour of squares, circles, polygons and line endings.
    public var interiorColor: Color?
    /// `/CA`: constant opacity, 0 (invisible) to 1.
    public var opacity: Double
    /// The opacities the checked reading takes (a file's may lie outside, read back by the
    /// kept reading).
    public static let opacityRange: ClosedRange<Double> = 0...1
    /// `/BS`: the border's width, style and dashes.
    public var border: AnnotationBorder
    /// `/Contents`: the text of a note or free text, or a description of the annotation.
    public var contents: String?
    /// `/T`: who made it.
    public var author: String?
    /// `/Subj`.
    public var subject: String?
    /// `/CreationDate`.
    public var creationDate: AnnotationTimestamp?
    /// `/M`: when it was last changed.
    public var modificationDate: AnnotationTimestamp?
    public var flags: Flags
    /// `/IRT`: the id (`/NM`) of the annotation on the same page this one is in reply to, for
    /// a reply in a comment thread, a member of a group or a review state (ISO 32000-2,
    /// 12.5.6.2).
    public var inReplyTo: String?
    /// `/RT`: how this annotation relates to ``inReplyTo`` (a reply unless it says group).
    public var replyType: ReplyType
    /// `/State` and `/StateModel`: the review state this annotation sets on ``inReplyTo`` for
    /// its author (12.5.6.3); nil for every other annotation.
    public var state: AnnotationState?

    /// An annotation with every shared property given or defaulted: transparent, unfilled,
    /// opaque, a 1-point solid border, no text, no dates, no flags, in no thread. `rect` is
    /// standardised.
    public init(id: String, pageIndex: Int?, kind: AnnotationKind, rect: CGRect, color: Color? = nil,
                interiorColor: Color? = nil, opacity: Double = 1, border: AnnotationBorder = AnnotationBorder(),
                contents: String? = nil, author: String? = nil, subject: String? = nil,
                creationDate: AnnotationTimestamp? = nil, modificationDate: AnnotationTimestamp? = nil,
                flags: Flags = [], inReplyTo: String? = nil, replyType: ReplyType = .reply, state: AnnotationState? = nil) {
        self.id = id
        self.pageIndex = pageIndex
        self.kind = kind
        self.rect = rect.standardized
        self.color = color
        self.interiorColor = interiorColor
        self.opacity = opacity
        self.border = border
        self.contents = contents
        self.author = author
        self.subject = subject
        self.creationDate = creationDate
        self.modificationDate = modificationDate
        self.flags = flags
        self.inReplyTo = inReplyTo
        self.replyType = replyType
        self.state = state
    }
}
