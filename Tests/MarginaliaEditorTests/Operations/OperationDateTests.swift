import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

/// A change made now dates what it changes now and carries that date; an operation replayed
/// writes an annotation's `/M` from the date the operation carries (or, when it carries none,
/// a log entry's recorded time), never the time of writing, so two replicas or a restart
/// replaying one log write the same bytes.
@Suite("An operation dates what it writes by the log, not by the clock")
struct OperationDateTests {
    /// 2020-01-02T03:04:05Z: when a change was made, long before any test runs.
    static let made = Date(timeIntervalSince1970: 1_577_934_245)
    /// 2021-01-02T03:04:05Z: a log entry's recorded time.
    static let logged = Date(timeIntervalSince1970: 1_609_556_645)

    /// The `/M` of annotation `id` on page 1 as the written file holds it.
    func writtenDate(_ document: PDFDocument, _ id: String) throws -> Date? {
        let reread = try PDFDocument(data: try document.dataRepresentation())
        return try reread.annotations(onPage: 0).first { $0.id == id }?.modificationDate
    }

    /// `operation` as the log keeps it and reads it back.
    func throughTheLog(_ operation: EditorOperation) throws -> EditorOperation {
        try EditorOperation.reading(logText: try operation.sortedJSON())
    }

    /// A document holding ink "a", and a change making it blue dated `modificationDate`.
    func recolouring(dated modificationDate: Date?) throws -> (PDFDocument, EditorOperation) {
        let document = try OperationTests.document()
        try EditorOperation.addAnnotation(OperationTests.ink("a", page: 0)).apply(to: document)
        let before = try #require(try document.annotations(onPage: 0).first { $0.id == "a" })
        var after = before
        after.color = .blue
        after.modificationDate = modificationDate
        return (document, .changeAnnotation(before: before, after: after))
    }

    @Test func aChangeIsWrittenWithTheDateItCarries() throws {
        let (document, change) = try recolouring(dated: Self.made)
        try throughTheLog(change).apply(to: document, dating: .replayed(Self.logged))
        #expect(try writtenDate(document, "a") == Self.made)
    }

    @Test func anUndatedChangeIsDatedByTheTimeGivenAndCarriesIt() throws {
        let (document, change) = try recolouring(dated: nil)
        let applied = try change.apply(to: document, dating: .replayed(Self.logged))
        #expect(try writtenDate(document, "a") == Self.logged)
        // The operation returned, which the server logs, carries the date it wrote.
        guard case .changeAnnotation(_, let written) = try throughTheLog(applied) else { Issue.record("not a change"); return }
        #expect(written.modificationDate == Self.logged)
    }

    /// A restyle, a move or an unlock builds its new state from a copy of the annotation it
    /// changes, dated as that was: made now, the change is dated now all the same.
    @Test func aChangeMadeNowIsDatedNowWhateverItCarries() throws {
        let (document, change) = try recolouring(dated: Self.made)
        let applied = try change.apply(to: document, dating: .made(Self.logged))
        #expect(try writtenDate(document, "a") == Self.logged)
        guard case .changeAnnotation(_, let written) = try throughTheLog(applied) else { Issue.record("not a change"); return }
        #expect(written.modificationDate == Self.logged)
        // Replayed, the logged change writes the date it was made with, not the replay's.
        let (again, _) = try recolouring(dated: nil)
        try throughTheLog(applied).apply(to: again, dating: .replayed(Date()))
        #expect(try writtenDate(again, "a") == Self.logged)
    }

    @Test func anUndatedAdditionIsDatedByTheTimeGivenAndCarriesIt() throws {
        let document = try OperationTests.document()
        var ink = OperationTests.ink("a", page: 0)
        ink.modificationDate = nil
        let applied = try EditorOperation.group(name: "add", [.addAnnotation(ink)]).apply(to: document, dating: .made(Self.logged))
        #expect(try writtenDate(document, "a") == Self.logged)
        guard case .group(_, let inner) = try throughTheLog(applied), case .addAnnotation(let added, _) = inner.first else {
            Issue.record("not a group of one addition"); return
        }
        #expect(added.modificationDate == Self.logged)
    }
}
