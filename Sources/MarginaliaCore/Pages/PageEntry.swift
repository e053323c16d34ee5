#if !hasFeature(Embedded)
import Foundation
#endif

/// What a page typed into the page box names (the browser's page field): a page label first,
/// as the document's `/PageLabels` gives them ("iii", "A-2"), then a page number counted from 1,
/// as PDF viewers read it.
public enum PageEntry {
    /// The 0-based page `text` names among `pageCount` pages labelled `labels` (nil for a page
    /// without one), or nil. A label matches as typed, then with ASCII letters in either case;
    /// the first page with it wins. Blanks around the text do not count.
    public static func pageIndex(for text: String, labels: [String?], pageCount: Int) -> Int? {
        let entry = trimmed(text)
        guard !entry.isEmpty else { return nil }
        let count = min(labels.count, pageCount)
        if let exact = (0..<count).first(where: { labels[$0] == entry }) { return exact }
        let folded = asciiLowercased(entry)
        if let loose = (0..<count).first(where: { labels[$0].map(asciiLowercased) == folded }) { return loose }
        guard let number = Int(checking: Substring(entry), in: 1...max(1, pageCount)), pageCount > 0 else { return nil }
        return number - 1
    }

    /// What the page box shows for page `index`: its label, or its number when it has none.
    public static func display(_ index: Int, labels: [String?]) -> String {
        if labels.indices.contains(index), let label = labels[index], !label.isEmpty { return label }
        return String(index + 1)
    }

    private static func trimmed(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    private static func asciiLowercased(_ text: String) -> [UInt8] {
        text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
    }
}
