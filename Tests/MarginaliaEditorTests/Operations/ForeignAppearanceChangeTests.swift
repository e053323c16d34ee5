import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

/// What a change operation logs of an appearance another application drew: the sample's note
/// (a folded yellow note drawn by scripts/make_sample.py, not by Marginalia) keeps that drawing
/// when it is only moved, and is drawn by Marginalia once restyled, which the logged `after`
/// must say (`foreignAppearance`): clients draw the note from its fields again, else they
/// would show the picture of the old drawing, or of the new one, for the icon chosen.
@Suite("Change operations and other applications' appearances")
struct ForeignAppearanceChangeTests {
    static func sample() throws -> PDFDocument {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/sample.pdf")
        return try PDFDocument(url: url)
    }

    @Test func aRestyledNoteIsLoggedAsDrawnByMarginalia() throws {
        let document = try Self.sample()
        let note = try #require(try document.annotations(onPage: 0).first { $0.id == "sample-note-1" })
        #expect(note.hasForeignAppearance)
        var keyed = note
        keyed.kind = .note(.init(icon: "Key"))
        let applied = try EditorOperation.changeAnnotation(before: note, after: keyed).apply(to: document)
        guard case .changeAnnotation(_, let after) = applied else {
            Issue.record("applied as \(applied.name)")
            return
        }
        #expect(!after.hasForeignAppearance)
        let json = try #require(try JSONSerialization.jsonObject(with: try AnnotationJSON.encode([after])) as? [String: Any])
        #expect((json["annotations"] as? [[String: Any]])?.first?["foreignAppearance"] == nil)
    }

    @Test func aMovedNoteKeepsTheDrawingItHad() throws {
        let document = try Self.sample()
        let note = try #require(try document.annotations(onPage: 0).first { $0.id == "sample-note-1" })
        let moved = note.placed(by: .translation(x: -40, y: 0), in: note.rect.offsetBy(dx: -40, dy: 0))
        let applied = try EditorOperation.changeAnnotation(before: note, after: moved).apply(to: document)
        guard case .changeAnnotation(_, let after) = applied else {
            Issue.record("applied as \(applied.name)")
            return
        }
        #expect(after.hasForeignAppearance)
    }
}

extension ForeignAppearanceChangeTests {
    /// A note's text, author or subject changed: its icon does not show them, so the drawing
    /// another application made is kept (Edit text swapped it for the engine's icon).
    @Test func aNoteWithNewTextKeepsTheDrawingItHad() throws {
        let document = try Self.sample()
        let note = try #require(try document.annotations(onPage: 0).first { $0.id == "sample-note-1" })
        var edited = note
        edited.contents = "New text"
        edited.author = "Someone else"
        let applied = try EditorOperation.changeAnnotation(before: note, after: edited).apply(to: document)
        guard case .changeAnnotation(_, let after) = applied else {
            Issue.record("applied as \(applied.name)")
            return
        }
        #expect(after.hasForeignAppearance)
        let read = try #require(try PDFDocument(data: try document.dataRepresentation()).annotations(onPage: 0).first { $0.id == "sample-note-1" })
        #expect(read.hasForeignAppearance && read.contents == "New text")
    }

    /// Undoing a removal adds the annotation back as it was: the removal carries the
    /// dictionary it had, and the other application's drawing is still in the file. What the
    /// log says of it (`foreignAppearance`) is what the file holds. Before, it was written
    /// afresh, with Marginalia's drawing.
    @Test func aRemovedNoteAddedBackKeepsTheDrawingItHad() throws {
        let document = try Self.sample()
        let original = try ForeignAppearanceUndoTests.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        let note = try #require(try document.annotations(onPage: 0).first { $0.id == "sample-note-1" })
        var history = UndoHistory()
        history.record(try EditorOperation.removeAnnotation(note).apply(to: document))
        let undone = try #require(try history.undo(on: document))
        guard case .addAnnotation(let added, _) = undone else {
            Issue.record("undone as \(undone.name)")
            return
        }
        #expect(added.hasForeignAppearance)
        let back = try ForeignAppearanceUndoTests.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        #expect(back.annotation.hasForeignAppearance && back.bytes == original.bytes)
        #expect(back.annotation.contents == note.contents)
    }

    /// The removal replayed from the log on a document opened again (another replica, a
    /// restart): the removal left the note's object in the file and its log entry says which,
    /// so the undo puts that object back, the other application's drawing byte for byte.
    @Test func aRemovalUndoneInAnotherProcessPutsBackTheSameObject() throws {
        let document = try Self.sample()
        let original = try ForeignAppearanceUndoTests.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        let note = try #require(try document.annotations(onPage: 0).first { $0.id == "sample-note-1" })
        let object = try #require(note.reference?.number)
        let applied = try EditorOperation.removeAnnotation(note).apply(to: document)
        #expect(applied == .removeAnnotation(note, annotationObject: object))
        let logged = try EditorOperation.reading(logText: try applied.sortedJSON())
        let reopened = try PDFDocument(data: try document.dataRepresentation())
        guard case .addAnnotation(let added, let restored) = try logged.inverse.apply(to: reopened) else {
            Issue.record("not added back")
            return
        }
        #expect(added.hasForeignAppearance && restored == object)
        let read = try #require(try reopened.annotations(onPage: 0).first { $0.id == "sample-note-1" })
        #expect(read.hasForeignAppearance && read.reference?.number == object)
        let back = try ForeignAppearanceUndoTests.drawing(of: "sample-note-1", in: try reopened.dataRepresentation())
        #expect(back.bytes == original.bytes)
    }

    /// Without the object the removal left (an entry logged before removals recorded it, or
    /// a compact rewrite since, which left the object out and renumbered the rest), the undo
    /// writes the note afresh, drawn by Marginalia, and the log says so.
    @Test func withoutTheObjectItLeftTheNoteIsDrawnByMarginalia() throws {
        let document = try Self.sample()
        let note = try #require(try document.annotations(onPage: 0).first { $0.id == "sample-note-1" })
        let text = try EditorOperation.removeAnnotation(note).apply(to: document).sortedJSON()
        let compacted = try PDFDocument(data: try document.dataRepresentation(options: PDFWriteOptions(mode: .compact)))
        let old = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let oldText = String(decoding: try JSONSerialization.data(withJSONObject: try #require(old).filter { $0.key != "annotationObject" }), as: UTF8.self)
        #expect(text.contains(#""annotationObject""#) && !oldText.contains(#""annotationObject""#))
        let cases = [(try EditorOperation.reading(logText: text), compacted),
                     (try EditorOperation.reading(logText: oldText), try PDFDocument(data: try document.dataRepresentation()))]
        for (logged, target) in cases {
            guard case .addAnnotation(let added, _) = try logged.inverse.apply(to: target) else {
                Issue.record("not added back")
                return
            }
            #expect(!added.hasForeignAppearance)
            let read = try #require(try target.annotations(onPage: 0).first { $0.id == "sample-note-1" })
            #expect(!read.hasForeignAppearance)
        }
    }

    /// An annotation of another document added with its id and dictionary is written afresh:
    /// its dictionary's references are that file's, not this one's.
    @Test func anAnnotationOfAnotherDocumentIsWrittenAfresh() throws {
        let source = try Self.sample()
        let note = try #require(try source.annotations(onPage: 0).first { $0.id == "sample-note-1" })
        let target = try PDFDocument(data: try source.dataRepresentation())
        let added = try target.addAnnotation(note, toPage: 1)
        #expect(!added.hasForeignAppearance)
    }
}
