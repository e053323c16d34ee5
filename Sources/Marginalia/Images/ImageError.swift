/// Why an image could not be read or embedded.
///
/// `description` is a one-line message meant for the person who chose the image.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data is neither a PNG nor a JPEG file (or is empty).
    case unsupportedFormat
    /// The data is a PNG or JPEG of a kind that cannot be embedded: a lossless or 12-bit
    /// JPEG, say. The string names what is unsupported.
    case unsupportedVariant(String)
    /// The data looks like a PNG or JPEG but is damaged or cut short. The string says how.
    case damaged(String)
    /// The image has more pixels than the decoder accepts (see
    /// ``ImageDecoder/maximumPixelCount``).
    case tooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case .unsupportedFormat:
            return "the file is not a PNG or JPEG image"
        case .unsupportedVariant(let what):
            return "this kind of image is not supported: \(what)"
        case .damaged(let how):
            return "the image is damaged: \(how)"
        case .tooLarge(let width, let height):
            return "the image is too large (\(width) × \(height) pixels)"
        }
    }
}
