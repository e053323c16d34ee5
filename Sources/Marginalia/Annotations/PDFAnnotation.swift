import Foundation
import PDFCore

/// An annotation on a page (ISO 32000-2, 12.5): the properties every subtype shares, and
/// ``kind`` with what is particular to its subtype.
///
/// A value type: read annotations with ``PDFDocument/annotations(onPage:)``, change the
/// copy, and write it back with ``PDFDocument/updateAnnotation(_:)``. Keys the model does
/// not know stay in ``dictionary`` and are written back untouched, so editing one property
/// of an annotation another tool made loses nothing. All coordinates are absolute page
/// space (points, origin bottom-left, before the page's rotation).
public struct PDFAnnotation: Hashable, Sendable {
    /// Unique name, `/NM`. Annotations without one get a stable id derived from where they
    /// are stored, written as `/NM` when the annotation is next saved.
    public var id: String
    public var kind: Kind
    /// `/Rect`: where the annotation is drawn, normalised.
    public var rect: CGRect
    /// `/C`: stroke colour of shapes and ink, the colour of markup and notes, the background
    /// of free text. nil means transparent.
    public var color: Color?
    /// `/IC`: fill colour of squares, circles, polygons and line endings.
    public var interiorColor: Color?
    /// `/CA`: constant opacity, 0 (invisible) to 1.
    public var opacity: Double
    public var border: PDFBorder
    /// `/Contents`: the text of a note or free text, or a description of the annotation.
    public var contents: String?
    /// `/T`: who made it.
    public var author: String?
    /// `/Subj`.
    public var subject: String?
    public var creationDate: Date?
    /// `/M`.
    public var modificationDate: Date?
    public var flags: PDFAnnotationFlags
    /// `/IRT`: the id (`/NM`) of the annotation on the same page this one is in reply to, for
    /// a reply in a comment thread, a member of a group or a review state (ISO 32000-2,
    /// 12.5.6.2). Written as a reference to that annotation.
    public var inReplyTo: String?
    /// `/RT`: how this annotation relates to ``inReplyTo`` (a reply unless it says group).
    public var replyType: ReplyType
    /// `/State` and `/StateModel`: the review state this annotation sets on ``inReplyTo`` for
    /// its author (12.5.6.3); nil for every other annotation.
    public var state: AnnotationState?
    /// The 0-based page the annotation is on, when known.
    public var pageIndex: Int?

    /// The annotation's object in the file, when it has one.
    public internal(set) var reference: PDFReference?
    /// The dictionary as read (empty for new annotations). Written back with the model's
    /// properties applied over it.
    public internal(set) var dictionary: PDFDictionary
    /// Whether its appearance stream was drawn by another application (it has one, without
    /// Marginalia's mark): such an appearance is kept when the annotation is only placed, and
    /// always for a stamp or an unknown subtype, which Marginalia cannot draw as their author
    /// did. Clients show it from the file (`foreignAppearance` in the annotation JSON).
    public internal(set) var hasForeignAppearance = false

    /// Creates an annotation with the defaults Marginalia writes: a new random UUID id
    /// (``AnnotationID``), the Print flag (and NoZoom and NoRotate for notes), opaque, a
    /// 1-point solid border (none for images), created and modified now.
    public init(kind: Kind, rect: CGRect, color: Color? = .black, pageIndex: Int? = nil) {
        self.id = AnnotationID.make()
        self.kind = kind
        self.rect = rect.standardized
        self.color = color
        self.interiorColor = nil
        self.opacity = 1
        self.border = PDFBorder()
        self.contents = nil
        self.author = nil
        self.subject = nil
        let now = Date()
        self.creationDate = now
        self.modificationDate = now
        // Notes keep their icon's size and orientation on screen, as every viewer's do.
        if case .note = kind { self.flags = [.print, .noZoom, .noRotate] } else { self.flags = [.print] }
        // An image has no border until one is given (its width and /C colour draw it).
        if case .stamp(let stamp) = kind, stamp.isImage { self.border.width = 0 }
        self.inReplyTo = nil
        self.replyType = .reply
        self.state = nil
        self.pageIndex = pageIndex
        self.reference = nil
        self.dictionary = PDFDictionary()
    }

    /// The `/Subtype` name.
    public var subtype: String { kind.subtype }

    /// The kind's row of the vocabulary table; nil for a subtype the standard does not have.
    public var annotationSubtype: AnnotationSubtype? { kind.annotationSubtype }
}
