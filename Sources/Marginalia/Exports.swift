@_exported import PDFCore
