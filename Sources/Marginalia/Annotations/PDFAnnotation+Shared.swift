import Foundation
import MarginaliaCore

// The shared properties of an annotation, read and written through the one value the
// document model holds (``PDFAnnotation/annotation``), so that the public API names them on
// `PDFAnnotation` as it always has. Dates are the core's ``AnnotationTimestamp`` there and
// `Date` here. `_modify` edits a property in place: changing a stroke's points through `kind`
// copies none of them.

extension PDFAnnotation {
    /// Unique name, `/NM`. Annotations without one get a stable id derived from where they
    /// are stored, written as `/NM` when the annotation is next saved.
    public var id: String {
        get { annotation.id }
        _modify { yield &annotation.id }
    }

    /// The 0-based page the annotation is on, when known.
    public var pageIndex: Int? {
        get { annotation.pageIndex }
        _modify { yield &annotation.pageIndex }
    }

    /// What is particular to its subtype (``Annotation/kind``).
    public var kind: Kind {
        get { annotation.kind }
        _modify { yield &annotation.kind }
    }

    /// `/Rect`: where the annotation is drawn, normalised.
    public var rect: CGRect {
        get { annotation.rect }
        _modify { yield &annotation.rect }
    }

    /// `/C`: stroke colour of shapes and ink, the colour of markup and notes, the background
    /// of free text. nil means transparent.
    public var color: Color? {
        get { annotation.color }
        _modify { yield &annotation.color }
    }

    /// `/IC`: fill colour of squares, circles, polygons and line endings.
    public var interiorColor: Color? {
        get { annotation.interiorColor }
        _modify { yield &annotation.interiorColor }
    }

    /// `/CA`: constant opacity, 0 (invisible) to 1.
    public var opacity: Double {
        get { annotation.opacity }
        _modify { yield &annotation.opacity }
    }

    /// `/BS`: the border's width, style and dashes.
    public var border: PDFBorder {
        get { annotation.border }
        _modify { yield &annotation.border }
    }

    /// `/Contents`: the text of a note or free text, or a description of the annotation.
    public var contents: String? {
        get { annotation.contents }
        _modify { yield &annotation.contents }
    }

    /// `/T`: who made it.
    public var author: String? {
        get { annotation.author }
        _modify { yield &annotation.author }
    }

    /// `/Subj`.
    public var subject: String? {
        get { annotation.subject }
        _modify { yield &annotation.subject }
    }

    /// `/F`: the annotation flags.
    public var flags: PDFAnnotationFlags {
        get { annotation.flags }
        _modify { yield &annotation.flags }
    }

    /// `/IRT`: the id (`/NM`) of the annotation on the same page this one is in reply to, for
    /// a reply in a comment thread, a member of a group or a review state (ISO 32000-2,
    /// 12.5.6.2). Written as a reference to that annotation.
    public var inReplyTo: String? {
        get { annotation.inReplyTo }
        _modify { yield &annotation.inReplyTo }
    }

    /// `/RT`: how this annotation relates to ``inReplyTo`` (a reply unless it says group).
    public var replyType: ReplyType {
        get { annotation.replyType }
        _modify { yield &annotation.replyType }
    }

    /// `/State` and `/StateModel`: the review state this annotation sets on ``inReplyTo`` for
    /// its author (12.5.6.3); nil for every other annotation.
    public var state: AnnotationState? {
        get { annotation.state }
        _modify { yield &annotation.state }
    }

    /// `/CreationDate`.
    public var creationDate: Date? {
        get { annotation.creationDate?.date }
        set { annotation.creationDate = newValue.map(AnnotationTimestamp.init) }
    }

    /// `/M`: when it was last changed.
    public var modificationDate: Date? {
        get { annotation.modificationDate?.date }
        set { annotation.modificationDate = newValue.map(AnnotationTimestamp.init) }
    }
}
