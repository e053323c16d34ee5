/// One element of an annotation's subtree as read from an XFDF file: its name as written,
/// attributes, content in document order, and where it is (for error messages).
struct XFDFNode: Sendable {
    enum Content: Sendable {
        case text(String)
        case element(XFDFNode)
    }

    /// The qualified name as written (`gesture`, or `xfa:span` inside rich text).
    let name: String
    let attributes: [String: String]
    /// The element path, such as `/xfdf/annots/ink[1]/inklist/gesture[2]`.
    let path: String
    /// The line on which the start tag ends.
    let line: Int
    var content: [Content] = []

    init(name: String, attributes: [String: String], path: String, line: Int) {
        self.name = name
        self.attributes = attributes
        self.path = path
        self.line = line
    }

    /// The name without a namespace prefix: XFDF elements are matched by local name, so a
    /// file that binds the XFDF namespace to a prefix reads the same.
    var localName: String { XFDFNode.localName(name) }

    static func localName(_ name: String) -> String {
        name.split(separator: ":", maxSplits: 1).last.map(String.init) ?? name
    }

    /// The character data directly inside the element.
    var text: String {
        var result = ""
        for case .text(let piece) in content { result += piece }
        return result
    }

    func children(named name: String) -> [XFDFNode] {
        content.compactMap {
            guard case .element(let child) = $0, child.localName == name else { return nil }
            return child
        }
    }

    func child(named name: String) -> XFDFNode? {
        for case .element(let child) in content where child.localName == name { return child }
        return nil
    }
}
