import Foundation
import Marginalia
import MarginaliaEditor

/// One annotation's text as a logged entry left it: what the text index takes in from the log
/// instead of reading the document again (``TextIndexer``).
///
/// A page's words are those its content shows and those its visible annotations' appearances
/// show (``PDFDocument/text(ofPage:)``: a free-text box's words are on the page). An entry
/// that adds, changes or removes annotations whose appearances show no text (ink, shapes,
/// lines, text markup, note icons, drawn by Marginalia: ``appearanceShowsNoText(_:)``), or
/// rearranges annotations, leaves every page's words as they were; only the annotations' own
/// text (their contents and author, ``IndexedDocument/Annotation/text(of:)``) can change,
/// and the entry carries it. Any other entry has the document read again.
struct AnnotationTextEdit: Sendable, Equatable {
    var annotationID: String
    /// The page the annotation is on after the entry.
    var page: Int
    /// Its text after the entry; empty when it has none or the entry removed it.
    var text: String
    /// Whether the annotation was there before the entry (false for an addition): only then
    /// can the index hold a row of it to take out.
    var existed: Bool
    /// The revision of the entry.
    var revision: Int

    /// Whether taking it in changes nothing in the index: an annotation added without text
    /// (a stroke).
    var changesNothing: Bool { !existed && text.isEmpty }

    /// The annotation edits of `entries`, in log order; nil when one of them may change more
    /// than annotations' text (pages inserted, removed, restored, rotated, moved or copied; a
    /// form field filled; an annotation whose appearance may show text added, changed or
    /// removed), so that the document must be read again.
    static func edits(of entries: [LoggedOperation]) -> [AnnotationTextEdit]? {
        var edits: [AnnotationTextEdit] = []
        for entry in entries {
            guard collect(entry.operation, revision: entry.revision, into: &edits) else { return nil }
        }
        return edits
    }

    /// Appends the edits of `operation`; false when it changes more than annotations.
    private static func collect(_ operation: EditorOperation, revision: Int, into edits: inout [AnnotationTextEdit]) -> Bool {
        switch operation {
        case .addAnnotation(let annotation, _):
            return append(annotation, existed: false, removed: false, revision: revision, to: &edits)
        case .removeAnnotation(let annotation, _):
            return append(annotation, existed: true, removed: true, revision: revision, to: &edits)
        case .changeAnnotation(let before, let after):
            // An annotation keeps its id and page when changed; one that did not would be
            // indexed wrong, so it is read again.
            guard before.id == after.id, before.pageIndex == after.pageIndex, appearanceShowsNoText(before) else { return false }
            return append(after, existed: true, removed: false, revision: revision, to: &edits)
        case .arrangeAnnotation:
            return true  // what draws over what: no text changes
        case .group(_, let inner):
            return inner.allSatisfy { collect($0, revision: revision, into: &edits) }
        case .insertPage, .removePage, .restorePage, .rotatePage, .movePage, .copyPages, .fillField:
            return false
        }
    }

    /// Whether the annotation's appearance shows no text, so that adding, changing or removing
    /// it leaves its page's words as they were: one Marginalia draws (not one kept from another
    /// tool) of a kind drawn with paths alone. Free text, stamps, redactions (their overlay
    /// text) and every other kind may show words.
    static func appearanceShowsNoText(_ annotation: PDFAnnotation) -> Bool {
        guard !annotation.hasForeignAppearance else { return false }
        switch annotation.kind {
        case .ink, .note, .square, .circle, .line, .polygon, .polyLine, .textMarkup: return true
        default: return false
        }
    }

    private static func append(_ annotation: PDFAnnotation, existed: Bool, removed: Bool, revision: Int,
                               to edits: inout [AnnotationTextEdit]) -> Bool {
        guard let page = annotation.pageIndex, appearanceShowsNoText(annotation) else { return false }
        edits.append(AnnotationTextEdit(annotationID: annotation.id, page: page,
                                        text: removed ? "" : IndexedDocument.Annotation.text(of: annotation),
                                        existed: existed, revision: revision))
        return true
    }
}

extension AnnotationTextUpdate {
    /// The update that takes in `edits` (in log order) of the entries after revision `after`
    /// and marks the document `version`: one change per annotation, its last text, page and
    /// revision, and whether it was there before the first.
    ///
    /// An annotation added after `after` that never had text in these entries leaves no row
    /// anywhere and is left out. One that had text on the way, even if it has none at the end
    /// (a note added, then removed), stays: a shared index may hold the document part of the
    /// way (another replica took in the entries up to the note), and its row must go.
    init(documentID: String, version: String, after: Int, edits: [AnnotationTextEdit]) {
        var changes: [Change] = []
        var hadText: [Bool] = []
        var position: [String: Int] = [:]
        for edit in edits {
            if let index = position[edit.annotationID] {
                changes[index].page = edit.page
                changes[index].text = edit.text
                changes[index].revision = edit.revision
                hadText[index] = hadText[index] || !edit.text.isEmpty
            } else {
                position[edit.annotationID] = changes.count
                changes.append(Change(annotationID: edit.annotationID, page: edit.page, text: edit.text, existed: edit.existed,
                                      revision: edit.revision))
                hadText.append(!edit.text.isEmpty)
            }
        }
        self.init(documentID: documentID, version: version, after: after,
                  changes: zip(changes, hadText).filter { $0.existed || $1 }.map { $0.0 })
    }
}
