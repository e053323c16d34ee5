import Foundation
import Marginalia

// Tool settings the toolbar sets in one tap (weights, brushes, note icons), and the Select
// tool's image controls (frame, crop, turn).

extension Editor {
    /// Gives the current pen the width of `weight` (Fine, Medium, Thick) for its kind.
    public func setInkWeight(_ weight: LineWeight) {
        updatePreferences { $0.setInkWeight(weight) }
    }

    /// The named weight of the current pen's width, or nil when the slider set another width.
    public var currentInkWeight: LineWeight? {
        preferences.inkWeight
    }

    /// Gives the Shape tool the outline width of `weight`.
    public func setShapeWeight(_ weight: LineWeight) {
        updatePreferences { $0.setShapeWeight(weight) }
    }

    /// Draws the current pen's strokes with `brush` from now on.
    public func setInkBrush(_ brush: InkBrush) {
        updatePreferences { preferences in
            var preset = preferences.currentPreset
            preset.brush = brush
            preferences.setPreset(preset, for: preferences.currentInk)
        }
    }

    /// New notes show `icon` from now on; selected notes change to it (one undo step).
    public func setNoteIcon(_ icon: NoteIcon) throws {
        updatePreferences { $0.noteIcon = icon }
        let change = SelectionTool.changes(selection, name: "change note icon") { annotation in
            guard case .note(var note) = annotation.kind else { return annotation }
            note.icon = icon.rawValue
            var result = annotation
            result.kind = .note(note)
            return result
        }
        if let change { try perform(change) }
    }

    // MARK: - Images

    /// Frames the selected images: `width` points (0 removes the frame) in `color`.
    public func setSelectedImageBorder(width: Double, color: Color) throws {
        if let operation = ImageEditing.setBorder(selection, width: width, color: color) { try perform(operation) }
    }

    /// Turns the selected images a quarter turn, clockwise for the reader by default.
    public func rotateSelectedImages(clockwise: Bool = true) throws {
        guard let page = selection.first?.pageIndex else { return }
        if let operation = ImageEditing.rotate(selection, clockwise: clockwise, pageBounds: engine.pageBounds(page)) {
            try perform(operation)
        }
    }

    /// Crops the one selected image to `crop` (fractions of the whole image from its top-left
    /// corner), or shows it whole again with nil.
    public func cropSelectedImage(to crop: CGRect?) throws {
        guard selection.count == 1, let image = selection.first, let page = image.pageIndex else { return }
        let rotation = page < viewport.pages.count ? viewport.pages[page].rotation : 0
        if let operation = ImageEditing.crop(image, to: crop, pageRotation: rotation) { try perform(operation) }
    }
}
