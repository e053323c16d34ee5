#if !hasFeature(Embedded)
import Foundation
#endif

// The open document's annotations (docs/engine.md, "The document's annotations"): the browser
// gives the list once and the log's entries as they come; its views ask for a page's
// annotations each time they draw one. The engine's geometry and review index follow the same
// JSON here, so there is one copy to follow the log.

extension EngineBridge {
    /// Answers the calls of the annotations kept, or nil for another call.
    func annotationsCall(_ name: String, _ request: JSONField) throws(CommandError) -> JSONValue? {
        switch name {
        case "setAnnotations":
            let revision = try request.optionalMember("revision")?.integer(in: 0...Int.max) ?? 0
            let (pages, problems) = store.set(try request.member("annotations").array().map { $0.value }, revision: revision)
            let (count, unread) = feedEngine()
            return .object([("count", .integer(count)), ("problems", .strings(problems + unread)),
                            ("pages", .array(pages.map { .integer($0) })), ("revision", .integer(store.revision))])
        case "applyEntries":
            let change = try store.apply(request.member("entries"))
            var problems: [String] = []
            for effect in change.effects {
                if let problem = follow(effect) { problems.append(problem) }
            }
            return .object([("revision", .integer(store.revision)), ("pages", .array(change.pages.map { .integer($0) })),
                            ("structure", .bool(change.structure)), ("reload", .bool(change.reload)), ("applied", .array(change.applied.map { .integer($0) })),
                            ("gap", .bool(change.gap)), ("problems", .strings(problems))])
        case "addedAnnotations":
            return .object([("ids", .strings(try AnnotationStore.addedIDs(request.member("entries"))))])
        case "annotations":
            let ids: [String]
            if let page = try request.optionalMember("pageIndex") {
                ids = store.ids(onPage: try page.integer(in: 0...Int(Int32.max)))
            } else {
                ids = store.allIDs
            }
            var annotations: [JSONValue] = []
            var serials: [JSONValue] = []
            annotations.reserveCapacity(ids.count)
            serials.reserveCapacity(ids.count)
            for id in ids {
                guard let entry = store.entry(id: id) else { continue }
                annotations.append(entry.json)
                serials.append(.integer(entry.serial))
            }
            return .object([("annotations", .array(annotations)), ("serials", .array(serials)), ("revision", .integer(store.revision))])
        case "annotation":
            guard let entry = store.entry(id: try request.member("id").string()) else { return .object([("annotation", .null)]) }
            return .object([("annotation", entry.json), ("serial", .integer(entry.serial))])
        case "annotationRevision":
            return .object([("revision", .integer(store.revision)), ("count", .integer(store.count))])
        default:
            return nil
        }
    }

    /// Gives the engine the geometry and comment records of every annotation kept, each page in
    /// drawing order; answers how many it read and the problems of those it could not (left out).
    func feedEngine() -> (count: Int, problems: [String]) {
        var list: [Annotation] = []
        var records: [CommentRecord] = []
        var problems: [String] = []
        for id in store.allIDs {
            guard let json = store.entry(id: id)?.json else { continue }
            do throws(CommandError) {
                let (geometry, record) = try Self.engineView(of: json, id: id)
                records.append(record)
                list.append(geometry)
            } catch {
                problems.append(error.message)
            }
        }
        engine.setAnnotations(list)
        engine.review.set(records)
        return (list.count, problems)
    }

    /// What the engine keeps of one annotation's JSON: its geometry and its comment record.
    static func engineView(of json: JSONValue, id: String) throws(CommandError) -> (Annotation, CommentRecord) {
        let field = JSONField(json, path: "annotation \(id)")
        let geometry = try Annotation(json: field)
        return (geometry, try CommentRecord(json: field, rect: geometry.rect))
    }

    /// Keeps the engine's geometry and review index in step with what the log did to one
    /// annotation; answers the problem when its new JSON cannot be read (the engine then
    /// forgets it: it is neither hit nor erased, while the views still draw it).
    func follow(_ effect: AnnotationStore.Effect) -> String? {
        switch effect {
        case .set(let id, let moved):
            guard let json = store.entry(id: id)?.json else { return nil }
            do throws(CommandError) {
                let (geometry, record) = try Self.engineView(of: json, id: id)
                engine.upsert(geometry)
                engine.review.upsert(record)
            } catch {
                engine.remove(id: id)
                engine.review.remove(id: id)
                return error.message
            }
            if moved { arrangeInEngine(id) }
        case .removed(let id):
            engine.remove(id: id)
            engine.review.remove(id: id)
        case .arranged(let id):
            arrangeInEngine(id)
        }
        return nil
    }

    /// Puts an annotation where the store has it among the page's annotations the engine holds
    /// (those it could not read are not in its index, so the store's position is not its own).
    func arrangeInEngine(_ id: String) {
        guard let page = store.entry(id: id)?.pageIndex, engine.annotation(id: id) != nil else { return }
        var position = 0
        for other in store.ids(onPage: page) {
            if other == id { break }
            if engine.annotation(id: other) != nil { position += 1 }
        }
        engine.arrange(id: id, position: position)
    }
}
