#if !hasFeature(Embedded)
import Foundation
#endif

// The page box (docs/engine.md, "Page labels"): what a typed entry names (`pageEntry`) and what
// the box shows for a page (`pageLabel`), from the labels `setPages` gave.

extension EngineBridge {
    func pageEntryCall(_ name: String, _ request: JSONField) throws(CommandError) -> JSONValue? {
        switch name {
        case "pageEntry":
            let text = try request.member("text").string()
            guard let index = PageEntry.pageIndex(for: text, labels: pageLabels, pageCount: engine.viewport.pages.count) else {
                return .object([])
            }
            return .object([("pageIndex", .integer(index))])
        case "pageLabel":
            let index = try request.member("pageIndex").integer(in: 0...Int(Int32.max))
            return .object([("text", .string(PageEntry.display(index, labels: pageLabels)))])
        default:
            return nil
        }
    }

    /// The `label` of each page of a `setPages` list (nil where there is none).
    static func labels(_ field: JSONField) throws(CommandError) -> [String?] {
        var labels: [String?] = []
        for item in try field.array(maximumCount: 1_000_000) { labels.append(try item.optionalMember("label")?.string()) }
        return labels
    }
}
