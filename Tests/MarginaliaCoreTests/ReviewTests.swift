import Foundation
import Testing
@testable import MarginaliaCore

/// The review side of the engine: the comment commands' rules, the annotation list and the
/// comment threads, asked through the bridge as the browser asks them.
@Suite("Review: comments, states and the annotation list")
struct ReviewTests {
    /// A square by Ada on page 0 with a thread: Grace replies, Ada answers her, Grace and Ada
    /// each set a review state (Grace twice: her later one counts); a free text on page 1.
    static let annotations = """
    [{"type": "square", "id": "sq", "pageIndex": 0, "rect": [100, 500, 220, 560], "author": "Ada",
      "contents": "Check this", "creationDate": "2026-01-01T10:00:00Z"},
     {"type": "note", "id": "r1", "pageIndex": 0, "rect": [220, 540, 240, 560], "author": "Grace", "inReplyTo": "sq",
      "contents": "Why here?", "creationDate": "2026-01-01T11:00:00Z"},
     {"type": "note", "id": "r2", "pageIndex": 0, "rect": [220, 540, 240, 560], "author": "Ada", "inReplyTo": "r1",
      "contents": "Because.", "creationDate": "2026-01-01T12:00:00Z"},
     {"type": "note", "id": "s1", "pageIndex": 0, "rect": [220, 540, 240, 560], "author": "Grace", "inReplyTo": "sq",
      "state": "Rejected", "stateModel": "Review", "flags": ["hidden", "print"], "creationDate": "2026-01-01T13:00:00Z"},
     {"type": "note", "id": "s2", "pageIndex": 0, "rect": [220, 540, 240, 560], "author": "Ada", "inReplyTo": "sq",
      "state": "Completed", "creationDate": "2026-01-01T14:00:00Z"},
     {"type": "note", "id": "s3", "pageIndex": 0, "rect": [220, 540, 240, 560], "author": "Grace", "inReplyTo": "sq",
      "state": "Accepted", "creationDate": "2026-01-01T15:00:00Z"},
     {"type": "freeText", "id": "ft", "pageIndex": 1, "rect": [50, 50, 200, 80], "text": "Typo", "author": "Grace"},
     {"type": "ink", "id": "ink", "pageIndex": 0, "rect": [10, 700, 90, 760], "paths": [[[10, 700], [90, 760]]]},
     {"type": "link", "id": "lk", "pageIndex": 0, "rect": [0, 0, 10, 10]}]
    """

