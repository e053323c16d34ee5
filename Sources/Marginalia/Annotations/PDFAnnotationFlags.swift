import MarginaliaCore

/// Annotation flags, `/F` (ISO 32000-2, 12.5.3, Table 167): the engine core's one type of them
/// (``AnnotationFlags``).
public typealias PDFAnnotationFlags = AnnotationFlags
