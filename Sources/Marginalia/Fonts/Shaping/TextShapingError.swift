/// Why text could not be shaped or ordered.
public enum TextShapingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A library the shaping needs is not installed (`library`, from Debian's `package`).
    case libraryMissing(library: String, package: String)
    /// HarfBuzz could not read the font at `path`.
    case unreadableFont(path: String)
    /// HarfBuzz or FriBidi ran out of memory on a paragraph of `length` characters.
    case outOfMemory(length: Int)

    public var description: String {
        switch self {
        case .libraryMissing(let library, let package):
            "cannot shape text: \(library) is not installed (Debian package \(package))"
        case .unreadableFont(let path):
            "cannot shape text: HarfBuzz cannot read the font \(path)"
        case .outOfMemory(let length):
            "cannot shape text: out of memory on a paragraph of \(length) characters"
        }
    }
}
