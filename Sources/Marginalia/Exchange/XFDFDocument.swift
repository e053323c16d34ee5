import Foundation

/// Annotations exchanged as XFDF (ISO 19444-1, Adobe's XML Forms Data Format 3.0): the
/// format Acrobat's "Export Comments" and "Import Comments" read and write.
///
/// Export writes one element per annotation inside `<annots>`; import reads them back
/// into ``PDFAnnotation`` values ready for ``PDFDocument/addAnnotation(_:toPage:)``.
/// Coordinates are page space, as in PDF; pages are 0-based, as XFDF numbers them.
///
/// ```swift
/// let xml = XFDFDocument.export(try document.annotations(onPage: 0), sourceFileName: "report.pdf")
/// for annotation in try XFDFDocument.importAnnotations(from: Data(xml.utf8)) {
///     try other.addAnnotation(annotation, toPage: annotation.pageIndex ?? 0)
/// }
/// ```
///
/// `docs/xfdf.md` has the full mapping between elements, attributes and model fields, the
/// Marginalia extensions and the limits.
public enum XFDFDocument {
    /// The most annotations one import accepts.
    public static let maximumAnnotations = 100_000
    /// The most points (ink, vertices, line ends, quadrilateral corners) one import accepts:
    /// the annotation JSON's limit.
    public static let maximumPoints = Annotation.maximumPoints

    // MARK: - Export

    /// An annotation that export left out, and why.
    public struct SkippedAnnotation: Hashable, Sendable {
        /// The annotation's ``PDFAnnotation/id``.
        public var id: String
        /// Its `/Subtype`.
        public var subtype: String
        /// Why it was left out, for a person to read.
        public var reason: String
    }

    /// The XFDF text with what was left out of it.
    public struct ExportReport: Hashable, Sendable {
        /// The XFDF document, UTF-8 when written to a file.
        public var xml: String
        /// How many annotations it holds.
        public var exportedCount: Int
        /// Annotations that are not in it: subtypes XFDF export does not cover
        /// (``PDFAnnotation/Kind/other(subtype:)``: links, popups, widgets...), annotations
        /// on no page, and ones whose geometry is not finite or is empty.
        public var skipped: [SkippedAnnotation]
    }

    /// Writes `annotations` as an XFDF 3.0 document.
    ///
    /// Annotations that cannot be written are left out; use
    /// ``exportReport(_:sourceFileName:)`` to learn which.
    /// - Parameters:
    ///   - annotations: the annotations, each with its ``PDFAnnotation/pageIndex``.
    ///   - sourceFileName: the PDF they belong to, written as `<f href="...">`; nil to omit.
    /// - Returns: the XFDF text.
    public static func export(_ annotations: [PDFAnnotation], sourceFileName: String?) -> String {
        exportReport(annotations, sourceFileName: sourceFileName).xml
    }

    /// Writes `annotations` as an XFDF 3.0 document and reports what was left out.
    /// - Parameters:
    ///   - annotations: the annotations, each with its ``PDFAnnotation/pageIndex``.
    ///   - sourceFileName: the PDF they belong to, written as `<f href="...">`; nil to omit.
    /// - Returns: the XFDF text, how many annotations it holds, and the ones skipped.
    public static func exportReport(_ annotations: [PDFAnnotation], sourceFileName: String?) -> ExportReport {
        var writer = XFDFWriter()
        let xml = writer.document(annotations, sourceFileName: sourceFileName)
        return ExportReport(xml: xml, exportedCount: writer.exportedCount, skipped: writer.skipped)
    }

    // MARK: - Import

    /// What to do with an element inside `<annots>` that is not an annotation Marginalia
    /// imports (`caret`, `fileattachment`, `sound`, `link`, `redact`, or anything else).
    public enum UnsupportedElementPolicy: Hashable, Sendable {
        /// Stop with ``XFDFError/unsupportedElement(name:path:line:)`` (the default: an
        /// import that silently drops a reviewer's comments is worse than one that refuses).
        case fail
        /// Leave it out and say so in ``ImportReport/warnings``.
        case skip
    }

    /// The annotations read from an XFDF file, with what was tolerated on the way.
    public struct ImportReport: Hashable, Sendable {
        /// In document order, each with its ``PDFAnnotation/pageIndex``.
        public var annotations: [PDFAnnotation]
        /// One line per element skipped or value ignored (an unknown flag name, border
        /// style or line ending; an unreadable date), naming the line and element path.
        public var warnings: [String]
    }

    /// Reads the annotations of an XFDF document.
    ///
    /// Each annotation gets ``PDFAnnotation/pageIndex`` from `page`, ``PDFAnnotation/id``
    /// from `name` (a new UUID when there is none), its kind data, colours, opacity,
    /// border, flags, dates and contents.
    /// - Parameter xml: the XFDF file's bytes.
    /// - Returns: the annotations in document order.
    /// - Throws: ``XFDFError`` naming the element path and line: data that is not XML, a
    ///   root other than `<xfdf>`, an element in `<annots>` that is not an annotation
    ///   Marginalia imports, a missing or negative page, a bad number, colour or coordinate
    ///   list, or more than ``maximumAnnotations`` annotations or ``maximumPoints`` points.
    public static func importAnnotations(from xml: Data) throws -> [PDFAnnotation] {
        try importReport(from: xml).annotations
    }

    /// Reads the annotations of an XFDF document, with the warnings.
    /// - Parameters:
    ///   - xml: the XFDF file's bytes.
    ///   - unsupportedElements: whether an element in `<annots>` that Marginalia does not
    ///     import stops the import (the default) or is skipped with a warning.
    /// - Returns: the annotations in document order, and the warnings.
    /// - Throws: ``XFDFError``, as ``importAnnotations(from:)`` does.
    public static func importReport(from xml: Data,
                                    unsupportedElements: UnsupportedElementPolicy = .fail) throws -> ImportReport {
        try XFDFReader.read(xml, policy: unsupportedElements)
    }
}
