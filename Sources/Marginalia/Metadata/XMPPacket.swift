import Foundation

/// Updates the document properties inside an XMP packet (ISO 16684-1) so that they agree
/// with the Info dictionary, as ISO 32000-2, 14.3.2 asks of writers that change either.
///
/// The packet is edited as text: the properties Marginalia owns are replaced where they
/// are (element or attribute form, whatever prefix the packet binds their namespace to),
/// added in a new `rdf:Description` when missing, and everything else is left untouched.
struct XMPPacket {
    private(set) var text: String

    init(text: String) {
        self.text = text
    }

    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let adobePDF = "http://ns.adobe.com/pdf/1.3/"
    static let xmpBasic = "http://ns.adobe.com/xap/1.0/"

    private enum Shape { case simple, alternative, sequence }

    /// Sets every property from `metadata` (nil removes it).
    mutating func update(with metadata: DocumentMetadata) {
        let properties: [(String, String, String?, Shape)] = [
            (XMPPacket.dublinCore, "title", metadata.title, .alternative),
            (XMPPacket.dublinCore, "creator", metadata.author, .sequence),
            (XMPPacket.dublinCore, "description", metadata.subject, .alternative),
            (XMPPacket.adobePDF, "Keywords", metadata.keywords, .simple),
            (XMPPacket.xmpBasic, "CreatorTool", metadata.creator, .simple),
            (XMPPacket.adobePDF, "Producer", metadata.producer, .simple),
            (XMPPacket.xmpBasic, "CreateDate", metadata.creationDate.map { PDFDate.formatXMP($0) }, .simple),
            (XMPPacket.xmpBasic, "ModifyDate", metadata.modificationDate.map { PDFDate.formatXMP($0) }, .simple),
            (XMPPacket.xmpBasic, "MetadataDate", metadata.modificationDate.map { PDFDate.formatXMP($0) }, .simple),
        ]
        var missing: [(String, String, String, Shape)] = []
        for (namespace, name, value, shape) in properties {
            let prefix = prefix(for: namespace)
            let qualified = "\(prefix ?? "") :\(name)".replacingOccurrences(of: " ", with: "")
            let removedOrReplaced = prefix != nil && replace(qualified, with: value, shape: shape)
            if !removedOrReplaced, let value { missing.append((namespace, name, value, shape)) }
        }
        if !missing.isEmpty { insert(missing) }
    }

    /// The prefix the packet binds `namespace` to, if any.
    private func prefix(for namespace: String) -> String? {
        guard let range = text.range(of: "=\"\(namespace)\"") ?? text.range(of: "='\(namespace)'") else { return nil }
        let before = text[..<range.lowerBound]
        guard let colon = before.lastIndex(of: ":") else { return nil }
        let candidate = before[before.index(after: colon)...]
        guard before[..<colon].hasSuffix("xmlns"), !candidate.isEmpty,
              candidate.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
        else { return nil }
        return String(candidate)
    }

    /// Replaces (or with nil removes) the property in element or attribute form; false
    /// when the packet does not have it.
    private mutating func replace(_ qualified: String, with value: String?, shape: Shape) -> Bool {
        let open = "<\(qualified)"
        let close = "</\(qualified)>"
        var searchStart = text.startIndex
        while let start = text.range(of: open, range: searchStart..<text.endIndex) {
            let after = text[start.upperBound...].first
            guard after == ">" || after == " " || after == "/" || after == "\n" || after == "\t" || after == "\r" else {
                searchStart = start.upperBound
                continue
            }
            guard let tagEnd = text.range(of: ">", range: start.upperBound..<text.endIndex) else { return false }
            let element: Range<String.Index>
            if text[text.index(before: tagEnd.lowerBound)] == "/" {
                element = start.lowerBound..<tagEnd.upperBound
            } else if let end = text.range(of: close, range: tagEnd.upperBound..<text.endIndex) {
                element = start.lowerBound..<end.upperBound
            } else {
                return false
            }
            text.replaceSubrange(element, with: value.map { XMPPacket.element(qualified, $0, shape) } ?? "")
            return true
        }
        // Attribute form: prefix:name="value" on an rdf:Description.
        for quote in ["\"", "'"] {
            let attribute = "\(qualified)=\(quote)"
            guard let start = text.range(of: attribute),
                  let end = text.range(of: quote, range: start.upperBound..<text.endIndex)
            else { continue }
            if let value {
                text.replaceSubrange(start.upperBound..<end.lowerBound, with: XMPPacket.escape(value))
            } else {
                text.replaceSubrange(start.lowerBound..<end.upperBound, with: "")
            }
            return true
        }
        return false
    }

    /// Adds the properties in a new description, with namespace declarations of its own.
    private mutating func insert(_ properties: [(String, String, String, Shape)]) {
        let prefixes = [XMPPacket.dublinCore: "dc", XMPPacket.adobePDF: "pdf", XMPPacket.xmpBasic: "xmp"]
        var body = "<rdf:Description rdf:about=\"\""
        for (namespace, prefix) in prefixes.sorted(by: { $0.value < $1.value }) {
            body += " xmlns:\(prefix)=\"\(namespace)\""
        }
        body += ">"
        for (namespace, name, value, shape) in properties {
            body += XMPPacket.element("\(prefixes[namespace] ?? "x"):\(name)", value, shape)
        }
        body += "</rdf:Description>\n"
        if let end = text.range(of: "</rdf:RDF>") {
            text.insert(contentsOf: body, at: end.lowerBound)
        }
    }

    private static func element(_ qualified: String, _ value: String, _ shape: Shape) -> String {
        let escaped = escape(value)
        switch shape {
        case .simple:
            return "<\(qualified)>\(escaped)</\(qualified)>"
        case .alternative:
            return "<\(qualified)><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escaped)</rdf:li></rdf:Alt></\(qualified)>"
        case .sequence:
            return "<\(qualified)><rdf:Seq><rdf:li>\(escaped)</rdf:li></rdf:Seq></\(qualified)>"
        }
    }

    static func escape(_ value: String) -> String {
        var result = ""
        for c in value {
            switch c {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(c)
            }
        }
        return result
    }
}
