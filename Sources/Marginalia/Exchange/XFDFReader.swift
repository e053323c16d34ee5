import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an XFDF document (ISO 19444-1) into annotations with the streaming XML parser:
/// only one annotation's elements are held at a time, each is decoded as soon as its end
/// tag is read, and the first problem stops the parse with an ``XFDFError`` naming the
/// element path and line.
///
/// Elements outside `<annots>` (`<f>`, `<ids>`, `<fields>`) are not Marginalia's concern
/// and are skipped; so are unknown children of an annotation element.
final class XFDFReader: NSObject, XMLParserDelegate {
    /// What each open element is, which decides what its children are.
    private enum Role {
        case root, annots, ignored, annotation, inside
    }

    private struct Frame {
        var role: Role
        var path: String
        var childCounts: [String: Int] = [:]
    }

    private let policy: XFDFDocument.UnsupportedElementPolicy
    private var decoder = XFDFAnnotationDecoder()
    private var frames: [Frame] = []
    /// The annotation being read: its element first, then the open descendants.
    private var nodes: [XFDFNode] = []
    /// Character data of the innermost open node, not yet added to it (appending to one
    /// buffer keeps long gestures linear).
    private var pendingText = ""
    private var sawRoot = false
    private var annotationCount = 0
    private var annotations: [PDFAnnotation] = []
    private var skipped: [String] = []
    private var failure: XFDFError?
    private weak var parser: XMLParser?

    private init(policy: XFDFDocument.UnsupportedElementPolicy) {
        self.policy = policy
    }

    /// Parses `data` and returns the annotations in document order with the warnings.
    static func read(_ data: Data, policy: XFDFDocument.UnsupportedElementPolicy) throws -> XFDFDocument.ImportReport {
        // XFDF has no use for a DTD; refusing one rules out entity expansion of any kind.
        if let range = data.range(of: Data("<!DOCTYPE".utf8)) {
            let line = data[data.startIndex..<range.lowerBound].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw XFDFError.notXML(message: "a document type declaration (<!DOCTYPE>) is not accepted", path: "", line: line)
        }
        let data = try utf8Text(data)
        // Foundation's XMLParser crashes (strlen of a null pointer) on a processing
        // instruction without data, such as `<?x?>`; XFDF never needs one, so refuse it first.
        if let line = emptyProcessingInstructionLine(in: data) {
            throw XFDFError.notXML(message: "a processing instruction without data (<?name?>) is not accepted", path: "", line: line)
        }
        let reader = XFDFReader(policy: policy)
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        reader.parser = parser
        _ = parser.parse()
        if let failure = reader.failure { throw failure }
        if let error = parser.parserError {
            throw XFDFError.notXML(message: XFDFReader.message(for: error), path: reader.currentPath, line: parser.lineNumber)
        }
        guard reader.sawRoot else { throw XFDFError.missingRoot(found: nil, line: 0) }
        return XFDFDocument.ImportReport(annotations: reader.annotations, warnings: reader.skipped + reader.decoder.warnings)
    }

