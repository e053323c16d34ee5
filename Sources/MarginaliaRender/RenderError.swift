import Foundation

/// Why a rendering failed, in words a user can act on.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// The scale is not a finite number above 0.
    case invalidScale(Double)
    /// The image would be larger than ``PageRenderer/maximumPixelCount`` (or empty).
    case tooLarge(width: Int, height: Int)
    /// There is no page with this 0-based index.
    case noSuchPage(Int, pageCount: Int)
    /// No annotation has this id.
    case noSuchAnnotation(String)
    /// The annotation has no normal appearance stream to draw.
    case noAppearance(String)
    /// The content uses things this renderer does not draw (named, with where): rendering
    /// would give a wrong picture, so it was refused (see ``RenderOptions/allowPartial``).
    case unsupported([String])
    /// cairo failed (out of memory, an invalid matrix).
    case cairo(String)

    public var description: String {
        switch self {
        case .invalidScale(let scale): return "the scale \(scale) is not a number above 0"
        case .tooLarge(let width, let height): return "an image of \(width) x \(height) pixels is empty or too large"
        case .noSuchPage(let index, let count): return "there is no page \(index + 1) (the document has \(count))"
        case .noSuchAnnotation(let id): return "no annotation has the id \(id)"
        case .noAppearance(let id): return "annotation \(id) has no appearance stream to draw"
        case .unsupported(let features):
            return "the renderer does not draw " + features.prefix(5).joined(separator: "; ")
                + (features.count > 5 ? " (and \(features.count - 5) more)" : "")
        case .cairo(let message): return "cairo: \(message)"
        }
    }
}
