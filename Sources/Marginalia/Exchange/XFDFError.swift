/// Why an XFDF file could not be imported, with where: the element path (such as
/// `/xfdf/annots/ink[2]/inklist/gesture[3]`) and the 1-based line on which the element's
/// start tag ends, as the XML parser reports it.
///
/// A path step carries the element's position among same-named siblings: always for an
/// annotation (a child of `<annots>`), and for other elements when it is above 1.
public enum XFDFError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data is not well-formed XML (or uses a document type declaration, which XFDF
    /// never needs and which is refused so that entity tricks cannot apply).
    case notXML(message: String, path: String, line: Int)
    /// The root element is not `<xfdf>` (`found` is nil for a file with no element at all).
    case missingRoot(found: String?, line: Int)
    /// An element inside `<annots>` that is not an annotation Marginalia imports.
    case unsupportedElement(name: String, path: String, line: Int)
    /// A required attribute or child element is absent.
    case missing(name: String, path: String, line: Int)
    /// A value that cannot be read: a number that is not finite, a list with the wrong
    /// count, a colour that is not `#RRGGBB`, a negative page.
    case invalidValue(name: String, value: String, expected: String, path: String, line: Int)
    /// The file has more annotations or points than Marginalia accepts in one import.
    case limitExceeded(what: String, limit: Int, path: String, line: Int)

    /// The element path where the problem is, when there is one.
    public var path: String? {
        switch self {
        case .notXML(_, let path, _), .unsupportedElement(_, let path, _), .missing(_, let path, _),
             .invalidValue(_, _, _, let path, _), .limitExceeded(_, _, let path, _):
            return path
        case .missingRoot:
            return nil
        }
    }

    /// The 1-based line (0 when the file is empty).
    public var line: Int {
        switch self {
        case .notXML(_, _, let line), .missingRoot(_, let line), .unsupportedElement(_, _, let line),
             .missing(_, _, let line), .invalidValue(_, _, _, _, let line), .limitExceeded(_, _, _, let line):
            return line
        }
    }

    /// One line for a user: `XFDF line 4, /xfdf/annots/ink[1]/inklist/gesture: ...`.
    public var description: String {
        let place = "XFDF line \(line)" + (path.map { $0.isEmpty ? "" : ", \($0)" } ?? "")
        switch self {
        case .notXML(let message, _, _):
            return "\(place): not well-formed XML: \(message)"
        case .missingRoot(let found, _):
            return found.map { "\(place): the root element is <\($0)>, not <xfdf>" } ?? "XFDF: no root element (empty file)"
        case .unsupportedElement(let name, _, _):
            return "\(place): <\(name)> is not an annotation Marginalia imports"
        case .missing(let name, _, _):
            return "\(place): \(name) is missing"
        case .invalidValue(let name, let value, let expected, _, _):
            return "\(place): \(name)=\"\(XFDFError.clip(value))\" is not \(expected)"
        case .limitExceeded(let what, let limit, _, _):
            return "\(place): more than \(limit) \(what) in one file"
        }
    }

    /// Long values (a whole gesture) are cut in messages.
    static func clip(_ value: String) -> String {
        value.count <= 48 ? value : String(value.prefix(45)) + "..."
    }
}
