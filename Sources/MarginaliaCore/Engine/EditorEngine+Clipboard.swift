#if !hasFeature(Embedded)
import Foundation
#endif

// Copy and paste, duplicate, front and back, and clearing a page's markup: the commands the
// clipboard and the selection's bar send. The browser holds the clipboard's annotation JSON;
// where a paste lands and what may be rearranged or cleared is decided here.

extension EditorEngine {
    /// How far each paste onto the page it was copied from lands from the last: 12 points
    /// (12 pixels at 100 %), right and down on the screen whatever the page's rotation.
    public static let pasteStep: CGFloat = 12

    /// The command that pastes `annotations` (annotation JSON objects copied from one page)
    /// onto page `page`: copies without their ids (each gets a new one), on that page, read
    /// by the checked reading (what it refuses, and what cannot be edited, is left out).
    ///
    /// `count` is how many times these annotations were pasted there before. Onto the page
    /// they were copied from (`samePage`), each paste lands ``pasteStep`` further down and
    /// right, so the copies never hide the original or each other; onto another page the first
    /// paste keeps their place. Kept on the page. Nil when nothing can be pasted.
    public func pasteCommand(_ annotations: [JSONValue], toPage page: Int, samePage: Bool, count: Int) -> EditorCommand? {
        guard viewport.pages.indices.contains(page) else { return nil }
        var copies: [Annotation] = []
        for annotation in annotations {
            guard case .object(var object) = annotation else { continue }
            object["pageIndex"] = .integer(page)
            object["id"] = nil  // each copy gets a new id
            guard let copy = try? EditorCommand.annotation(JSONField(.object(object), path: EditorCommand.annotationPath), needsID: false),
                  copy.isEditable else { continue }
            copies.append(copy)
        }
        guard !copies.isEmpty else { return nil }
        let steps = CGFloat(max(0, count) + (samePage ? 1 : 0))
        let zoom = max(viewport.zoom, 0.01)
        let origin = viewport.convert(.zero, toPage: page)
        let along = viewport.convert(CGPoint(x: Self.pasteStep * steps * zoom, y: Self.pasteStep * steps * zoom), toPage: page)
        let offset = SelectionGeometry.clampedOffset(along.x - origin.x, along.y - origin.y,
                                                     for: SelectionGeometry.bounds(of: copies), within: pageBounds(page))
        return .paste(annotations: copies, dx: Double(offset.dx), dy: Double(offset.dy))
    }

    /// Brings the selection to the front of its page, or sends it to the back (one command);
    /// refused for a locked or read-only annotation.
    public func arrangeSelection(toFront: Bool) -> [EngineOutput] {
        changeSelection("rearranged") { .arrange(ids: $0, toFront: toFront) }
    }

    /// Removes every annotation of page `page` a user can take away (ink, shapes, text, notes,
    /// stamps, text markup: not links, form widgets or what is locked or read-only) as one
    /// command; nothing when there is none.
    public func clearMarkupCommand(page: Int) -> [EngineOutput] {
        guard indexes.indices.contains(page) else { return [] }
        let ids = indexes[page].annotations.filter { EditorCommand.isChangeable($0) }.map { $0.id }
        guard !ids.isEmpty else { return [] }
        return [.command(.remove(ids: ids))]
    }

    /// Where something pasted from outside (text, an image) lands: the middle of what shows of
    /// the current page, in its page space; nil without pages.
    public var pastePoint: (pageIndex: Int, point: CGPoint)? {
        guard let page = viewport.currentPage else { return nil }
        let shown = viewport.frame(ofPage: page).intersection(CGRect(origin: .zero, size: viewport.viewSize))
        let frame = shown.isNull || shown.isEmpty ? viewport.frame(ofPage: page) : shown
        return (page, viewport.convert(CGPoint(x: frame.midX, y: frame.midY), toPage: page))
    }

    /// The command that adds text pasted from the system clipboard: a text box in the Text
    /// tool's style at ``pastePoint``, a line for each of the text's lines, as wide as the
    /// tapped text box (wider for long lines, up to the page's width); nil for blank text.
    public func pasteTextCommand(_ text: String) -> EditorCommand? {
        guard let (page, point) = pastePoint else { return nil }
        let bounds = pageBounds(page)
        let style = preferences.text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let longest = lines.map { $0.count }.max() ?? 0
        // Helvetica's average advance is about half its size.
        let width = min(max(Self.tappedTextBoxWidth, CGFloat(longest) * CGFloat(style.fontSize) * 0.5), bounds.width)
        let height = CGFloat(lines.count) * CGFloat(style.fontSize) * AnnotationDraft.lineHeight
        let rect = AnnotationDraft.kept(CGRect(x: point.x - width / 2, y: point.y - height / 2, width: width, height: height), in: bounds)
        return textCommand(for: TextRequest(pageIndex: page, target: .newTextBox(rect: rect)), text: text)
    }

    /// An image pasted from the system clipboard, `size` pixels: placed as a tap of the Image
    /// tool at ``pastePoint`` would place it (its natural size, at most half the page).
    public func pasteImage(size: CGSize) -> [EngineOutput] {
        guard let (page, point) = pastePoint else { return [] }
        let rect = AnnotationDraft.tappedImageRect(size, at: point, on: pageBounds(page))
        guard !rect.isNull, rect.width >= 1, rect.height >= 1 else { return [] }
        return [.placeImage(pageIndex: page, rect: rect)]
    }
}
