import MarginaliaCore

/// How an annotation's border is drawn: `/BS` (ISO 32000-2, 12.5.4), with `/Border` read
/// as a fallback: the engine core's one type of it (``AnnotationBorder``).
public typealias PDFBorder = AnnotationBorder
