import Foundation

extension AppearanceBuilder {
    /// An image stamp: the image placed so its cropped part, turned by the stamp's rotation,
    /// fills the box, clipped to the box (a crop hides the rest of the image but keeps it in
    /// the file); then the frame, `/BS /W` wide in the `/C` colour, inside the box.
    func imageStamp(_ a: PDFAnnotation, _ stamp: PDFAnnotation.Stamp, _ data: Data,
                    _ appearance: inout AppearanceStream) throws {
        let box = appearance.bounds
        let image = try ImageDecoder.decode(data)
        let objects = try image.pdfObjects()
        appearance.xObjects["Im0"] = storedImage(objects) ?? objects.addToFile(addObject)
        appearance.content.save()
        appearance.content.rectangle(box)
        appearance.content.clip()
        appearance.content.concatenate(stamp.imageTransform(filling: box))
        appearance.content.drawXObject("Im0")
        appearance.content.restore()
        guard let color = a.color, let frame = ImageFit.frame(in: box, width: CGFloat(a.border.width)) else { return }
        appearance.content.lineWidth(Double(frame.lineWidth))
        appearance.content.lineJoin(0)
        appearance.content.strokeColor(color.pdfComponents)
        if a.border.style == .dashed && !a.border.dashPattern.isEmpty {
            appearance.content.dash(a.border.dashPattern.map { max(0, $0) })
        }
        appearance.content.rectangle(frame.rect)
        appearance.content.stroke()
    }
}
