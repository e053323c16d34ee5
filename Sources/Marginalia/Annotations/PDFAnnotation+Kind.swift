import Foundation
import MarginaliaCore

extension PDFAnnotation {
    /// What is particular to each subtype: the engine core's one model of it.
    public typealias Kind = AnnotationKind
    /// Freehand strokes (``AnnotationKind/Ink``).
    public typealias Ink = AnnotationKind.Ink
    /// A straight line (``AnnotationKind/Line``).
    public typealias Line = AnnotationKind.Line
    /// An open shape (``AnnotationKind/PolyLine``).
    public typealias PolyLine = AnnotationKind.PolyLine
    /// Text drawn on the page (``AnnotationKind/FreeText``).
    public typealias FreeText = AnnotationKind.FreeText
    /// A sticky note (``AnnotationKind/Note``).
    public typealias Note = AnnotationKind.Note
    /// A stamp (``AnnotationKind/Stamp``).
    public typealias Stamp = AnnotationKind.Stamp
    /// Content marked for removal (``AnnotationKind/Redact``).
    public typealias Redact = AnnotationKind.Redact
    /// Highlight, underline, strike-out or squiggly (``AnnotationKind/TextMarkup``).
    public typealias TextMarkup = AnnotationKind.TextMarkup
    /// A quadrilateral of `/QuadPoints` (``AnnotationKind/Quad``).
    public typealias Quad = AnnotationKind.Quad
}

extension AnnotationKind.Stamp {
    /// A stamp of `name` showing the PNG or JPEG file `imageData` (nil for a named stamp).
    public init(name: String = "Draft", imageData: Data?, crop: CGRect? = nil, rotation: Int = 0) {
        self.init(name: name, imageBytes: imageData.map { [UInt8]($0) }, crop: crop, rotation: rotation)
    }

    /// ``imageBytes`` as `Data`, for the readers and writers that take it.
    public var imageData: Data? {
        get { imageBytes.map { Data($0) } }
        set { imageBytes = newValue.map { [UInt8]($0) } }
    }
}
