import Foundation

/// The vocabulary of XFDF (ISO 19444-1) shared by the writer and the reader: how numbers,
/// point lists and text are written, and the names XFDF uses for flags, border styles,
/// justification and fonts.
enum XFDFSyntax {
    static let namespace = "http://ns.adobe.com/xfdf/"

    // MARK: - Numbers and points

    /// A number as XFDF files carry it: no exponent, at most 4 decimals, no trailing zeros,
    /// never `-0`. Callers keep NaN and infinities out (the writer skips such annotations).
    static func number(_ value: Double) -> String {
        // Integer arithmetic where it is exact: fast and free of locale and exponent forms.
        if abs(value) < 1e11 {
            let scaled = Int64((value * 10_000).rounded())
            if scaled == 0 { return "0" }
            let magnitude = scaled.magnitude
            let whole = magnitude / 10_000
            var fraction = magnitude % 10_000
            var text = (scaled < 0 ? "-" : "") + String(whole)
            if fraction != 0 {
                var digits = 4
                while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
                let part = String(fraction)
                text += "." + String(repeating: "0", count: digits - part.count) + part
            }
            return text
        }
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `x,y;x,y;...`: the form of `<gesture>` and `<vertices>`.
    static func pointList(_ points: [CGPoint]) -> String {
        points.map { number(Double($0.x)) + "," + number(Double($0.y)) }.joined(separator: ";")
    }

    /// `x,y,x,y,...`: the form of `coords` and `rect`.
    static func flatList(_ numbers: [Double]) -> String {
        numbers.map(number).joined(separator: ",")
    }

    /// One number as written in XFDF (see ``XFDFNumberList`` for the form); nil when it is
    /// not one finite decimal number.
    static func parseNumber<S: StringProtocol>(_ text: S) -> Double? {
        guard let values = XFDFNumberList.numbers(text), values.count == 1 else { return nil }
        return values[0]
    }

    // MARK: - Text

    /// Escapes character data; `\r` becomes `&#13;` so it survives XML's line-end
    /// normalisation. Characters XML 1.0 cannot carry at all (most C0 controls) are dropped.
    static func escapeText(_ text: String) -> String {
        escape(text, attribute: false)
    }

    /// Escapes an attribute value; tab, line feed and carriage return become character
    /// references, because attribute-value normalisation would turn them into spaces.
    static func escapeAttribute(_ text: String) -> String {
        escape(text, attribute: true)
    }

    private static func escape(_ text: String, attribute: Bool) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"" where attribute: out.append(contentsOf: "&quot;".unicodeScalars)
            case "\r": out.append(contentsOf: "&#13;".unicodeScalars)
            case "\n" where attribute: out.append(contentsOf: "&#10;".unicodeScalars)
            case "\t" where attribute: out.append(contentsOf: "&#9;".unicodeScalars)
            default:
                if isXMLCharacter(scalar) { out.append(scalar) }
            }
        }
        return String(out)
    }

    /// XML 1.0, production 2 (`Char`).
    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    // MARK: - Names

    /// The `flags` attribute's names, in bit order (ISO 32000-2, Table 167).
    static let flagNames: [(String, PDFAnnotationFlags)] = [
        ("invisible", .invisible), ("hidden", .hidden), ("print", .print), ("nozoom", .noZoom),
        ("norotate", .noRotate), ("noview", .noView), ("readonly", .readOnly), ("locked", .locked),
        ("togglenoview", .toggleNoView), ("lockedcontents", .lockedContents),
    ]

    static func flags(_ flags: PDFAnnotationFlags) -> String {
        flagNames.filter { flags.contains($0.1) }.map(\.0).joined(separator: ",")
    }

    /// The `style` attribute's names. XFDF also has `cloudy`, which the model does not
    /// draw; it reads as solid.
    static let styleNames: [(String, PDFBorder.Style)] = [
        ("solid", .solid), ("dash", .dashed), ("bevelled", .beveled), ("inset", .inset), ("underline", .underline),
    ]

    static func styleName(_ style: PDFBorder.Style) -> String {
        styleNames.first { $0.1 == style }?.0 ?? "solid"
    }

    /// The `justification` attribute of `<freetext>` (the `/Q` key).
    static func justification(_ alignment: PDFAnnotation.FreeText.Alignment) -> String {
        switch alignment {
        case .left: return "left"
        case .center: return "centered"
        case .right: return "right"
        }
    }

    static func alignment(_ justification: String) -> PDFAnnotation.FreeText.Alignment? {
        switch justification.lowercased() {
        case "left": return .left
        case "centered", "center": return .center
        case "right": return .right
        default: return nil
        }
    }

    /// Acrobat names the standard-14 fonts in a default appearance by short resource names
    /// (`/Helv 12 Tf`); the model uses the PostScript names. Fonts not listed keep their name.
    static let fontResourceNames: [(resource: String, font: String)] = [
        ("Helv", "Helvetica"), ("HeBo", "Helvetica-Bold"), ("HeOb", "Helvetica-Oblique"),
        ("HeBO", "Helvetica-BoldOblique"), ("TiRo", "Times-Roman"), ("TiBo", "Times-Bold"),
        ("TiIt", "Times-Italic"), ("TiBI", "Times-BoldItalic"), ("Cour", "Courier"), ("CoBo", "Courier-Bold"),
        ("CoOb", "Courier-Oblique"), ("CoBO", "Courier-BoldOblique"), ("Symb", "Symbol"), ("ZaDb", "ZapfDingbats"),
    ]

    static func resourceName(forFont font: String) -> String {
        fontResourceNames.first { $0.font == font }?.resource ?? font
    }

    static func font(forResourceName name: String) -> String {
        fontResourceNames.first { $0.resource == name }?.font ?? name
    }

    // MARK: - Images

    /// A `data:` URL for stamp image data, typed by its signature.
    static func dataURL(_ data: Data) -> String {
        let type: String
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            type = "image/png"
        } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            type = "image/jpeg"
        } else {
            type = "application/octet-stream"
        }
        return "data:\(type);base64," + data.base64EncodedString()
    }

    /// Reads a `data:...;base64,` URL or bare base64 (whitespace allowed); nil when the
    /// text is not base64.
    static func imageData(_ text: String) -> Data? {
        var body = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        if body.hasPrefix("data:") {
            guard let comma = body.firstIndex(of: ","), body[..<comma].hasSuffix(";base64") else { return nil }
            body = body[body.index(after: comma)...]
        }
        let compact = String(body.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) })
        guard !compact.isEmpty else { return nil }
        return Data(base64Encoded: compact)
    }
}
