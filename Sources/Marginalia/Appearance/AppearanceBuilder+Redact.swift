import Foundation

extension AppearanceBuilder {
    /// What replaces the content under an applied redaction (the `/RO` of ISO 32000-2,
    /// 12.5.6.23): each quadrilateral (or the area) filled with `color`, and the overlay
    /// text, if any, in Helvetica sized to the area's height and kept inside it (repeated
    /// across it with `/Repeat`), black or white, whichever shows on the fill. In Nimbus Sans
    /// and the script fonts, shaped and embedded as subsets (``AppearanceTextFont``), when
    /// `embedsFonts` (a PDF/A document) or the text needs more than WinAnsi; `addObject`
    /// stores those fonts.
    static func redactionOverlay(_ a: PDFAnnotation, _ redact: PDFAnnotation.Redact, color: Color, embedsFonts: Bool,
                                 addObject: (PDFObject) -> PDFReference) throws -> AppearanceStream {
        let areas = redact.quads.isEmpty ? [PDFAnnotation.Quad(rect: a.rect)] : redact.quads
        let bounds = CGRect.bounding(areas.flatMap(\.points))
        var overlay = AppearanceStream(bounds: bounds)
        overlay.content.fillColor(color.pdfComponents)
        for quad in areas where quad.points.count == 4 {
            let p = quad.points
            overlay.content.quadrilateral(p)
        }
        overlay.content.fill()
        guard let text = redact.overlayText, !text.isEmpty, bounds.width > 2, bounds.height > 2 else { return overlay }
        let chosen = AppearanceTextFont(for: [text], standard: .helvetica, embeds: embedsFonts, named: "Helv", in: &overlay)
        let unit = max(try chosen.width(of: text, size: 1), 0.001)
        let size = Double(min(bounds.height * 0.7, (bounds.width - 2) / unit))
        guard size >= 1 else { return overlay }
        let components = color.pdfComponents
        let light = components.count == 1 ? components[0] > 0.5 : components.count == 3 ? components.reduce(0, +) / 3 > 0.5 : false
        overlay.content.rectangle(bounds)
        overlay.content.clip()
        overlay.content.fillColor(light ? [0] : [1])
        overlay.content.beginText()
        chosen.select(size: size, in: &overlay.content)
        let width = try chosen.width(of: text, size: size)
        let baseline = Double(bounds.midY) - size * 0.35
        let starts: [Double] = redact.repeatsOverlayText
            ? Array(stride(from: Double(bounds.minX) + 1, to: Double(bounds.maxX) - width + 0.01, by: max(width + size / 2, 1)))
            : [Double(bounds.midX) - width / 2]
        for x in starts.prefix(1_000) {
            try chosen.show(text, x: x, baseline: baseline, size: size, in: &overlay.content)
        }
        overlay.content.endText()
        try chosen.finish(&overlay, add: addObject)
        return overlay
    }
}
