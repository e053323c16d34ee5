import Foundation
import PDFCore

/// What a document claims to conform to, by the PDF/A identification schema in its XMP
/// metadata (ISO 19005: `pdfaid:part` and `pdfaid:conformance`). A claim, not a check:
/// Marginalia keeps what it writes within it (docs/accessibility.md).
public struct PDFAClaim: Hashable, Sendable, CustomStringConvertible {
    /// The part: 1 to 4.
    public var part: Int
    /// The conformance level (`A`, `B`, `U`, or for part 4 `E`/`F`), when given.
    public var conformance: String?

    public var description: String { "PDF/A-\(part)\(conformance?.lowercased() ?? "")" }

    /// Whether the part forbids transparency (PDF/A-1: no soft masks, constant opacity 1,
    /// the Normal blend mode only).
    public var forbidsTransparency: Bool { part == 1 }

    /// The claim an XMP packet makes, whether written as elements or as attributes; nil when
    /// it makes none or names a part that is not a small number.
    static func read(fromXMP text: String) -> PDFAClaim? {
        func value(_ name: String) -> String? {
            for pattern in ["pdfaid:\(name)\\s*=\\s*[\"']([^\"']*)[\"']", "<pdfaid:\(name)(?:\\s[^>]*)?>\\s*([^<\\s]*)\\s*</pdfaid:\(name)>"] {
                guard let expression = try? NSRegularExpression(pattern: pattern),
                      let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                      let range = Range(match.range(at: 1), in: text) else { continue }
                return String(text[range])
            }
            return nil
        }
        guard let partText = value("part"), partText.count <= 2, let part = Int(partText), (1...9).contains(part) else { return nil }
        let conformance = value("conformance").flatMap { $0.isEmpty ? nil : String($0.prefix(2)) }
        return PDFAClaim(part: part, conformance: conformance)
    }
}

extension PDFDocument {
    /// The PDF/A conformance the document's XMP metadata claims, if any.
    public var pdfaClaim: PDFAClaim? {
        guard let reference = try? file.catalog()["Metadata"]?.referenceValue,
              let bytes = try? file.decodedData(of: .reference(reference)), bytes.count <= 4 << 20 else { return nil }
        return PDFAClaim.read(fromXMP: String(decoding: bytes, as: UTF8.self))
    }
}