    static func bridge(user: String?) throws -> EngineBridge {
        let bridge = EngineBridge()
        _ = try ask(bridge, #"{"call": "init", "pages": [{"box": [0, 0, 612, 792]}, {"box": [0, 0, 612, 792]}], "viewSize": [800, 1000]}"#)
        let set = try ask(bridge, #"{"call": "setAnnotations", "annotations": \#(annotations)}"#)
        #expect(set["problems"] == .array([]))
        if let user { _ = try ask(bridge, #"{"call": "setUser", "name": "\#(user)"}"#) }
        return bridge
    }

    static func ask(_ bridge: EngineBridge, _ text: String) throws -> JSONValue {
        let answer = try JSONParser.parse(bridge.call(Array(text.utf8)))
        if let error = answer["error"] { Issue.record("\(text): \(error)") }
        return answer
    }

    @Test func theListHasTheAnnotationsOnThePageWithTheirThreadsSizeAndLastState() throws {
        let bridge = try Self.bridge(user: nil)
        let list = try Self.ask(bridge, #"{"call": "annotationList"}"#)
        let rows = try #require(list["rows"]?.arrayValue)
        // By page, then top to bottom: the ink (y 760) above the square (y 560); no comments, no link.
        #expect(rows.map { $0["id"]?.stringValue } == ["ink", "sq", "ft"])
        #expect(list["total"] == .number(3))
        let square = rows[1]
        #expect(square["replies"] == .number(2))
        #expect(square["state"] == .string("Accepted"))  // Grace's later state, set last of all
        #expect(square["text"] == .string("Check this"))
        #expect(rows[2]["text"] == .string("Typo"))
        #expect(rows[0]["state"] == nil && rows[0]["author"] == nil)
        #expect(list["authors"] == .array([.object([("value", .string("")), ("count", .number(1))]),
                                           .object([("value", .string("Ada")), ("count", .number(1))]),
                                           .object([("value", .string("Grace")), ("count", .number(1))])]))
    }

    @Test func filtersByTypeAuthorAndStateCombine() throws {
        let bridge = try Self.bridge(user: nil)
        func ids(_ filter: String) throws -> [String?] {
            try Self.ask(bridge, #"{"call": "annotationList", \#(filter)}"#)["rows"]?.arrayValue?.map { $0["id"]?.stringValue } ?? []
        }
        #expect(try ids(#""types": ["freeText", "ink"]"#) == ["ink", "ft"])
        #expect(try ids(#""authors": ["Grace"]"#) == ["ft"])
        #expect(try ids(#""authors": [""]"#) == ["ink"])
        #expect(try ids(#""states": ["None"]"#) == ["ink", "ft"])
        #expect(try ids(#""states": ["Accepted"], "types": ["square"]"#) == ["sq"])
        #expect(try ids(#""states": ["Rejected"]"#) == [])
    }

    @Test func aThreadListsRepliesDepthFirstAndOneStatePerReviewer() throws {
        let bridge = try Self.bridge(user: "Grace")
        let thread = try Self.ask(bridge, #"{"call": "thread", "id": "r2"}"#)  // any member leads to the root
        #expect(thread["root"]?["id"] == .string("sq"))
        let replies = try #require(thread["replies"]?.arrayValue)
        #expect(replies.map { $0["id"]?.stringValue } == ["r1", "r2"])
        #expect(replies.map { $0["depth"]?.numberValue } == [1, 2])
        #expect(replies.map { $0["mine"]?.boolValue } == [true, false])
        let states = try #require(thread["states"]?.arrayValue)
        #expect(states.map { $0["author"]?.stringValue } == ["Grace", "Ada"])
        #expect(states.map { $0["state"]?.stringValue } == ["Accepted", "Completed"])
        #expect(thread["myState"] == .string("Accepted"))
        #expect(try JSONParser.parse(bridge.call(Array(#"{"call": "thread", "id": "nope"}"#.utf8)))["error"] != nil)
    }

    @Test func commentsAreMadeByTheUserAndOnlyTheAuthorChangesThem() throws {
        let bridge = try Self.bridge(user: "Grace")
        func comment(_ fields: String) throws -> JSONValue? {
            try Self.ask(bridge, #"{"call": "comment", \#(fields)}"#)["outputs"]?.arrayValue?.first
        }
        let reply = try comment(#""action": "reply", "to": "sq", "text": "Fixed?""#)
        #expect(reply?["command"] == .object([("type", .string("reply")), ("to", .string("sq")), ("text", .string("Fixed?")),
                                              ("author", .string("Grace"))]))
        let state = try comment(#""action": "setState", "to": "sq", "state": "Cancelled""#)
        #expect(state?["command"]?["author"] == .string("Grace"))
        #expect(try comment(#""action": "edit", "id": "r1", "text": "Why there?""#)?["type"] == .string("command"))
        let others = try comment(#""action": "delete", "id": "r2""#)
        #expect(others?["reason"] == .string("notAuthor"))
        #expect(others?["message"] == .string("annotation r2 is Ada's comment: only Ada can have it deleted"))
        #expect(try comment(#""action": "reply", "to": "s1", "text": "x""#)?["reason"] == .string("notAllowed"))
        #expect(try comment(#""action": "setState", "to": "r1", "state": "Accepted""#)?["reason"] == .string("notAllowed"))
        #expect(try comment(#""action": "reply", "to": "sq", "text": "  ""#)?["reason"] == .string("malformed"))
        #expect(try comment(#""action": "edit", "id": "sq", "text": "x""#)?["reason"] == .string("notAllowed"))
        // Nobody named: no review state (it is one person's).
        _ = try Self.ask(bridge, #"{"call": "setUser", "name": ""}"#)
        #expect(try comment(#""action": "setState", "to": "sq", "state": "Accepted""#)?["reason"] == .string("malformed"))
    }

    @Test func pageCommandsLeaveCommentsAlone() {
        let reply = Annotation(id: "r", pageIndex: 0, kind: .note(.init()), rect: CGRect(x: 0, y: 0, width: 20, height: 20),
                                       author: "Ada", inReplyTo: "p")
        #expect(reply.isHidden && reply.isComment)
        let group = Annotation(id: "g", pageIndex: 0, kind: .note(.init()), rect: .zero, inReplyTo: "p", replyType: .group)
        #expect(!group.isComment && !group.isHidden)
        for command in [EditorCommand.move(ids: ["r"], dx: 1, dy: 1), .remove(ids: ["r"]),
                        .change(EditorCommandTests.annotation(#"{"type": "note", "id": "r", "pageIndex": 0, "rect": [0, 0, 20, 20]}"#))] {
            #expect(throws: CommandError.self) { try command.check(pageCount: 1) { $0 == "r" ? reply : nil } }
        }
        #expect(throws: CommandError.notAuthor(id: "r", author: "Ada", action: "edited")) {
            try EditorCommand.editReply(id: "r", text: "x", author: "Bob").check(pageCount: 1) { $0 == "r" ? reply : nil }
        }
        // A server that knows the sender names it, whatever the command said.
        #expect(EditorCommand.deleteReply(id: "r", author: "Ada").attributed(to: "Bob") == .deleteReply(id: "r", author: "Bob"))
    }

    @Test func theIndexFollowsAppliedOperations() throws {
        let bridge = try Self.bridge(user: "Ada")
        let added = #"{"op": "addAnnotation", "annotation": {"type": "note", "id": "r3", "pageIndex": 0, "inReplyTo": "sq", "contents": "Done", "author": "Ada", "creationDate": "2026-01-02T00:00:00Z"}}"#
        _ = try Self.ask(bridge, #"{"call": "applyEntries", "entries": [{"revision": 1, "operation": \#(added)}]}"#)
        #expect(try Self.ask(bridge, #"{"call": "thread", "id": "sq"}"#)["replies"]?.arrayValue?.count == 3)
        let removed = #"{"op": "removeAnnotation", "annotation": {"type": "note", "id": "s3", "pageIndex": 0}}"#
        _ = try Self.ask(bridge, #"{"call": "applyEntries", "entries": [{"revision": 2, "operation": \#(removed)}]}"#)
        let rows = try Self.ask(bridge, #"{"call": "annotationList", "types": ["square"]}"#)["rows"]?.arrayValue
        #expect(rows?.first?["replies"] == .number(3))
        #expect(rows?.first?["state"] == .string("Completed"))  // Grace's states: only the Rejected one is left, older than Ada's
    }

    @Test func theListHoldsTenThousandAnnotations() throws {
        let index = ReviewIndex()
        var records: [CommentRecord] = []
        for i in 0..<10_000 {
            records.append(CommentRecord(id: "a\(i)", pageIndex: i / 100, type: i % 3 == 0 ? "ink" : "square",
                                         rect: CGRect(x: Double(i % 7) * 50, y: Double(i % 100) * 7, width: 20, height: 20),
                                         author: i % 2 == 0 ? "Ada" : "Grace"))
            if i % 10 == 0 {
                records.append(CommentRecord(id: "r\(i)", pageIndex: i / 100, type: "note", author: "Bob", inReplyTo: "a\(i)"))
            }
        }
        index.set(records)
        let listing = index.listing(ReviewIndex.Filter(authors: ["Ada"]))
        #expect(listing.total == 10_000)
        #expect(listing.rows.count == 5_000)
        #expect(listing.rows.first?.record.pageIndex == 0 && listing.rows.last?.record.pageIndex == 99)
        #expect(index.listing(ReviewIndex.Filter()).rows.filter { $0.replies == 1 }.count == 1_000)
    }
}
