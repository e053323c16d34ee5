import Foundation
import PDFCore

/// The default appearance string `/DA` (ISO 32000-2, 12.7.4.3): a font, a size and a colour
/// in content-stream syntax, e.g. `/Helv 12 Tf 0 0 1 rg`.
struct DefaultAppearance: Hashable, Sendable {
    /// The font resource name as written (`Helv`, `Helvetica`...).
    var fontName: String
    /// 0 means "auto size" in form fields.
    var fontSize: Double
    var color: Color?

    init(fontName: String, fontSize: Double, color: Color?) {
        self.fontName = fontName
        self.fontSize = fontSize
        self.color = color
    }

    /// Parses the operators it knows (`Tf`, `g`, `rg`, `k`) and ignores the rest.
    init(_ text: String) {
        fontName = "Helvetica"
        fontSize = 12
        color = nil
        var operands: [Substring] = []
        operands.reserveCapacity(4)
        for token in Self.tokens(of: text) {
            switch Operator(token) {
            case .font:
                if operands.count >= 2 {
                    let name = operands[operands.count - 2]
                    if name.hasPrefix("/") { fontName = String(name.dropFirst()) }
                    fontSize = Double(operands[operands.count - 1]).map { $0.isFinite ? max(0, $0) : 12 } ?? 12
                }
                operands.removeAll(keepingCapacity: true)
            case .color(let count):
                let values = operands.suffix(count).compactMap { Double($0) }
                if values.count == count { color = Color(pdfComponents: values) }
                operands.removeAll(keepingCapacity: true)
            case nil:
                operands.append(token)
            }
        }
    }

    /// An operator of `/DA` this reader knows, told by its bytes (a Substring's `==` compares
    /// Unicode-canonically, which cost more than the rest of the reading).
    private enum Operator {
        /// `Tf`.
        case font
        /// `g`, `rg` or `k`, with the number of components each takes.
        case color(Int)

        init?(_ token: Substring) {
            let bytes = token.utf8
            switch bytes.count {
            case 1 where bytes.first == UInt8(ascii: "g"): self = .color(1)
            case 1 where bytes.first == UInt8(ascii: "k"): self = .color(4)
            case 2 where bytes.elementsEqual("Tf".utf8): self = .font
            case 2 where bytes.elementsEqual("rg".utf8): self = .color(3)
            default: return nil
            }
        }
    }

    /// The tokens of `text` between PDF white-space characters (ISO 32000-2, 7.2.3: NUL, tab,
    /// line feed, form feed, carriage return, space), a name's `/` also starting one (the
    /// other delimiters, of strings, arrays and dictionaries, have no place in `/DA` and are
    /// not split on), found in its UTF-8 bytes: splitting its characters took most of drawing
    /// a form field, and took "\r\n", one character, for no separator at all.
    static func tokens(of text: String) -> [Substring] {
        var tokens: [Substring] = []
        let bytes = text.utf8
        var start: String.Index?
        var index = bytes.startIndex
        while index != bytes.endIndex {
            switch bytes[index] {
            case 0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20:
                if let first = start { tokens.append(text[first..<index]) }
                start = nil
            case 0x2F:  // a name's solidus ends what came before it: `0 g/Helv 12 Tf`
                if let first = start { tokens.append(text[first..<index]) }
                start = index
            default:
                if start == nil { start = index }
            }
            bytes.formIndex(after: &index)
        }
        if let first = start { tokens.append(text[first...]) }
        return tokens
    }

    /// `/Name size Tf r g b rg`.
    var string: String {
        let components = (color ?? .black).pdfComponents.map(PDFSyntax.number).joined(separator: " ")
        return "\(PDFSyntax.name(fontName)) \(PDFSyntax.number(fontSize)) Tf \(components) rg"
    }
}
