import Foundation

/// An annotation encodes as one object of the project's annotation JSON
/// (docs/annotations-json.md), so operations and the server carry annotations in the same
/// form as files do. Subtypes Marginalia cannot create encode but do not decode.
extension PDFAnnotation: Codable {
    public init(from decoder: any Decoder) throws {
        let record = try AnnotationJSON.Record(from: decoder)
        do {
            self = try record.annotation(path: "annotation")
        } catch let error as AnnotationJSONError {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try AnnotationJSON.Record(self).encode(to: encoder)
    }
}
