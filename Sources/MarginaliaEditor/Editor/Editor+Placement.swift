import Foundation
import Marginalia

// The tools that place things (the engine decides where; ``AnnotationDraft`` what): text
// boxes and notes followed by typing (``PendingText``), and images, whose bytes only the
// editor holds.

extension Editor {
    /// Default size of a text box made by a tap: this wide, one line high.
    public static let tappedTextBoxWidth = EditorEngine.tappedTextBoxWidth

    /// Chooses the image (any format ``ImageDecoder`` reads) the Image tool places next and
    /// selects that tool.
    ///
    /// - Throws: ``ImageError`` when `data` is not an image this engine can read.
    public func setImageToPlace(_ data: Data) throws {
        let image = try ImageDecoder.decode(data)
        let size = CGSize(width: image.width, height: image.height)
        imageToPlace = (data, size)
        engine.imageToPlace = size
        select(.image)
    }

    /// The engine asked for text: a new box or note, or an existing one's text.
    func beginText(_ request: TextRequest) throws {
        switch request.target {
        case .newTextBox(let rect):
            pendingText = PendingText(pageIndex: request.pageIndex, target: .newTextBox(rect: rect), text: "", request: request)
        case .newNote(let point):
            pendingText = PendingText(pageIndex: request.pageIndex, target: .newNote(at: point), text: "", request: request)
        case .existing(let id):
            guard let existing = try session.document.annotation(id: id, onPage: request.pageIndex) else { return }
            let text: String
            if case .freeText(let box) = existing.kind { text = box.text } else { text = existing.contents ?? "" }
            pendingText = PendingText(pageIndex: request.pageIndex, target: .existing(existing), text: text, request: request)
        }
    }

    /// Ends the text being typed: adds the new text box or note, or changes the existing
    /// one's text (one undo step). Empty text adds nothing, and removes an existing text box.
    @discardableResult
    public func commitText(_ text: String) throws -> EditorOperation? {
        guard let pending = pendingText else { return nil }
        pendingText = nil
        guard case .existing(let before) = pending.target else {
            guard let command = engine.textCommand(for: pending.request, text: text) else { return nil }
            return try apply(command).first
        }
        guard text != pending.text else { return nil }
        let isEmpty = !text.contains { !$0.isWhitespace }
        var after = before
        after.contents = text
        if case .freeText(var box) = before.kind {
            if isEmpty { return try apply(.remove(ids: [before.id])).first }
            box.text = text
            after.kind = .freeText(box)
        }
        return try apply(.change(after.annotation)).first
    }

    /// Abandons the text being typed; nothing changes.
    public func cancelText() {
        pendingText = nil
    }

    /// Adds the image to place at `rect` (one undo step) and selects it.
    func placeImage(onPage page: Int, in rect: CGRect) throws -> EditorOperation? {
        guard let image = imageToPlace else { return nil }
        var stamp = PDFAnnotation(kind: .stamp(.init(name: "Image", imageData: image.data)), rect: rect, color: nil, pageIndex: page)
        stamp.author = author
        let applied = try perform(.addAnnotation(stamp))
        imageToPlace = nil
        engine.selectAnnotations([stamp.id])
        return applied
    }
}

extension PDFAnnotation {
    /// Free text and notes: the annotations whose text the Text and Note tools edit.
    var isTextual: Bool {
        switch kind {
        case .freeText, .note: return true
        default: return false
        }
    }
}
