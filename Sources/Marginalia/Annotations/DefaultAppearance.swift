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
        var operands: [String] = []
        for token in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }) {
            switch token {
            case "Tf":
                if operands.count >= 2 {
                    let name = operands[operands.count - 2]
                    if name.hasPrefix("/") { fontName = String(name.dropFirst()) }
                    fontSize = Double(operands[operands.count - 1]).map { $0.isFinite ? max(0, $0) : 12 } ?? 12
                }
                operands.removeAll()
            case "g", "rg", "k":
                let count = token == "g" ? 1 : token == "rg" ? 3 : 4
                let values = operands.suffix(count).compactMap(Double.init)
                if values.count == count { color = Color(pdfComponents: values) }
                operands.removeAll()
            default:
                operands.append(String(token))
            }
        }
    }

    /// `/Name size Tf r g b rg`.
    var string: String {
        let components = (color ?? .black).pdfComponents.map(PDFSyntax.number).joined(separator: " ")
        return "\(PDFSyntax.name(fontName)) \(PDFSyntax.number(fontSize)) Tf \(components) rg"
    }
}
