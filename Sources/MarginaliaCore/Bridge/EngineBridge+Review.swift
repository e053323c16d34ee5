#if !hasFeature(Embedded)
import Foundation
#endif

// The bridge's review calls: who the user is, the annotation list, one annotation's comment
// thread, and the comment commands (docs/engine.md, "Review").

extension EngineBridge {
    /// Answers a review call, or nil for a name that is not one.
    func reviewCall(_ name: String, _ request: JSONField) throws(CommandError) -> JSONValue? {
        switch name {
        case "setUser":
            let user = try request.optionalMember("name")?.string()
            engine.user = user.flatMap { $0.isEmpty ? nil : $0 }
            return .object([("name", engine.user.map { .string($0) } ?? .null)])
        case "annotationList":
            return listJSON(try filter(request))
        case "thread":
            return try threadJSON(request.member("id").string())
        case "comment":
            return outputs(try comment(request))
        case "hiddenAnnotations":
            // What the page does not show: hidden annotations and the comments of threads.
            let page = try request.member("pageIndex").integer()
            let hidden = engine.annotations(onPage: page)?.annotations.filter { $0.isHidden } ?? []
            return .object([("ids", .array(hidden.map { .string($0.id) }))])
        default:
            return nil
        }
    }

    /// A command the engine made, with the user as its author.
    func attributed(_ command: EditorCommand) -> EditorCommand {
        engine.user.map { command.attributed(to: $0) } ?? command
    }

    // MARK: - The list

    private func filter(_ request: JSONField) throws(CommandError) -> ReviewIndex.Filter {
        func set(_ key: String) throws(CommandError) -> Set<String>? {
            guard let list = try request.optionalMember(key)?.strings(maximumCount: 10_000) else { return nil }
            return Set(list)
        }
        return ReviewIndex.Filter(types: try set("types"), authors: try set("authors"), states: try set("states"))
    }

    func listJSON(_ filter: ReviewIndex.Filter) -> JSONValue {
        let listing = engine.review.listing(filter)
        func counts(_ list: [(String, Int)]) -> JSONValue {
            .array(list.map { .object([("value", .string($0.0)), ("count", .integer($0.1))]) })
        }
        return .object([("total", .integer(listing.total)), ("count", .integer(listing.rows.count)),
                        ("rows", .array(listing.rows.map(rowJSON))), ("types", counts(listing.types)),
                        ("authors", counts(listing.authors)), ("states", counts(listing.states))])
    }

    func rowJSON(_ row: ReviewIndex.Row) -> JSONValue {
        let r = row.record
        return .object(omittingNils: [("id", .string(r.id)), ("pageIndex", .integer(r.pageIndex)), ("type", .string(r.type)),
                                      ("author", r.author.map { .string($0) }), ("date", r.date.map { .string($0) }),
                                      ("text", r.text.map { .string($0) }), ("replies", .integer(row.replies)),
                                      ("state", row.state.map { .string($0) })])
    }

    // MARK: - A thread

    /// `{root, replies: [{id, author, date, text, depth, mine}], states: [{id, author, state, date, mine}], myState?}`:
    /// the thread of the annotation `id` hangs from; `mine` says whether the user may edit or
    /// delete the comment (``EditorCommand/permitAuthor(_:_:_:)``).
    func threadJSON(_ id: String) throws(CommandError) -> JSONValue {
        let review = engine.review
        guard review.record(id: id) != nil else { throw CommandError.unknownAnnotation(id) }
        let root = review.root(of: id)
        guard let rootRecord = review.record(id: root) else { throw CommandError.unknownAnnotation(id) }
        let (replies, _) = review.comments(under: root)
        let states = review.reviewStates(of: root)
        func mine(_ record: CommentRecord) -> Bool { record.author == nil || record.author == engine.user }
        let row = ReviewIndex.Row(record: rootRecord, replies: replies.count, state: review.currentState(of: root))
        let myState = states.first { $0.author != nil && $0.author == engine.user }?.state?.state
        return .object(omittingNils: [
            ("root", rowJSON(row)),
            ("replies", .array(replies.map { record, depth in
                .object(omittingNils: [("id", .string(record.id)), ("author", record.author.map { .string($0) }),
                                       ("date", record.date.map { .string($0) }), ("created", record.created.map { .string($0) }),
                                       ("text", .string(record.text ?? "")), ("inReplyTo", record.inReplyTo.map { .string($0) }),
                                       ("depth", .integer(depth)), ("mine", .bool(mine(record)))])
            })),
            ("states", .array(states.map { record in
                .object(omittingNils: [("id", .string(record.id)), ("author", record.author.map { .string($0) }),
                                       ("state", .string(record.state?.state ?? "")), ("date", record.date.map { .string($0) }),
                                       ("mine", .bool(mine(record)))])
            })),
            ("myState", myState.map { .string($0) }),
        ])
    }

    // MARK: - Comment commands

    /// `{action: "reply", to, text}`, `{action: "edit", id, text}`, `{action: "delete", id}` or
    /// `{action: "setState", to, state}`: the command, by the user, checked by the rules the
    /// server applies (a refusal instead when they say no: no user for a state, another
    /// author's comment).
    func comment(_ request: JSONField) throws(CommandError) -> [EngineOutput] {
        var fields = JSONObject()
        let action = try request.member("action").string()
        let types: [String: CommandType] = ["reply": .reply, "edit": .editReply, "delete": .deleteReply, "setState": .setState]
        guard let type = types[action] else {
            throw try request.member("action").problem("expected reply, edit, delete or setState, found \"\(action)\"")
        }
        fields["type"] = .string(type.rawValue)
        for key in ["to", "id", "text", "state"] { if let value = request.value[key] { fields[key] = value } }
        if let user = engine.user { fields["author"] = .string(user) }
        do throws(CommandError) {
            let command = try EditorCommand(json: JSONField(.object(fields), path: "comment"))
            try command.check(pageCount: engine.viewport.pages.count) { self.engine.annotation(id: $0) }
            return [.command(command)]
        } catch {
            return [.refused(error)]
        }
    }
}
