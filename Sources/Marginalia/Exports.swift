// The document API exposes PDFCore's value types (PDFError, PDFObject, PDFWriteOptions...),
// so importing Marginalia is enough for users of the document API.
@_exported import PDFCore
// Geometry (BezierPath, Color, AffineTransform helpers...) lives in the Foundation-free core.
@_exported import MarginaliaCore
