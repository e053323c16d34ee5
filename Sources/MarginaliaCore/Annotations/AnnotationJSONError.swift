/// A bad value in annotation JSON, with where it is: what the one reading of annotations
/// (``AnnotationJSONFields``, ``Annotation/init(checking:path:reading:)``) throws, and what the CLI
/// and the server show (`annotations[2].color: expected a colour like "#FF8800", got "red"`).
public struct AnnotationJSONError: Error, Equatable, CustomStringConvertible {
    /// The JSON path of the value, e.g. `annotations[2].color`.
    public var path: String
    /// What is wrong with it.
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
