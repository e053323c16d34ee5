import Foundation
import PDFCore

/// An annotation on a page (ISO 32000-2, 12.5) as a file holds it: the engine core's one
/// value of it (``annotation``: the properties every subtype shares, and ``kind`` with what is
/// particular to its subtype) and what only a file has (``reference``, ``dictionary``,
/// ``hasForeignAppearance``).
///
/// A value type: read annotations with ``PDFDocument/annotations(onPage:)``, change the
/// copy, and write it back with ``PDFDocument/updateAnnotation(_:)``. Keys the model does
/// not know stay in ``dictionary`` and are written back untouched, so editing one property
/// of an annotation another tool made loses nothing. All coordinates are absolute page
/// space (points, origin bottom-left, before the page's rotation).
public struct PDFAnnotation: Hashable, Sendable {
    /// The annotation as the engine core models it: every property its subtypes share, and
    /// its ``kind``. The properties below (``id``, ``rect``, ``color``...) read and write it.
    public var annotation: Annotation

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
        let now = AnnotationTimestamp(Date())
        // Notes keep their icon's size and orientation on screen, as every viewer's do.
        let flags: AnnotationFlags = if case .note = kind { [.print, .noZoom, .noRotate] } else { [.print] }
        var border = PDFBorder()
        // An image has no border until one is given (its width and /C colour draw it).
        if case .stamp(let stamp) = kind, stamp.isImage { border.width = 0 }
        self.annotation = Annotation(id: AnnotationID.make(), pageIndex: pageIndex, kind: kind, rect: rect, color: color,
                                     border: border, creationDate: now, modificationDate: now, flags: flags)
        self.reference = nil
        self.dictionary = PDFDictionary()
    }

    /// The annotation `annotation`, not yet in a file: what only a file has (its object, its
    /// dictionary, another application's appearance) is empty.
    public init(_ annotation: Annotation) {
        self.annotation = annotation
        self.reference = nil
        self.dictionary = PDFDictionary()
    }

    /// This annotation with what writing `written` into its file decided
    /// (``PDFDocument/updateAnnotation(_:)`` and ``PDFDocument/addAnnotation(_:toPage:)``
    /// return it): the rect (an ink's, a line's or a markup's covers its drawing) and whether
    /// its appearance is still another application's (a note restyled, or one added back, is
    /// drawn by Marginalia from then on).
    public func taking(fileState written: PDFAnnotation) -> PDFAnnotation {
        var result = self
        result.rect = written.rect
        result.hasForeignAppearance = written.hasForeignAppearance
        return result
    }

    /// The `/Subtype` name.
    public var subtype: String { kind.subtype }

    /// The kind's row of the vocabulary table; nil for a subtype the standard does not have.
    public var annotationSubtype: AnnotationSubtype? { kind.annotationSubtype }
}
