import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Rich text (ISO 32000-2, 12.7.4.4) in XFDF: the XHTML of `/RC` goes into
/// `<contents-richtext>` as elements, not as an escaped string (ISO 19444-1, "Rich text
/// strings"), and comes back out serialised again.
enum XFDFRichText {
    /// The markup to place inside `<contents-richtext>`: the rich text itself when it is a
    /// well-formed XML fragment (its own XML declaration removed, since none may appear
    /// inside an element), otherwise the string escaped as character data.
    static func embeddable(_ richText: String) -> String {
        var body = Substring(richText.trimmingCharacters(in: .whitespacesAndNewlines))
        if body.hasPrefix("<?xml"), let end = body.range(of: "?>") {
            body = body[end.upperBound...]
        }
        let fragment = body.trimmingCharacters(in: .whitespacesAndNewlines)
        return isWellFormedFragment(fragment) ? fragment : XFDFSyntax.escapeText(richText)
    }

    /// Whether `fragment` parses as the content of one element (no DTD allowed).
    static func isWellFormedFragment(_ fragment: String) -> Bool {
        guard !fragment.contains("<!DOCTYPE"), fragment.unicodeScalars.allSatisfy(XFDFSyntax.isXMLCharacter) else {
            return false
        }
        let parser = XMLParser(data: Data(("<r>" + fragment + "</r>").utf8))
        parser.shouldResolveExternalEntities = false
        return parser.parse() && parser.parserError == nil
    }

    /// Serialises what was read inside `<contents-richtext>` back to an XHTML string, as
    /// `/RC` holds it. Attribute order is not kept by the XML parser: namespace
    /// declarations come first, then the other attributes by name.
    static func serialize(_ content: [XFDFNode.Content]) -> String {
        var out = ""
        for item in content { write(item, to: &out) }
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func write(_ item: XFDFNode.Content, to out: inout String) {
        switch item {
        case .text(let text):
            out += XFDFSyntax.escapeText(text)
        case .element(let node):
            out += "<" + node.name
            let ordered = node.attributes.sorted { lhs, rhs in
                let (l, r) = (lhs.key.hasPrefix("xmlns"), rhs.key.hasPrefix("xmlns"))
                return l != r ? l : lhs.key < rhs.key
            }
            for (key, value) in ordered {
                out += " \(key)=\"\(XFDFSyntax.escapeAttribute(value))\""
            }
            guard !node.content.isEmpty else {
                out += "/>"
                return
            }
            out += ">"
            for child in node.content { write(child, to: &out) }
            out += "</\(node.name)>"
        }
    }
}
