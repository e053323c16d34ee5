// The document API exposes PDFCore's value types (PDFError, PDFObject, PDFWriteOptions...),
// so importing Marginalia is enough for users of the document API.
@_exported import PDFCore