    /// The document as UTF-8 without NUL bytes, which is all that reaches XMLParser:
    /// libxml2 guesses other encodings from the first bytes (leading NULs read as UCS-4)
    /// and crashed on such input (found by fuzzing). UTF-16 with a byte-order mark is
    /// converted, its declaration's encoding dropped; anything else is refused.
    static func utf8Text(_ data: Data) throws -> Data {
        var text = data
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            guard let string = String(data: data, encoding: .utf16) else {
                throw XFDFError.notXML(message: "the text is not valid UTF-16", path: "", line: 1)
            }
            let undeclared = string.replacingOccurrences(of: #"(<\?xml[^>]*?)\s+encoding\s*=\s*["'][^"']*["']"#, with: "$1",
                                                         options: .regularExpression)
            text = Data(undeclared.utf8)
        }
        if let zero = text.firstIndex(of: 0) {
            let line = text[text.startIndex..<zero].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw XFDFError.notXML(message: "a NUL byte is not allowed in XML", path: "", line: line)
        }
        guard String(data: text, encoding: .utf8) != nil else {
            throw XFDFError.notXML(message: "the text is not UTF-8 (XFDF is read as UTF-8, or UTF-16 with a byte-order mark)",
                                   path: "", line: 1)
        }
        return text
    }

    /// The line of the first `<?target?>` (a processing instruction with nothing but spaces
    /// after its target), or nil.
    static func emptyProcessingInstructionLine(in data: Data) -> Int? {
        let bytes = [UInt8](data)
        var index = 0, line = 1
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        while index + 1 < bytes.count {
            if bytes[index] == 0x0A { line += 1 }
            guard bytes[index] == 0x3C, bytes[index + 1] == 0x3F else { index += 1; continue }  // "<?"
            var cursor = index + 2
            while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != 0x3F { cursor += 1 }  // the target
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            if cursor + 1 < bytes.count, bytes[cursor] == 0x3F, bytes[cursor + 1] == 0x3E { return line }  // "?>"
            index += 2
        }
        return nil
    }

    private var currentPath: String { frames.last?.path ?? "" }

    private var line: Int { parser?.lineNumber ?? 0 }

    private func fail(_ error: XFDFError) {
        guard failure == nil else { return }
        failure = error
        parser?.abortParsing()
    }

    // MARK: - XMLParserDelegate

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard failure == nil else { return }
        let local = XFDFNode.localName(elementName)
        guard var parent = frames.popLast() else {
            sawRoot = true
            guard local == "xfdf" else { return fail(.missingRoot(found: elementName, line: line)) }
            frames.append(Frame(role: .root, path: "/" + elementName))
            return
        }
        let position = (parent.childCounts[elementName] ?? 0) + 1
        parent.childCounts[elementName] = position
        frames.append(parent)
        let isAnnotation = parent.role == .annots
        let path = parent.path + "/" + elementName + (isAnnotation || position > 1 ? "[\(position)]" : "")
        let role: Role
        switch parent.role {
        case .root:
            role = local == "annots" ? .annots : .ignored
        case .annots:
            annotationCount += 1
            guard annotationCount <= XFDFDocument.maximumAnnotations else {
                return fail(.limitExceeded(what: "annotations", limit: XFDFDocument.maximumAnnotations, path: path, line: line))
            }
            if XFDFAnnotationDecoder.elementNames.contains(local) {
                role = .annotation
            } else if policy == .skip {
                skipped.append("line \(line), \(path): <\(elementName)> skipped (not an annotation Marginalia imports)")
                role = .ignored
            } else {
                return fail(.unsupportedElement(name: elementName, path: path, line: line))
            }
        case .ignored:
            role = .ignored
        case .annotation, .inside:
            role = .inside
        }
        frames.append(Frame(role: role, path: path))
        if role == .annotation || role == .inside {
            flushText()
            nodes.append(XFDFNode(name: elementName, attributes: attributeDict, path: path, line: line))
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard failure == nil, let frame = frames.popLast() else { return }
        guard frame.role == .annotation || frame.role == .inside else { return }
        flushText()
        guard let node = nodes.popLast() else { return }
        if let parent = nodes.indices.last {
            nodes[parent].content.append(.element(node))
            return
        }
        do {
            annotations.append(try decoder.decode(node))
        } catch let error as XFDFError {
            fail(error)
        } catch {
            fail(.notXML(message: "\(error)", path: node.path, line: node.line))
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard failure == nil, !nodes.isEmpty else { return }
        pendingText += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard failure == nil, !nodes.isEmpty else { return }
        pendingText += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        fail(.notXML(message: XFDFReader.message(for: parseError), path: currentPath, line: parser.lineNumber))
    }

    private func flushText() {
        guard !pendingText.isEmpty, let last = nodes.indices.last else { return }
        nodes[last].content.append(.text(pendingText))
        pendingText = ""
    }

    /// A sentence for the parser's error code. The codes are libxml2's (`xmlParserErrors`),
    /// which Apple's `NSXMLParserError` values equal and swift-corelibs-foundation passes
    /// through unchanged; its `XMLParser.ErrorCode` raw values are offset from them, so the
    /// numbers are matched here directly.
    static func message(for error: Error) -> String {
        let code = (error as NSError).code
        switch code {
        case 3, 4: return "the data does not start with an XML element"
        case 5: return "the document ends too early, or has content after the root element"
        case 76: return "an end tag does not match the open element"
        case 77: return "an element is not closed"
        case 42: return "an attribute is given twice"
        case 9: return "a character XML does not allow"
        case 6, 7, 8: return "an invalid character reference"
        case 14, 23, 25, 26: return "an undefined or unfinished entity reference"
        case 38: return "'<' inside an attribute value"
        case 39, 40, 41: return "a malformed attribute"
        case 73: return "an unfinished tag"
        default: return "XML syntax error (parser code \(code))"
        }
    }
}
