import Foundation
import PDFCore

extension PDFDocument {
    /// A one-page vector PDF of the part `rect` (page space) of page `index`, with the
    /// annotations burned in: what a user sees of that page region (seed 004's "screenshot to
    /// PDF", the editor's Export view as PDF). Nothing is rasterised: the page keeps its
    /// content, resources and `/Rotate`, and its MediaBox and CropBox become `rect` clipped to
    /// the crop box. Form fields are burned in as they show; links and popups are left out. Other pages, the outline, named destinations, the open action, page labels
    /// and the form are left out, and the copy is written compact (so their objects go too);
    /// the document information and XMP are kept. This document is not changed.
    ///
    /// - Throws: ``PDFError/invalidArgument(_:)`` for a page out of range or a rect that does
    ///   not overlap the page; errors of reading and writing.
    public func regionPDF(page index: Int, rect: CGRect) throws -> Data {
        let count = try pageCount
        guard index >= 0, index < count else {
            throw PDFError.invalidArgument("there is no page \(index + 1) (the document has \(count))")
        }
        let crop = try page(at: index, readingAnnotations: false).bounds(for: .cropBox)
        let region = rect.standardized.intersection(crop)
        guard [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite), !region.isNull,
              region.width >= 1, region.height >= 1 else {
            throw PDFError.invalidArgument("the region \(rect) does not cover a part of page \(index + 1) (crop box \(crop))")
        }
        let copy = try PDFDocument(data: try dataRepresentation(), limits: file.limits)
        // The form as it shows, then the annotations; links and popups would point nowhere.
        do {
            _ = try copy.flattenForm()
        } catch FormError.signedDocument {
            // The copy is no longer the signed document anyway: its widgets are left out.
        }
        _ = try copy.flattenAnnotations(pages: [index])
        for other in stride(from: count - 1, through: 0, by: -1) where other != index {
            _ = try copy.removePage(at: other)
        }
        let kept = try copy.page(at: 0, readingAnnotations: false)
        var dictionary = kept.dictionary
        for key in ["MediaBox", "CropBox"] { dictionary[key] = AnnotationWriter.rectangle(region) }
        for key in ["TrimBox", "BleedBox", "ArtBox", "Annots"] { dictionary[key] = nil }
        copy.file.update(kept.reference, with: .dictionary(dictionary))
        if let catalogReference = copy.file.trailer["Root"]?.referenceValue {
            var catalog = try copy.file.catalog()
            for key in ["Outlines", "Dests", "OpenAction", "PageLabels", "AcroForm", "Names"] { catalog[key] = nil }
            copy.file.update(catalogReference, with: .dictionary(catalog))
        }
        return try copy.dataRepresentation(options: PDFWriteOptions(mode: .compact))
    }
}
