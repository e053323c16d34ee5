import Foundation

extension AppearanceBuilder {
    /// The standard size of a note icon, in points at 100% zoom (what Acrobat draws).
    static let noteIconSize: CGFloat = 20

    /// A sticky note: the icon its `/Name` names (``NoteIcon``), in the annotation's colour
    /// with a dark outline, 20 points square at the top-left of `/Rect`. Notes carry the
    /// NoZoom and NoRotate flags, so viewers keep the icon this size on screen and upright at
    /// every zoom and rotation.
    func note(_ a: PDFAnnotation, _ note: PDFAnnotation.Note) -> AppearanceStream {
        let size = AppearanceBuilder.noteIconSize
        let box = CGRect(x: a.rect.minX, y: a.rect.maxY - size, width: size, height: size)
        var appearance = AppearanceStream(bounds: box)
        appearance.setOpacity(a.opacity)
        var icon = NoteIconDrawer(box: box, fill: (a.color ?? AnnotationSubtype.note.defaultColor ?? .black).pdfComponents,
                                  content: appearance.content)
        icon.draw(note.standardIcon)
        appearance.content = icon.content
        return appearance
    }
}
