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
        // Every claim names the schema's prefix; most packets do not, and are not searched.
        guard mentionsSchema(text) else { return nil }
        func value(_ expressions: [NSRegularExpression]) -> String? {
            for expression in expressions {
                guard let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                      let range = Range(match.range(at: 1), in: text) else { continue }
                return String(text[range])
            }
            return nil
        }
        guard let partText = value(Self.part), partText.count <= 2, let part = Int(partText), (1...9).contains(part) else { return nil }
        let conformance = value(Self.conformance).flatMap { $0.isEmpty ? nil : String($0.prefix(2)) }
        return PDFAClaim(part: part, conformance: conformance)
    }

    /// The expressions that find property `name`'s value, as an attribute first, then as an
    /// element; compiled once (compiling them for each annotation written was a seventh of the
    /// server's instructions per stroke, docs/benchmarks.md).
    private static func expressions(_ name: String) -> [NSRegularExpression] {
        ["pdfaid:\(name)\\s*=\\s*[\"']([^\"']*)[\"']", "<pdfaid:\(name)(?:\\s[^>]*)?>\\s*([^<\\s]*)\\s*</pdfaid:\(name)>"]
            .compactMap { try? NSRegularExpression(pattern: $0) }
    }

    /// Whether `text` contains `pdfaid:`, by a plain loop over its bytes (the standard
    /// library's generic `firstRange(of:)` cost four times the expressions it spares).
    private static func mentionsSchema(_ text: String) -> Bool {
        let prefix: [UInt8] = Array("pdfaid:".utf8)
        let bytes = Array(text.utf8)
        guard bytes.count >= prefix.count else { return false }
        for start in 0...(bytes.count - prefix.count) where bytes[start] == prefix[0] {
            var matched = 1
            while matched < prefix.count && bytes[start + matched] == prefix[matched] { matched += 1 }
            if matched == prefix.count { return true }
        }
        return false
    }

    private static let part = expressions("part")
    private static let conformance = expressions("conformance")
}

extension PDFDocument {
    /// The PDF/A conformance the document's XMP metadata claims, if any.
    public var pdfaClaim: PDFAClaim? {
        guard let reference = try? file.catalog()["Metadata"]?.referenceValue,
              let bytes = try? file.decodedData(of: .reference(reference)), bytes.count <= 4 << 20 else { return nil }
        return PDFAClaim.read(fromXMP: String(decoding: bytes, as: UTF8.self))
    }
}
