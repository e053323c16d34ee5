/// Why an image could not be read or embedded.
///
/// `description` is a one-line message meant for the person who chose the image.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data is not in a format the decoder reads (see ``ImageFormat``), or is empty.
    case unsupportedFormat
    /// The data is in a known format but of a kind that cannot be embedded: a lossless or
    /// 12-bit JPEG, an animated WebP, say. The string names what is unsupported.
    case unsupportedVariant(String)
    /// The data looks like an image but is damaged or cut short. The string says how.
    case damaged(String)
    /// The image has more pixels than the decoder accepts: `limit` is
    /// ``ImageDecoder/maximumPixelCount`` (or, for the pages of a TIFF together,
    /// ``ImageDecoder/maximumTotalPixelCount``).
    case tooLarge(width: Int, height: Int, limit: Int)
    /// The file has more pages than ``ImageDecoder/maximumPageCount``.
    case tooManyPages(count: Int, limit: Int)
    /// The library that decodes the format cannot be loaded on this machine: `package` is
    /// the Debian package that installs it.
    case codecUnavailable(format: String, package: String)

    public var description: String {
        switch self {
        case .unsupportedFormat:
            return "the file is not an image Marginalia reads (PNG, JPEG, HEIC, WebP, GIF or TIFF)"
        case .unsupportedVariant(let what):
            return "this kind of image is not supported: \(what)"
        case .damaged(let how):
            return "the image is damaged: \(how)"
        case .tooLarge(let width, let height, let limit):
            return "the image is too large (\(width) × \(height) pixels; the limit is \(limit) pixels)"
        case .tooManyPages(let count, let limit):
            return "the image has too many pages (\(count); the limit is \(limit))"
        case .codecUnavailable(let format, let package):
            return "\(format) images cannot be read here: the library is missing (install the Debian package \(package))"
        }
    }
}
