import Foundation
import Marginalia
import MarginaliaRender

// What the editor's Save as, PNG export and Export view as PDF ask the store for. Each reads
// the current state (unsaved edits included) under the document's lock, then does the slow
// part (rendering, rewriting) outside it.

extension DocumentService {
    /// Save as: a new document named `name` holding document `id`'s current state (unsaved
    /// edits included) as its first version, of the same kind. Document `id` is left as it
    /// is, its unsaved edits still unsaved.
    ///
    /// - Throws: ``ServiceError/notFound(_:)``, ``ServiceError/badRequest(_:)`` for a bad name.
    public func saveAs(_ id: String, name: String) throws -> DocumentSummary {
        let (data, kind, pageCount) = try withDocument(id) { state in
            (try state.document.dataRepresentation(), try store.document(id).kind, try state.document.pageCount)
        }
        return try guarded {
            DocumentSummary(try store.createDocument(name: name, kind: kind, pdf: data, pageCount: pageCount))
        }
    }

    /// A PNG of page `page` (0-based) in the current state with its annotations: an image
    /// document's page at the image's own pixel size by default, any other page at `scale`
    /// pixels per point (default 1), when the renderer draws everything on it.
    ///
    /// - Throws: ``ServiceError/unprocessable(_:)`` for a page out of range, a bad scale, or a
    ///   page the renderer cannot draw (the message names what).
    public func exportPNG(_ id: String, page: Int, scale: Double?) throws -> Data {
        try renderedPNG(id, "the PNG export of page \(page + 1)") { document in
            try PageRenderer.render(page: page, of: document, options: RenderOptions(scale: scale))
        }
    }

    /// What `draw` renders from a copy of document `id`'s current state, as a PNG: heavy work
    /// named `what` within the memory budget; a renderer's refusal is 422 naming what.
    func renderedPNG(_ id: String, _ what: String, _ draw: (PDFDocument) throws -> RenderedImage) throws -> Data {
        try budgeted(what) { meter in
            let data = try withDocument(id, meter: meter) { state in try state.document.dataRepresentation() }
            return try guarded {
                do {
                    return try draw(try open(data, meter: meter)).pngData()
                } catch let error as RenderError {
                    throw ServiceError.unprocessable(error.description)
                }
            }
        }
    }

    /// The part `rect` (page space) of page `page` as a one-page vector PDF, annotations
    /// burned in (``PDFDocument/regionPDF(page:rect:)``): the editor's Export view as PDF.
    ///
    /// - Throws: ``ServiceError/unprocessable(_:)`` for a page out of range or a rect off the page.
    public func exportRegion(_ id: String, page: Int, rect: CGRect) throws -> Data {
        try budgeted("the PDF export of part of page \(page + 1)") { meter in
            let data = try withDocument(id, meter: meter) { state in try state.document.dataRepresentation() }
            return try guarded { try open(data, meter: meter).regionPDF(page: page, rect: rect) }
        }
    }
}
