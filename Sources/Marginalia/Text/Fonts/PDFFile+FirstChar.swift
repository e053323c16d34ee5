import Foundation
import PDFCore

extension PDFFile {
    /// A simple font's `/FirstChar` (ISO 32000-2, 9.6.2.1: the code of `/Widths`' first entry),
    /// 0 when missing, held far from `Int`'s edges so `code - firstChar` cannot overflow: a
    /// damaged file's `-9223372036854775807` once stopped a server's text indexer and PNG export.
    /// The text reader and the renderer both read it here.
    public func firstCharacterCode(of font: PDFDictionary) -> Int {
        let value = (try? resolve(font["FirstChar"] ?? .null))?.integerValue ?? 0
        return max(-(1 << 20), min(1 << 20, value))
    }
}
