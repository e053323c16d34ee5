import Foundation
import Marginalia
import MarginaliaRender

/// What is read out of a document's current state as another file or a check: a flattened
/// copy, PNG pictures of a page or an annotation, part of a page as a PDF, the signatures and
/// the certification. Each reads the state (unsaved edits included) under the document's
/// lock, then does the slow part (rendering, rewriting) outside it, within the memory budget.
public final class DocumentExports: Sendable, ServicePart {
    let documents: OpenDocuments

    init(documents: OpenDocuments) {
        self.documents = documents
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

    /// A flattened copy of the current state, written compact: annotations and form fields
    /// (with their values) burned into the pages, the form removed (a signed one too: the copy
    /// is not the signed file), nothing left to edit but links; the comments dropped, listed on
    /// summary pages at the end, or notes drawn as icons (``FlattenOptions/Comments``). The
    /// document itself stays as it is.
    public func exportFlattened(_ id: String, comments: FlattenOptions.Comments) throws -> Data {
        try budgeted("the flattened PDF export") { meter in
            try withDocument(id, meter: meter) { state in
                let copy = try open(try state.document.dataRepresentation(), meter: meter)
                try copy.flatten(FlattenOptions(forms: true, comments: comments, evenIfSigned: true))
                return try copy.dataRepresentation(options: PDFWriteOptions(mode: .compact))
            }
        }
    }
}
