import Foundation
import Marginalia

/// Turns uploaded bytes into a PDF to store: a PDF is checked by opening it; an image (PNG,
/// JPEG, HEIC, WebP, GIF, TIFF) becomes a PDF with a page the size of the image (one pixel,
/// one point), a page per image of a multi-page TIFF. The type comes from the bytes, never
/// from a name.
enum DocumentImporter {
    /// Sniffs the format: `%PDF-` near the start (within the first 1024 bytes, as viewers
    /// allow), else an image format ``ImageFormat`` recognises.
    static func kind(of data: Data) -> DocumentKind? {
        if data.prefix(1024).range(of: Data("%PDF-".utf8)) != nil { return .pdf }
        if ImageDocument.isImage(data) { return .image }
        return nil
    }

    /// The PDF bytes to store, their kind and page count.
    ///
    /// A PDF that opens only with a password is stored without its encryption once `password`
    /// opens it (a compact rewrite), so that every viewer of the document, the browser's
    /// included, can read it; one that opens without a password (an owner password only) is
    /// stored as it came.
    ///
    /// - Throws: ``ServiceError/passwordRequired(_:)`` for an encrypted PDF that `password`
    ///   (or none) does not open; ``ServiceError/unprocessable(_:)`` for anything that is not
    ///   a readable PDF or image, and for an image past the decoder's limits (naming the limit).
    ///
    /// - Parameters:
    ///   - password: the user or owner password of an encrypted PDF, nil for none.
    ///   - open: opens PDF bytes with a password (with the service's limits and a request's meter).
    static func prepare(_ data: Data, password: String? = nil,
                        open: (Data, String?) throws -> PDFDocument = { try PDFDocument(data: $0, password: $1) }) throws -> (pdf: Data, kind: DocumentKind, pageCount: Int) {
        switch kind(of: data) {
        case .pdf:
            do {
                let (document, needsPassword) = try openWithPassword(data, password, open)
                let count = try document.pageCount
                guard count > 0 else { throw ServiceError.unprocessable("the PDF has no pages") }
                _ = try document.page(at: 0)
                guard needsPassword else { return (data, .pdf, count) }
                let clear = try document.dataRepresentation(options: PDFWriteOptions(mode: .compact, removesEncryption: true))
                return (clear, .pdf, count)
            } catch let error as ServiceError {
                throw error
            } catch let error as PDFError {
                if case .limitExceeded = error { throw ServiceError.from(error) }
                throw ServiceError.unprocessable("the PDF cannot be opened: \(error)")
            } catch {
                throw ServiceError.unprocessable("the PDF cannot be opened: \(error)")
            }
        case .image:
            let pages: [RasterImage]
            do {
                pages = try ImageDecoder().decodePages(data)
            } catch {
                throw ServiceError.unprocessable("the image cannot be read: \(error)")
            }
            return (try pdf(showing: pages), .image, pages.count)
        case nil:
            throw ServiceError.unprocessable("the file is not a PDF or an image Marginalia reads (PNG, JPEG, HEIC, WebP, GIF, TIFF)")
                .because(Reason(.unsupportedFile))
        }
    }

    /// The document opened without a password if it can be, else with `password`; and
    /// whether the password was needed.
    private static func openWithPassword(_ data: Data, _ password: String?,
                                         _ open: (Data, String?) throws -> PDFDocument) throws -> (PDFDocument, Bool) {
        do {
            return (try open(data, nil), false)
        } catch PDFError.passwordRequired {
            guard let password, !password.isEmpty else {
                throw ServiceError.passwordRequired("the PDF is encrypted: send its password in the \(passwordHeader) header")
            }
            do {
                return (try open(data, password), true)
            } catch PDFError.passwordRequired {
                throw ServiceError.passwordRequired("the password does not open this encrypted PDF")
            }
        }
    }

    /// The request header that carries an encrypted upload's password, percent-encoded UTF-8
    /// (a header, so that it stays out of URLs and access logs).
    static let passwordHeader = "X-Marginalia-Password"

    /// A PDF whose pages are the images, one point per pixel.
    static func pdf(showing images: [RasterImage]) throws -> Data {
        do {
            return try ImageDocument.data(showingPages: images)
        } catch {
            throw ServiceError.unprocessable("the image cannot be embedded: \(error)")
        }
    }
}

extension DocumentCatalogue {
    /// Stores an uploaded PDF or image as a new document (see the API's `POST /documents`).
    /// An image becomes a PDF with a page the size of the image (a page per image of a
    /// multi-page TIFF), kind `image`; an encrypted PDF opened with `password` is stored without its encryption.
    ///
    /// - Throws: ``ServiceError/badRequest(_:)`` for a bad name,
    ///   ``ServiceError/passwordRequired(_:)`` for an encrypted PDF `password` does not open,
    ///   ``ServiceError/unprocessable(_:)`` for bytes that are not a readable PDF or image.
    ///
    /// - Parameter file: the file `data` is mapped from, for an upload the server wrote to
    ///   disk as it arrived (``UploadSpooling``): a PDF is then read from the file by mapping
    ///   it, never copied whole into memory.
    public func importDocument(name: String, data: Data, file: URL? = nil, password: String? = nil) throws -> DocumentSummary {
        try guarded {
            _ = try DocumentID.validateName(name)
            let prepared = try documents.prepareUpload(data, file: file, password: password)
            let record = try store.createDocument(name: name, kind: prepared.kind, pdf: prepared.pdf,
                                                  pageCount: prepared.pageCount)
            textChanged(record.id)
            return DocumentSummary(record)
        }
    }

    /// Imports the built-in sample document when the store holds no document at all (in or
    /// out of the trash), so a new server has something to show. Replicas starting together
    /// on an empty shared store import it once between them.
    ///
    /// - Returns: the sample's summary, or nil when the store was not empty.
    @discardableResult
    public func importSampleIfEmpty() throws -> DocumentSummary? {
        guard try list().isEmpty, try trash().isEmpty else { return nil }
        return try guarded {
            let prepared = try DocumentImporter.prepare(try SampleDocument.make())
            guard let record = try store.createFirstDocument(name: "Welcome to Marginalia", kind: prepared.kind,
                                                             pdf: prepared.pdf, pageCount: prepared.pageCount, now: Date())
            else { return nil }
            textChanged(record.id)
            return DocumentSummary(record)
        }
    }
}
