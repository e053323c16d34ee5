import Foundation
import PDFCore
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

/// Undoing a change that made Marginalia draw an annotation another application had drawn puts
/// that application's drawing back: the sample's note (a folded yellow note drawn by
/// scripts/make_sample.py) given the Key icon, then the undo. Before, the undo drew the note's
/// Comment icon with the engine's design, and the folded note was gone from the file.
@Suite("Undo and other applications' appearances")
struct ForeignAppearanceUndoTests {
    /// The note's normal appearance stream, decoded, as a reader of `data` finds it.
    static func drawing(of id: String, in data: Data) throws -> (bytes: [UInt8], annotation: PDFAnnotation) {
        let document = try PDFDocument(data: data)
        let note = try #require(try document.annotations(onPage: 0).first { $0.id == id })
        let normal = try #require(note.dictionary["AP"]?.dictionaryValue?["N"])
        guard case .stream(let stream) = try document.file.resolve(normal) else {
            Issue.record("no appearance stream")
            return ([], note)
        }
        return (try stream.decodedBytes(), note)
    }

    static func keyed(_ note: PDFAnnotation) -> PDFAnnotation {
        var keyed = note
        keyed.kind = .note(.init(icon: "Key"))
        return keyed
    }

    @Test func undoingARestylePutsBackTheDrawingItHad() throws {
        let document = try ForeignAppearanceChangeTests.sample()
        let original = try Self.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        let note = original.annotation
        var history = UndoHistory()
        history.record(try EditorOperation.changeAnnotation(before: note, after: Self.keyed(note)).apply(to: document))
        let restyled = try Self.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        #expect(!restyled.annotation.hasForeignAppearance && restyled.bytes != original.bytes)

        let undone = try #require(try history.undo(on: document))
        guard case .changeAnnotation(_, let after) = undone else {
            Issue.record("undone as \(undone.name)")
            return
        }
        #expect(after.hasForeignAppearance)  // what the log and the clients are told
        let back = try Self.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        #expect(back.annotation.hasForeignAppearance)
        #expect(back.bytes == original.bytes)
        #expect(back.annotation.dictionary[AnnotationReader.privateKey] == nil)
    }

    /// The drawing is in the file, not in memory: the undo, applied as the log replays it (its
    /// JSON) on the document saved and opened again, puts it back as well.
    @Test func theDrawingComesBackInAnotherProcess() throws {
        let document = try ForeignAppearanceChangeTests.sample()
        let original = try Self.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        let applied = try EditorOperation.changeAnnotation(before: original.annotation, after: Self.keyed(original.annotation))
            .apply(to: document)
        let logged = try JSONDecoder().decode(EditorOperation.self, from: try JSONEncoder().encode(applied))
        let reopened = try PDFDocument(data: try document.dataRepresentation())
        _ = try logged.inverse.apply(to: reopened)
        let back = try Self.drawing(of: "sample-note-1", in: try reopened.dataRepresentation())
        #expect(back.annotation.hasForeignAppearance && back.bytes == original.bytes)
    }

    /// Two restyles undone one at a time: the first undo draws the first restyle (Marginalia's
    /// drawing, the other application's still kept), the second puts the other's back.
    @Test func twoRestylesUndoneStepByStep() throws {
        let document = try ForeignAppearanceChangeTests.sample()
        let original = try Self.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        let keyed = Self.keyed(original.annotation)
        var helped = keyed
        helped.kind = .note(.init(icon: "Help"))
        var history = UndoHistory()
        history.record(try EditorOperation.changeAnnotation(before: original.annotation, after: keyed).apply(to: document))
        history.record(try EditorOperation.changeAnnotation(before: keyed, after: helped).apply(to: document))

        _ = try history.undo(on: document)
        let first = try Self.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        #expect(!first.annotation.hasForeignAppearance && first.bytes != original.bytes)
        guard case .note(let note) = first.annotation.kind else { throw PDFError.invalidArgument("not a note") }
        #expect(note.icon == "Key")

        _ = try history.undo(on: document)
        let second = try Self.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        #expect(second.annotation.hasForeignAppearance && second.bytes == original.bytes)
    }

