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
        guard mentionsSchema(text.utf8) else { return nil }
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

    /// Whether `bytes` (UTF-8) contain `pdfaid:`, found in place, each `p` by the C library's
    /// `memchr`: the standard library's generic `firstRange(of:)` cost four times the
    /// expressions it spares, and a loop over a copy of the packet's bytes, with the packet
    /// made a `String` first, about 24,000 instructions of each annotation written
    /// (docs/benchmarks.md, "profile").
    static func mentionsSchema<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        func search(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let base = buffer.baseAddress else { return false }
            let count = schemaPrefix.count
            var start = 0
            while buffer.count - start >= count,
                  let found = memchr(base + start, Int32(schemaPrefix[0]), buffer.count - start - count + 1) {
                let at = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
                if (1..<count).allSatisfy({ buffer[at + $0] == schemaPrefix[$0] }) { return true }
                start = at + 1
            }
            return false
        }
        return bytes.withContiguousStorageIfAvailable(search) ?? Array(bytes).withUnsafeBufferPointer(search)
    }

    private static let schemaPrefix: [UInt8] = Array("pdfaid:".utf8)

    private static let part = expressions("part")
    private static let conformance = expressions("conformance")
}

extension PDFDocument {
    /// The PDF/A conformance the document's XMP metadata claims, if any.
    public var pdfaClaim: PDFAClaim? {
        guard let reference = try? file.catalog()["Metadata"]?.referenceValue,
              let bytes = try? file.decodedData(of: .reference(reference)), bytes.count <= 4 << 20,
              PDFAClaim.mentionsSchema(bytes)  // most packets claim nothing: not made a string
        else { return nil }
        return PDFAClaim.read(fromXMP: String(decoding: bytes, as: UTF8.self))
    }
}
