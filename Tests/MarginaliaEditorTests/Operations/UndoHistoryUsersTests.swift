import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

/// The undo history with several users whose edits interleave (the server's case): each user
/// undoes only their own steps, a step someone else changed since is refused and dropped, the
/// stacks come back from a replay of the log, and the least active users are forgotten.
@Suite("Undo history with several users")
struct UndoHistoryUsersTests {
    private static func ids(_ document: PDFDocument) throws -> [String] {
        try document.annotations(onPage: 0).map(\.id)
    }

    /// Applies an addition of ink `id` by `user`, records it at `revision` and returns the
    /// edit as the log would give it.
    private static func add(_ id: String, by user: String, author: String? = nil, revision: Int,
                            to document: PDFDocument, in history: inout UndoHistory) throws -> UndoHistory.Edit {
        let applied = try EditorOperation.addAnnotation(OperationTests.ink(id, page: 0)).apply(to: document)
        history.record(applied, revision: revision, by: user)
        return UndoHistory.Edit(user: user, author: author, operation: applied)
    }

    @Test func eachUserUndoesAndRedoesOnlyTheirOwnSteps() throws {
        let document = try OperationTests.document()
        var history = UndoHistory()
        _ = try Self.add("a1", by: "ana", revision: 1, to: document, in: &history)
        _ = try Self.add("b1", by: "ben", revision: 2, to: document, in: &history)
        _ = try Self.add("a2", by: "ana", revision: 3, to: document, in: &history)
        _ = try Self.add("b2", by: "ben", revision: 4, to: document, in: &history)

        let undone = try #require(try history.undo(on: document, revision: 5, by: "ana"))
        guard case .removeAnnotation(let removed, _) = undone else { Issue.record("expected a removal, got \(undone)"); return }
        #expect(removed.id == "a2")
        #expect(try Self.ids(document) == ["a1", "b1", "b2"])
        _ = try history.undo(on: document, revision: 6, by: "ana")
        #expect(try Self.ids(document) == ["b1", "b2"])
        #expect(try history.undo(on: document, revision: 7, by: "ana") == nil)
        #expect(history.undoSteps(of: "ben").map(\.revision) == [2, 4])
        #expect(!history.canUndo, "the editor's single user has no steps here")

        _ = try history.redo(on: document, revision: 7, by: "ana")
        #expect(try Self.ids(document) == ["b1", "b2", "a1"])
        // Ben's new step clears Ben's redo only.
        _ = try history.undo(on: document, revision: 8, by: "ben")
        _ = try Self.add("b3", by: "ben", revision: 9, to: document, in: &history)
        #expect(!history.canRedo(by: "ben"))
        #expect(history.canRedo(by: "ana"))
    }

    @Test func aStepSomeoneElseChangedSinceIsRefusedAndLeavesTheHistory() throws {
        let document = try OperationTests.document()
        var history = UndoHistory()
        _ = try Self.add("first", by: "ana", revision: 1, to: document, in: &history)
        let made = try Self.add("mine", by: "ana", revision: 2, to: document, in: &history)
        guard case .addAnnotation(let before, _) = made.operation else { Issue.record("expected an addition"); return }
        var after = before
        after.color = .blue
        let change = try EditorOperation.changeAnnotation(before: before, after: after).apply(to: document)
        history.record(change, revision: 3, by: "ben")
        let log = [made, UndoHistory.Edit(user: "ben", author: "Ben", operation: change)]
        let since = { (revision: Int) in Array(log.suffix(from: revision - 1)) }

        #expect(throws: UndoRefusal.self) { try history.undo(on: document, revision: 4, by: "ana", since: since) }
        do {
            _ = try history.undo(on: document, revision: 4, by: "ana", since: since)
        } catch let refusal as UndoRefusal {
            Issue.record("the refused step should have left the history: \(refusal)")
        }
        // The refusal dropped "mine"; the undo above took "first" back.
        #expect(try Self.ids(document) == ["mine"])
        #expect(try document.annotations(onPage: 0).first?.color?.hex == "#0000FF", "Ben's change stays")

        var refused = UndoHistory()
        refused.record(made.operation, revision: 2, by: "ana")
        #expect(throws: UndoRefusal(move: .undo, reason: .annotationChanged(type: "ink"), author: "Ben")) {
            try refused.undo(on: document, revision: 4, by: "ana", since: since)
        }
        #expect(UndoRefusal(move: .undo, reason: .annotationChanged(type: "ink"), author: "Ben").description
            == "cannot undo: Ben has changed this ink annotation since; that step has left your undo history")
        #expect(!refused.canUndo(by: "ana"))
        // The user's own later edits never block their undo.
        var own = UndoHistory()
        own.record(made.operation, revision: 2, by: "ana")
        let mineOnly = [UndoHistory.Edit(user: "ana", operation: change)]
        #expect(try own.undo(on: document, revision: 4, by: "ana", since: { _ in mineOnly }) != nil)
    }

    @Test func aReplayOfTheLogGivesTheStacksTheActionsGave() throws {
        let document = try OperationTests.document()
        var live = UndoHistory()
        var log: [(UndoHistory.Move, EditorOperation, Int, String)] = []
        for (revision, (id, user)) in [("a", "ana"), ("b", "ben"), ("c", "ana")].enumerated() {
            let edit = try Self.add(id, by: user, revision: revision + 1, to: document, in: &live)
            log.append((.do, edit.operation, revision + 1, user))
        }
        let undone = try #require(try live.undo(on: document, revision: 4, by: "ana"))
        log.append((.undo, undone, 4, "ana"))

        var rebuilt = UndoHistory()
        for (move, operation, revision, user) in log { rebuilt.replay(move, operation, revision: revision, by: user) }
        for user in ["ana", "ben"] {
            #expect(rebuilt.undoSteps(of: user).map(\.revision) == live.undoSteps(of: user).map(\.revision))
            #expect(rebuilt.redoSteps(of: user).map(\.revision) == live.redoSteps(of: user).map(\.revision))
        }
        // The rebuilt history redoes what was undone before the "restart".
        _ = try rebuilt.redo(on: document, revision: 5, by: "ana")
        #expect(try Self.ids(document) == ["a", "b", "c"])
    }

    @Test func depthIsPerUserAndTheLeastActiveUsersAreForgotten() throws {
        let document = try OperationTests.document()
        var history = UndoHistory(depth: 2, maximumUsers: 2)
        var revision = 0
        for user in ["ana", "ben", "ana", "ana"] {
            revision += 1
            _ = try Self.add("i\(revision)", by: user, revision: revision, to: document, in: &history)
        }
        #expect(history.undoSteps(of: "ana").map(\.revision) == [3, 4])
        #expect(history.undoSteps(of: "ben").map(\.revision) == [2])
        _ = try Self.add("new", by: "cy", revision: 5, to: document, in: &history)
        #expect(history.users == ["ana", "cy"], "Ben was the least recently active")
    }
}
