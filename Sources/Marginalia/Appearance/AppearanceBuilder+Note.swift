import Foundation

extension AppearanceBuilder {
    /// The standard size of a note icon, in points at 100% zoom (what Acrobat draws).
    static let noteIconSize: CGFloat = 20

    /// A sticky note: a folded sheet with text lines, in the annotation's colour, 20 points
    /// square at the top-left of `/Rect`. Notes carry the NoZoom and NoRotate flags, so
    /// viewers keep the icon this size on screen and upright at every zoom and rotation.
    func note(_ a: PDFAnnotation, _ note: PDFAnnotation.Note) -> AppearanceStream {
        let size = AppearanceBuilder.noteIconSize
        let box = CGRect(x: a.rect.minX, y: a.rect.maxY - size, width: size, height: size)
        var appearance = AppearanceStream(bounds: box)
        appearance.setOpacity(a.opacity)
        var c = appearance.content
        let fill = (a.color ?? Color(red: 1, green: 0.85, blue: 0.2)).pdfComponents
        let fold: CGFloat = 5
        c.lineWidth(0.8)
        c.lineJoin(1)
        c.strokeColor([0.25, 0.25, 0.25])
        c.fillColor(fill)
        // The sheet with its top-right corner folded.
        c.move(CGPoint(x: box.minX + 1, y: box.minY + 1))
        c.line(CGPoint(x: box.maxX - 1, y: box.minY + 1))
        c.line(CGPoint(x: box.maxX - 1, y: box.maxY - 1 - fold))
        c.line(CGPoint(x: box.maxX - 1 - fold, y: box.maxY - 1))
        c.line(CGPoint(x: box.minX + 1, y: box.maxY - 1))
        c.closePath()
        c.fillAndStroke()
        c.move(CGPoint(x: box.maxX - 1 - fold, y: box.maxY - 1))
        c.line(CGPoint(x: box.maxX - 1 - fold, y: box.maxY - 1 - fold))
        c.line(CGPoint(x: box.maxX - 1, y: box.maxY - 1 - fold))
        c.stroke()
        // Three lines of "text".
        for i in 0..<3 {
            let y = box.maxY - 7 - CGFloat(i) * 4
            c.move(CGPoint(x: box.minX + 4, y: y))
            c.line(CGPoint(x: box.maxX - (i == 0 ? 8 : 4), y: y))
        }
        c.stroke()
        appearance.content = c
        return appearance
    }
}