    /// A restyled note whose text is then changed still shows the engine's Key icon: the other
    /// application's drawing (a Comment icon) stays aside until the icon is Comment again.
    @Test func theDrawingStaysAsideWhileTheNoteShowsSomethingElse() throws {
        let document = try ForeignAppearanceChangeTests.sample()
        let original = try Self.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        let keyed = Self.keyed(original.annotation)
        _ = try EditorOperation.changeAnnotation(before: original.annotation, after: keyed).apply(to: document)
        var reworded = keyed
        reworded.contents = "Other words"
        _ = try EditorOperation.changeAnnotation(before: keyed, after: reworded).apply(to: document)
        let still = try Self.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        #expect(!still.annotation.hasForeignAppearance && still.bytes != original.bytes)

        // The icon set back by hand (not an undo): the note shows what the drawing shows, with
        // its new words, which a note's icon does not show.
        var back = reworded
        back.kind = original.annotation.kind
        _ = try EditorOperation.changeAnnotation(before: reworded, after: back).apply(to: document)
        let restored = try Self.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        #expect(restored.annotation.hasForeignAppearance && restored.bytes == original.bytes)
        #expect(restored.annotation.contents == "Other words")
    }
}

extension ForeignAppearanceUndoTests {
    /// Restyled, removed, and both undone: the removal's undo adds the note back drawn by
    /// Marginalia with the other application's drawing still aside, and the restyle's undo
    /// puts that drawing back (review 6, item 1: the drawing was lost).
    @Test func aRestyledNoteRemovedAndBothUndoneGetsItsDrawingBack() throws {
        let document = try ForeignAppearanceChangeTests.sample()
        let original = try Self.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        var history = UndoHistory()
        history.record(try EditorOperation.changeAnnotation(before: original.annotation, after: Self.keyed(original.annotation))
            .apply(to: document))
        let restyled = try #require(try document.annotations(onPage: 0).first { $0.id == "sample-note-1" })
        history.record(try EditorOperation.removeAnnotation(restyled).apply(to: document))

        _ = try history.undo(on: document)
        let addedBack = try Self.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        #expect(!addedBack.annotation.hasForeignAppearance && addedBack.bytes != original.bytes)

        _ = try history.undo(on: document)
        let back = try Self.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        #expect(back.annotation.hasForeignAppearance && back.bytes == original.bytes)
    }

    /// An addition that fails leaves the removed object in the file, for the next try.
    @Test func aFailedAdditionForgetsNothing() throws {
        let document = try ForeignAppearanceChangeTests.sample()
        let original = try Self.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        let left = try #require(try document.removeAnnotation(id: "sample-note-1", onPage: 0))
        var broken = original.annotation
        broken.inReplyTo = "nobody"  // refused: no such annotation on the page
        #expect(throws: PDFError.self) { try document.addAnnotation(broken, toPage: 0, restoring: left) }
        let added = try document.addAnnotation(original.annotation, toPage: 0, restoring: left)
        #expect(added.hasForeignAppearance)
    }
}

extension ForeignAppearanceUndoTests {
    /// A redaction drops the drawings kept aside: its full rewrite must leave out what they
    /// show (here the note's first drawing, and with it its first dictionary's words).
    @Test func aRedactionDropsTheDrawingsKeptAside() throws {
        let document = try ForeignAppearanceChangeTests.sample()
        let original = try Self.drawing(of: "sample-note-1", in: try document.dataRepresentation())
        var keyed = Self.keyed(original.annotation)
        keyed.contents = "Words that were replaced"
        var reworded = original.annotation
        reworded.contents = "Words that were replaced"
        _ = try EditorOperation.changeAnnotation(before: original.annotation, after: reworded).apply(to: document)
        _ = try EditorOperation.changeAnnotation(before: reworded, after: keyed).apply(to: document)
        keyed.contents = "Now"
        _ = try EditorOperation.changeAnnotation(before: keyed, after: keyed).apply(to: document)
        let written = String(decoding: try document.dataRepresentation(options: PDFWriteOptions(mode: .compact)), as: UTF8.self)
        #expect(written.contains("Words that were replaced"))  // kept aside, for an undo

        try document.applyRedactions()
        let redacted = String(decoding: try document.dataRepresentation(options: PDFWriteOptions(mode: .compact)), as: UTF8.self)
        #expect(!redacted.contains("Words that were replaced"))
        #expect(!redacted.contains("/Replaced"))
    }

    /// Once redactions were applied, a removed annotation's object is not put back: it may
    /// show what they took out, and the rewrite that must follow leaves it out.
    @Test func aRedactionKeepsRemovedObjectsOut() throws {
        let document = try ForeignAppearanceChangeTests.sample()
        let note = try #require(try document.annotations(onPage: 0).first { $0.id == "sample-note-1" })
        #expect(note.hasForeignAppearance)
        let left = try document.removeAnnotation(id: note.id, onPage: 0)
        #expect(left != nil)
        try document.applyRedactions()
        let added = try document.addAnnotation(note, toPage: 0, restoring: left)
        #expect(!added.hasForeignAppearance)
        #expect(added.reference?.number != left)
    }
}
