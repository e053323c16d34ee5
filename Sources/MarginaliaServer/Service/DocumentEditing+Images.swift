import Foundation
import Marginalia

extension DocumentEditing {
    /// An image the editor is about to place, as a file every browser shows, upright (see the
    /// API's `POST /images`): a HEIC from an iPhone, a WebP, a GIF's first frame, a TIFF's first
    /// page or a turned JPEG becomes a PNG; a JPEG that needs no turning comes back as it was.
    ///
    /// - Throws: ``ServiceError/unprocessable(_:)`` for bytes that are not an image Marginalia
    ///   reads, or one past the decoder's limits (the message names the limit).
    public func displayableImage(_ data: Data) throws -> (data: Data, mediaType: String) {
        try budgeted("converting the \(data.count)-byte image", estimate: data.count + OpenDocuments.admissionEstimate) { _ in
            do {
                return try ImageDecoder.decode(data).fileData()
            } catch let error as ImageError {
                throw ServiceError.unprocessable("the image cannot be read: \(error)").because(ServiceError.from(error).reason)
            }
        }
    }
}
