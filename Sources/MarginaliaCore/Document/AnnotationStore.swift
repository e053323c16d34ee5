#if !hasFeature(Embedded)
import Foundation
#endif

/// The open document's annotations as the browser's editor knows them: each annotation's JSON
/// (docs/annotations-json.md) by page in drawing order (bottom first, as in `/Annots`), and the
/// revision of the document's operation log they reflect. It is the browser's one copy: the
/// views ask it for a page's annotations each time they draw, and it follows the log
/// (``apply(_:)``, AnnotationStore+Log.swift); the engine's geometry and review index are fed
/// from the same JSON by ``EngineBridge``.
///
/// Each annotation carries a serial, a number the store gives it whenever its JSON is set (added,
/// changed, or the whole list taken): equal serials mean the same JSON, so a caller may keep what
/// it made of an annotation until its serial changes. Serials only grow, across lists too.
public final class AnnotationStore {
    /// One annotation as kept: its JSON, its page and its serial.
    public struct Entry {
        public var json: JSONValue
        public var pageIndex: Int
        public var serial: Int
    }

    /// The revision of the operation log the annotations reflect (0: none applied).
    public internal(set) var revision = 0
    var byID: [String: Entry] = [:]
    /// Each page's ids in drawing order, bottom first.
    var order: [Int: [String]] = [:]
    var lastSerial = 0

    public init() {}

    /// How many annotations it holds.
    public var count: Int { byID.count }

    /// The annotation with this id, if it holds one.
    public func entry(id: String) -> Entry? { byID[id] }

    /// The ids of page `index`'s annotations in drawing order, bottom first.
    public func ids(onPage index: Int) -> [String] { order[index] ?? [] }

    /// The pages holding annotations, in increasing order.
    public var pages: [Int] { order.keys.filter { !(order[$0]?.isEmpty ?? true) }.sorted() }

    /// Every annotation's id: page by page, each page in drawing order.
    public var allIDs: [String] { pages.flatMap { order[$0] ?? [] } }

    /// Takes `annotations` (each an object with a string `id` and an integer `pageIndex`) in
    /// place of those it held, at `revision`; in list order, which is each page's drawing order.
    /// Answers the pages whose annotations it had or has now, and the problems of the items it
    /// could not take (no id, no page), which are left out.
    public func set(_ annotations: [JSONValue], revision: Int) -> (pages: [Int], problems: [String]) {
        var touched = Set(pages)
        byID = [:]
        order = [:]
        var problems: [String] = []
        for (index, item) in annotations.enumerated() {
            do throws(CommandError) {
                let (id, page) = try Self.identity(JSONField(item, path: "annotations[\(index)]"))
                put(item, id: id, page: page, onTop: true)
                touched.insert(page)
            } catch {
                problems.append(error.message)
            }
        }
        self.revision = revision
        return (touched.sorted(), problems)
    }

    /// An annotation's id and page, as the JSON gives them.
    static func identity(_ field: JSONField) throws(CommandError) -> (id: String, page: Int) {
        (try field.member("id").string(), try field.member("pageIndex").integer(in: 0...Int(Int32.max)))
    }

    /// Sets an annotation's JSON with a new serial. One it holds on the same page keeps its
    /// place unless `onTop`; otherwise it goes on top of its page.
    func put(_ json: JSONValue, id: String, page: Int, onTop: Bool) {
        lastSerial += 1
        if let old = byID[id], old.pageIndex == page, !onTop {
            byID[id] = Entry(json: json, pageIndex: page, serial: lastSerial)
            return
        }
        if byID[id] != nil { remove(id: id) }
        byID[id] = Entry(json: json, pageIndex: page, serial: lastSerial)
        order[page, default: []].append(id)
    }

    /// Removes an annotation; answers the page it was on.
    @discardableResult
    func remove(id: String) -> Int? {
        guard let old = byID.removeValue(forKey: id) else { return nil }
        order[old.pageIndex]?.removeAll { $0 == id }
        return old.pageIndex
    }

    /// Moves an annotation to `position` among its page's others (0 is the bottom; clamped);
    /// answers its page.
    @discardableResult
    func arrange(id: String, to position: Int) -> Int? {
        guard let page = byID[id]?.pageIndex, var ids = order[page] else { return nil }
        ids.removeAll { $0 == id }
        ids.insert(id, at: min(max(0, position), ids.count))
        order[page] = ids
        return page
    }
}
