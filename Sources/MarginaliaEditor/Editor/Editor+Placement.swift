import Foundation
import Marginalia

// The tools that place things: shapes and images by drag (or tap for an image), text boxes
// and notes by drag or tap, followed by typing (``PendingText``).

extension Editor {
    /// Default size of a text box made by a tap: this wide, one line high.
    public static let tappedTextBoxWidth: CGFloat = 200

    /// Chooses the PNG or JPEG image the Image tool places next and selects that tool.
    ///
    /// - Throws: ``ImageError`` when `data` is not a PNG or JPEG image this engine can read.
    public func setImageToPlace(_ data: Data) throws {
        let image = try ImageDecoder.decode(data)
        imageToPlace = (data, CGSize(width: image.width, height: image.height))
        select(.image)
    }

    /// Ends the text being typed: adds the new text box or note, or changes the existing
    /// one's text (one undo step). Empty text adds nothing, and removes an existing text box.
    @discardableResult
    public func commitText(_ text: String) throws -> EditorOperation? {
        guard let pending = pendingText else { return nil }
        pendingText = nil
        let isEmpty = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        let settings = preferences.text
        switch pending.target {
        case .newTextBox(let rect):
            guard !isEmpty, var box = ShapeTool.textBox(in: rect, text: text, fontSize: settings.fontSize, bold: settings.bold,
                                                       textColor: settings.textColor, background: settings.backgroundColor,
                                                       pageIndex: pending.pageIndex) else { return nil }
            box.author = author
            return try perform(.addAnnotation(box))
        case .newNote(let point):
            guard !isEmpty, var note = ShapeTool.note(at: point, text: text, color: preferences.noteColor,
                                                      icon: preferences.noteIcon, pageIndex: pending.pageIndex) else { return nil }
            note.author = author
            return try perform(.addAnnotation(note))
        case .existing(let before):
            guard text != pending.text else { return nil }
            var after = before
            after.contents = text
            after.modificationDate = Date()
            if case .freeText(var freeText) = before.kind {
                if isEmpty { return try perform(.removeAnnotation(before)) }
                freeText.text = text
                after.kind = .freeText(freeText)
            }
            return try perform(.changeAnnotation(before: before, after: after))
        }
    }

    /// Abandons the text being typed; nothing changes.
    public func cancelText() {
        pendingText = nil
    }

    /// What a drag of `tool` from `start` to `end` would add (for the live preview).
    func dragPreview(_ tool: EditorTool, pageIndex: Int, from start: CGPoint, to end: CGPoint) -> PDFAnnotation? {
        let page = pageBounds(pageIndex)
        let start = clamp(start, to: page), end = clamp(end, to: page)
        switch tool {
        case .shape:
            let s = preferences.shape
            return ShapeTool.shape(s.kind, from: start, to: end, style: .init(stroke: s.strokeColor, width: s.width, fill: s.fillColor),
                                   pageIndex: pageIndex)
        case .text:
            let t = preferences.text
            return ShapeTool.textBox(in: Self.rect(start, end), fontSize: t.fontSize, bold: t.bold, textColor: t.textColor,
                                     background: t.backgroundColor, pageIndex: pageIndex)
        case .image:
            guard let image = imageToPlace else { return nil }
            return imageAnnotation(image, in: Self.fitted(image.size, into: Self.rect(start, end)), pageIndex: pageIndex)
        case .select, .draw, .erase, .note, .form:
            return nil
        }
    }

    /// Ends a drag (or tap) of a placing tool.
    func endDrag(_ tool: EditorTool, pageIndex: Int, from start: CGPoint, to end: CGPoint, isTap: Bool) throws -> [EditorOperation] {
        let page = pageBounds(pageIndex)
        switch tool {
        case .shape:
            guard !isTap, var shape = dragPreview(.shape, pageIndex: pageIndex, from: start, to: end) else { return [] }
            shape.author = author
            return [try perform(.addAnnotation(shape))]
        case .text, .note:
            if let existing = try SelectionTool.select(at: start, onPage: pageIndex, in: session.document), existing.isTextual {
                pendingText = PendingText(pageIndex: pageIndex, target: .existing(existing), text: existing.contents ?? "")
                return []
            }
            if tool == .note {
                pendingText = PendingText(pageIndex: pageIndex, target: .newNote(at: clamp(start, to: page)), text: "")
                return []
            }
            let height = CGFloat(preferences.text.fontSize) * 1.6
            let rect = isTap
                ? CGRect(x: start.x, y: start.y - height, width: Self.tappedTextBoxWidth, height: height)
                : Self.rect(clamp(start, to: page), clamp(end, to: page))
            pendingText = PendingText(pageIndex: pageIndex, target: .newTextBox(rect: Self.kept(rect, in: page)), text: "")
            return []
        case .image:
            guard let image = imageToPlace else { return [] }
            let rect: CGRect
            if isTap {
                // Natural size (a pixel per point), at most half the page, centred on the tap.
                let scale = min(1, page.width / 2 / image.size.width, page.height / 2 / image.size.height)
                let size = CGSize(width: image.size.width * scale, height: image.size.height * scale)
                rect = Self.kept(CGRect(x: start.x - size.width / 2, y: start.y - size.height / 2,
                                        width: size.width, height: size.height), in: page)
            } else {
                rect = Self.fitted(image.size, into: Self.rect(clamp(start, to: page), clamp(end, to: page)))
            }
            guard rect.width >= 1, rect.height >= 1 else { return [] }
            let applied = try perform(.addAnnotation(imageAnnotation(image, in: rect, pageIndex: pageIndex)))
            imageToPlace = nil
            // The placed image is selected, ready to move or resize.
            select(.select)
            if case .addAnnotation(let placed) = applied {
                selection = try session.document.annotation(id: placed.id, onPage: pageIndex).map { [$0] } ?? []
            }
            return [applied]
        case .form:
            return isTap ? try tapField(at: start, pageIndex: pageIndex) : []
        case .select, .draw, .erase:
            return []
        }
    }

    private func imageAnnotation(_ image: (data: Data, size: CGSize), in rect: CGRect, pageIndex: Int) -> PDFAnnotation {
        var stamp = PDFAnnotation(kind: .stamp(.init(name: "Image", imageData: image.data)), rect: rect, color: nil,
                                  pageIndex: pageIndex)
        stamp.author = author
        return stamp
    }

    private func clamp(_ point: CGPoint, to page: CGRect) -> CGPoint {
        guard !page.isNull else { return point }
        return CGPoint(x: min(max(point.x, page.minX), page.maxX), y: min(max(point.y, page.minY), page.maxY))
    }

    static func rect(_ a: CGPoint, _ b: CGPoint) -> CGRect {
        CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// The largest rect of `size`'s proportions inside `box`, sharing its top-left corner.
    static func fitted(_ size: CGSize, into box: CGRect) -> CGRect {
        guard size.width > 0, size.height > 0 else { return box }
        let scale = min(box.width / size.width, box.height / size.height)
        let fitted = CGSize(width: size.width * scale, height: size.height * scale)
        return CGRect(x: box.minX, y: box.maxY - fitted.height, width: fitted.width, height: fitted.height)
    }

    /// `rect` moved (not resized, unless larger than the page) to lie on `page`.
    static func kept(_ rect: CGRect, in page: CGRect) -> CGRect {
        guard !page.isNull else { return rect }
        let width = min(rect.width, page.width), height = min(rect.height, page.height)
        let x = min(max(rect.minX, page.minX), page.maxX - width)
        let y = min(max(rect.minY, page.minY), page.maxY - height)
        return CGRect(x: x, y: y, width: width, height: height)
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
