import Foundation
import Marginalia
import MarginaliaCore

/// Annotations copied from one page, as annotation JSON (what the browser's clipboard holds
/// too), with how many times they have been pasted since.
public struct EditorClipboard: Equatable, Sendable {
    /// The copied annotations' JSON objects, bottom to top.
    public var annotations: [JSONValue]
    /// The page they were copied from.
    public var pageIndex: Int
    /// How many times they have been pasted onto each page (a paste onto the page they came
    /// from lands a step further each time).
    public var pastes: [Int: Int] = [:]

    /// The clipboard for `annotations`, which are on page `pageIndex`.
    public init(_ annotations: [PDFAnnotation], pageIndex: Int) throws {
        let data = try AnnotationJSON.encode(annotations)
        guard case .array(let list)? = try JSONParser.parse(String(decoding: data, as: UTF8.self))["annotations"] else {
            throw OperationError.invalid("clipboard: the annotations' JSON has no annotations")
        }
        self.annotations = list
        self.pageIndex = pageIndex
    }
}

// Copy, cut, paste and duplicate of the selection, front and back, clearing a page: each a
// command the engine decides (where a paste lands, what may change) and one undo step.

extension Editor {
    /// Copies the selection to ``clipboard``; false when nothing is selected.
    @discardableResult
    public func copySelection() throws -> Bool {
        let selected = selection
        guard let page = selected.first?.pageIndex else { return false }
        clipboard = try EditorClipboard(selected, pageIndex: page)
        return true
    }

    /// Copies the selection, then deletes it (one undo step); a locked or read-only selection
    /// is copied but not deleted (``refusal`` says why).
    public func cutSelection() throws {
        guard try copySelection() else { return }
        try deleteSelection()
    }

    /// Pastes ``clipboard`` onto page `page` (default: the current page) and selects the
    /// copies: one undo step. Onto the page they came from, each paste lands a step further
    /// down and right; anywhere else, the first one keeps their place.
    public func paste(toPage page: Int? = nil) throws {
        guard var clipboard else { return }
        let target = page ?? viewport.currentPage ?? clipboard.pageIndex
        let count = clipboard.pastes[target, default: 0]
        guard let command = engine.pasteCommand(clipboard.annotations, toPage: target,
                                                samePage: target == clipboard.pageIndex, count: count) else { return }
        let applied = try apply(command)
        clipboard.pastes[target] = count + 1
        self.clipboard = clipboard
        engine.selectAnnotations(Self.addedIDs(applied))
    }

    /// A copy of the selection beside it, selected (one undo step); the clipboard is left alone.
    public func duplicateSelection() throws {
        let selected = selection
        guard let page = selected.first?.pageIndex else { return }
        let copied = try EditorClipboard(selected, pageIndex: page)
        guard let command = engine.pasteCommand(copied.annotations, toPage: page, samePage: true, count: 0) else { return }
        engine.selectAnnotations(Self.addedIDs(try apply(command)))
    }

    /// Adds text from the system clipboard as a text box in the middle of what shows of the
    /// current page (one undo step); nothing for blank text.
    public func pasteText(_ text: String) throws {
        guard let command = engine.pasteTextCommand(text) else { return }
        engine.selectAnnotations(Self.addedIDs(try apply(command)))
    }

    /// Places an image (any format ``ImageDecoder`` reads) from the system clipboard in the middle of what shows of the
    /// current page, at its natural size (at most half the page), selected (one undo step).
    ///
    /// - Throws: ``ImageError`` when `data` is not an image Marginalia reads.
    public func pasteImage(_ data: Data) throws {
        let image = try ImageDecoder.decode(data)
        imageToPlace = (data, CGSize(width: image.width, height: image.height))
        defer { imageToPlace = nil }
        try process(engine.pasteImage(size: CGSize(width: image.width, height: image.height)))
    }

    /// Brings the selection to the front of its page, or sends it to the back (one undo step).
    public func arrangeSelection(toFront: Bool) throws {
        try process(engine.arrangeSelection(toFront: toFront))
    }

    /// Removes every annotation a user may take away from page `page` (one undo step).
    public func clearMarkup(onPage page: Int) throws {
        try process(engine.clearMarkupCommand(page: page))
    }

    private static func addedIDs(_ operations: [EditorOperation]) -> [String] {
        operations.flatMap { operation -> [String] in
            switch operation {
            case .addAnnotation(let annotation, _): return [annotation.id]
            case .group(_, let steps): return addedIDs(steps)
            default: return []
            }
        }
    }
}
