#if !hasFeature(Embedded)
import Foundation
#endif

// Following the document's operation log (docs/operations.md, docs/api.md's logged entries):
// the one place the browser applies it.

extension AnnotationStore {
    /// One logged operation, read whole before anything is applied (so a malformed entry
    /// changes nothing).
    enum Operation {
        case add(json: JSONValue, id: String, page: Int)
        case remove(id: String, page: Int?)
        case change(json: JSONValue, id: String, page: Int)
        case arrange(id: String, to: Int)
        case group([Operation])
        /// Pages inserted, removed, restored, turned, moved or copied in: the page list changed.
        case pages
        /// A form field filled: no annotation changes, but its widgets' appearance streams do.
        case fieldFilled
        /// An operation this engine does not know (a newer server's): no annotation changes.
        case other

        init(_ field: JSONField) throws(CommandError) {
            // An operation this engine does not know (a newer server's) changes no annotation.
            guard let name = LoggedOperationName(rawValue: try field.member("op").string()) else {
                self = .other
                return
            }
            switch name {
            case .addAnnotation:
                let annotation = try field.member("annotation")
                let (id, page) = try AnnotationStore.identity(annotation)
                self = .add(json: annotation.value, id: id, page: page)
            case .removeAnnotation:
                let annotation = try field.member("annotation")
                self = .remove(id: try annotation.member("id").string(),
                               page: try annotation.optionalMember("pageIndex")?.integer(in: 0...Int(Int32.max)))
            case .changeAnnotation:
                let after = try field.member("after")
                let (id, page) = try AnnotationStore.identity(after)
                self = .change(json: after.value, id: id, page: page)
            case .arrangeAnnotation:
                self = .arrange(id: try field.member("id").string(), to: try field.member("to").integer(in: 0...Int(Int32.max)))
            case .group:
                var inner: [Operation] = []
                for item in try field.member("operations").array() { inner.append(try Operation(item)) }
                self = .group(inner)
            case .insertPage, .removePage, .restorePage, .rotatePage, .movePage, .copyPages:
                self = .pages
            case .fillField:
                self = .fieldFilled
            }
        }

        /// The ids of the annotations it adds, in order (a group's, inner operations first to last).
        var addedIDs: [String] {
            switch self {
            case .add(_, let id, _): return [id]
            case .group(let operations): return operations.flatMap { $0.addedIDs }
            case .remove, .change, .arrange, .pages, .fieldFilled, .other: return []
            }
        }
    }

    /// What one annotation went through, for whoever keeps something made from the JSON (the
    /// engine's geometry): its JSON was set (`moved`: its place in the drawing order changed
    /// too), it was removed, or only its place changed.
    public enum Effect: Equatable {
        case set(id: String, moved: Bool)
        case removed(id: String)
        case arranged(id: String)
    }

    /// What following some logged entries did.
    public struct LogChange {
        /// The pages whose annotations changed, in increasing order.
        public var pages: [Int] = []
        /// Whether the page list changed (the document is to be opened again).
        public var structure = false
        /// Whether the browser must open the file again to show what changed: the page list
        /// (``structure``), or a form field's widgets, whose appearance streams only the file's
        /// renderer draws.
        public var reload = false
        /// The revisions of the entries applied, in order.
        public var applied: [Int] = []
        /// Whether an entry is missing: those after it wait until the ones between are fetched.
        public var gap = false
        /// What each annotation went through, in order.
        public var effects: [Effect] = []
    }

    /// Applies the entries newer than ``revision`` in revision order, each `{revision,
    /// operation, ...}`; older ones (this tab's own edits echoed by the event stream, or
    /// entries applied already) are skipped. An entry that does not follow the revision reached
    /// is a gap: it and the rest are left for later (``LogChange/gap``). A malformed entry is
    /// refused, naming it, and leaves the store as the entries before it left it.
    public func apply(_ entries: JSONField) throws(CommandError) -> LogChange {
        var read: [(revision: Int, operation: Operation)] = []
        for entry in try entries.array() {
            read.append((try entry.member("revision").integer(in: 1...Int.max), try Operation(entry.member("operation"))))
        }
        var change = LogChange()
        var touched = Set<Int>()
        for entry in read.sorted(by: { $0.revision < $1.revision }) {
            if entry.revision <= revision { continue }
            if entry.revision != revision + 1 {
                change.gap = true
                break
            }
            apply(entry.operation, to: &change, touched: &touched)
            revision = entry.revision
            change.applied.append(entry.revision)
        }
        change.pages = touched.sorted()
        return change
    }

    /// The ids of the annotations the operations of `entries` (each `{operation, ...}`, as a
    /// command's answer lists them: docs/api.md) add, in order, whether or not they were applied
    /// here: what the browser selects after a paste or an add. Refuses a malformed entry.
    public static func addedIDs(_ entries: JSONField) throws(CommandError) -> [String] {
        var ids: [String] = []
        for entry in try entries.array() { ids += try Operation(entry.member("operation")).addedIDs }
        return ids
    }

    /// Applies one operation, noting in `change` what it went through.
    func apply(_ operation: Operation, to change: inout LogChange, touched: inout Set<Int>) {
        switch operation {
        case .add(let json, let id, let page):
            // An add of one it holds (entries applied again after a whole list) puts it on top.
            if let old = byID[id]?.pageIndex { touched.insert(old) }
            let moved = byID[id].map { order[$0.pageIndex]?.last != id } ?? false
            put(json, id: id, page: page, onTop: true)
            touched.insert(page)
            change.effects.append(.set(id: id, moved: moved))
        case .remove(let id, let page):
            if let old = remove(id: id) {
                touched.insert(old)
                change.effects.append(.removed(id: id))
            } else if let page {
                touched.insert(page)
            }
        case .change(let json, let id, let page):
            // In place: a change keeps the drawing order (on another page it goes on top there).
            if let old = byID[id]?.pageIndex { touched.insert(old) }
            put(json, id: id, page: page, onTop: false)
            touched.insert(page)
            change.effects.append(.set(id: id, moved: false))
        case .arrange(let id, let to):
            if let page = arrange(id: id, to: to) {
                touched.insert(page)
                change.effects.append(.arranged(id: id))
            }
        case .group(let operations):
            for inner in operations { apply(inner, to: &change, touched: &touched) }
        case .pages:
            change.structure = true
            change.reload = true
        case .fieldFilled:
            change.reload = true
        case .other:
            break
        }
    }
}
