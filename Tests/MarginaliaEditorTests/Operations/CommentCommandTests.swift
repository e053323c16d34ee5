import Foundation
import MarginaliaCore
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

/// The comment commands applied to a document: replies and review states become Text
/// annotations in reply to their parent, one state per reviewer, only authors change their
/// comments, and removing an annotation takes its thread with it in one undo step.
@Suite("Comment commands on a document")
struct CommentCommandTests {
    static func document() throws -> PDFDocument {
        let document = try OperationTests.document()
        var square = PDFAnnotation(kind: .square, rect: CGRect(x: 100, y: 500, width: 120, height: 60), pageIndex: 0)
        square.id = "sq"
        square.author = "Ada"
        try document.addAnnotation(square, toPage: 0)
        return document
    }

    static func annotation(_ id: String, in document: PDFDocument) throws -> PDFAnnotation? {
        try document.annotations(onPage: 0).first { $0.id == id }
    }

    @Test func aReplyIsANoteInReplyToItsParentAtItsCorner() throws {
        let document = try Self.document()
        let steps = try EditorCommand.reply(.init(to: "sq", text: "Why here?", author: "Grace", id: "r1")).apply(to: document)
        #expect(steps.count == 1)
        let reply = try #require(try Self.annotation("r1", in: document))
        #expect(reply.inReplyTo == "sq" && reply.replyType == .reply && reply.state == nil)
        #expect(reply.author == "Grace" && reply.contents == "Why here?")
        #expect(reply.rect.minX == 220 && reply.rect.maxY == 560)
        #expect(reply.creationDate != nil)
        // A reply to the reply.
        _ = try EditorCommand.reply(.init(to: "r1", text: "Because.", author: "Ada", id: "r2")).apply(to: document)
        #expect(try Self.annotation("r2", in: document)?.inReplyTo == "r1")
    }

    @Test func eachReviewerHoldsOneStateAndALaterOneChangesIt() throws {
        let document = try Self.document()
        _ = try EditorCommand.setState(.init(to: "sq", state: .rejected, author: "Grace")).apply(to: document)
        _ = try EditorCommand.setState(.init(to: "sq", state: .accepted, author: "Ada")).apply(to: document)
        let changed = try EditorCommand.setState(.init(to: "sq", state: .accepted, author: "Grace")).apply(to: document)
        guard case .changeAnnotation(let before, let after)? = changed.first else { Issue.record("\(changed)"); return }
        #expect(before.state?.state == "Rejected" && after.state?.state == "Accepted")
        let states = try document.annotations(onPage: 0).filter { $0.state != nil }
        #expect(states.map(\.author) == ["Grace", "Ada"])
        #expect(states.allSatisfy { $0.flags.contains(.hidden) && $0.inReplyTo == "sq" && $0.state?.model == "Review" })
        // The same state again changes nothing.
        #expect(try EditorCommand.setState(.init(to: "sq", state: .accepted, author: "Ada")).apply(to: document).isEmpty)
    }

    @Test func onlyTheAuthorEditsOrDeletesAReply() throws {
        let document = try Self.document()
        _ = try EditorCommand.reply(.init(to: "sq", text: "first", author: "Grace", id: "r1")).apply(to: document)
        #expect(throws: CommandError.notAuthor(id: "r1", author: "Grace", action: "edited")) {
            _ = try EditorCommand.editReply(id: "r1", text: "mine now", author: "Bob").apply(to: document)
        }
        #expect(throws: CommandError.notAuthor(id: "r1", author: "Grace", action: "deleted")) {
            _ = try EditorCommand.deleteReply(id: "r1", author: nil).apply(to: document)
        }
        _ = try EditorCommand.editReply(id: "r1", text: "second", author: "Grace").apply(to: document)
        #expect(try Self.annotation("r1", in: document)?.contents == "second")
        // Page commands do not touch comments.
        #expect(throws: CommandError.self) { try EditorCommand.move(ids: ["r1"], dx: 5, dy: 5).apply(to: document) }
        _ = try EditorCommand.deleteReply(id: "r1", author: "Grace").apply(to: document)
        #expect(try Self.annotation("r1", in: document) == nil)
    }

    @Test func removingAnAnnotationRemovesItsThreadInOneUndoableStep() throws {
        let document = try Self.document()
        _ = try EditorCommand.reply(.init(to: "sq", text: "a", author: "Grace", id: "r1")).apply(to: document)
        _ = try EditorCommand.reply(.init(to: "r1", text: "b", author: "Ada", id: "r2")).apply(to: document)
        _ = try EditorCommand.setState(.init(to: "sq", state: .completed, author: "Ada")).apply(to: document)
        #expect(try document.annotations(onPage: 0).count == 4)
        var history = UndoHistory()
        let steps = try EditorCommand.remove(ids: ["sq"]).apply(to: document)
        #expect(steps.count == 1)
        for step in steps { history.record(step) }
        #expect(try document.annotations(onPage: 0).isEmpty)
        _ = try history.undo(on: document)
        let back = try document.annotations(onPage: 0)
        #expect(Set(back.map(\.id)).count == 4)
        // The thread refers to its parent again (the parent came back first).
        #expect(back.first { $0.id == "r2" }?.inReplyTo == "r1")
        #expect(back.filter { $0.inReplyTo == "sq" }.count == 2)
    }

    @Test func anAddListingARepliesBeforeItsParentAddsTheParentFirst() throws {
        let document = try OperationTests.document()
        let reply = JSONValue.object([("type", .string("note")), ("id", .string("r")), ("pageIndex", .integer(0)),
                                      ("rect", .rect(CGRect(x: 0, y: 0, width: 20, height: 20))), ("inReplyTo", .string("p"))])
        let parent = JSONValue.object([("type", .string("circle")), ("id", .string("p")), ("pageIndex", .integer(0)),
                                       ("rect", .rect(CGRect(x: 50, y: 50, width: 20, height: 20)))])
        let steps = try EditorCommand.add(json: [reply, parent]).apply(to: document, author: "Kim")
        #expect(steps.count == 1)
        let added = try document.annotations(onPage: 0)
        #expect(added.map(\.id) == ["p", "r"])
        #expect(added.allSatisfy { $0.author == "Kim" } && added[1].inReplyTo == "p")
    }

    @Test func aChangeByAnotherUserKeepsTheAuthor() throws {
        let document = try Self.document()
        let json = JSONValue.object([("type", .string("square")), ("id", .string("sq")), ("pageIndex", .integer(0)),
                                     ("rect", .rect(CGRect(x: 100, y: 500, width: 150, height: 60))), ("author", .string("Mallory"))])
        _ = try EditorCommand.change(json: json).apply(to: document, author: "Mallory")
        let square = try #require(try Self.annotation("sq", in: document))
        #expect(square.author == "Ada")
        #expect(square.modificationDate != nil)
    }
}
