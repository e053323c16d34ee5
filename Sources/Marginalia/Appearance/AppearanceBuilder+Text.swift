import Foundation
import PDFCore

extension AppearanceBuilder {
    /// Free text: background (`/C`), border in the text colour, and the text wrapped at
    /// word boundaries with the standard-14 font's real glyph widths, aligned per `/Q`,
    /// clipped to the box, upright for the reader on rotated pages.
    func freeText(_ a: PDFAnnotation, _ text: PDFAnnotation.FreeText) throws -> AppearanceStream {
        var appearance = AppearanceStream.upright(in: a.rect, pageRotation: pageRotation)
        appearance.setOpacity(a.opacity)
        let box = appearance.bounds
        let border = a.border.width
        if let background = a.color {
            appearance.content.fillColor(background.pdfComponents)
            appearance.content.rectangle(box)
            appearance.content.fill()
        }
        if border > 0 {
            appearance.content.lineWidth(border)
            appearance.content.strokeColor(text.textColor.pdfComponents)
            appearance.content.rectangle(TextBoxLayout.borderRect(in: box, width: border))
            appearance.content.stroke()
        }
        let layout = FreeTextLayout(text, borderWidth: border, embedsFonts: embedsFonts)
        let size = layout.size
        let padding = layout.padding
        let inner = box.insetBy(dx: min(CGFloat(padding), box.width / 2), dy: min(CGFloat(padding), box.height / 2))
        // WinAnsi text uses the standard font named in /DA; other text embeds the family's
        // URW font and the script fonts (FreeTextLayout), each subset to the glyphs drawn.
        let font = layout.font
        let resource = layout.standard.map { appearance.addFont($0) } ?? "MEmbedded"
        let lines = layout.faces == nil && layout.standard == nil ? layout.lines(text.text, width: Double(box.width)) : []
        let lineHeight = layout.lineHeight
        appearance.content.save()
        appearance.content.rectangle(inner)
        appearance.content.clip()
        appearance.content.beginText()
        // Shaped lines name their own fonts, run by run.
        if layout.faces == nil { appearance.content.font(resource, size: size) }
        appearance.content.fillColor(text.textColor.pdfComponents)
        let firstBaseline = Double(inner.maxY) - font.ascent * size / 1000
        if let faces = layout.faces, let shaped = try layout.shapedLines(text.text, width: Double(box.width)) {
            appearance.showShapedLines(shaped, faces: faces, size: size, firstBaseline: firstBaseline, lineHeight: lineHeight,
                                       left: Double(inner.minX), right: Double(inner.maxX),
                                       alignment: text.alignment.rawValue, bottom: Double(inner.minY))
        } else if let standard = layout.standard {
            // The core's layout (TextBoxLayout), which the browser's engine answers for the
            // overlay too, measured with Marginalia's encoding (it precomposes accents).
            let placed = TextBoxLayout(text: text.text, metrics: standard.metrics, winAnsi: standard.usesWinAnsi,
                                       fontSize: size, box: box, borderWidth: Double(border),
                                       alignment: text.alignment.rawValue, units: { standard.units(of: $0) })
            appearance.showPlacedLines(placed.lines, font: font)
        } else {
            appearance.showLines(lines, font: font, firstBaseline: firstBaseline,
                                 lineHeight: lineHeight, left: Double(inner.minX), right: Double(inner.maxX),
                                 alignment: text.alignment.rawValue, bottom: Double(inner.minY))
        }
        appearance.content.endText()
        appearance.content.restore()
        if let faces = layout.faces {
            // Made after the text is shown, so each subset holds exactly its glyphs.
            appearance.fonts.merge(try faces.fontResources(add: addObject)) { _, new in new }
        } else if font is TrueTypeFont {
            // Made after the text is encoded, so the subset holds exactly its glyphs.
            appearance.fonts[resource] = .reference(try font.makeFontDictionary(add: addObject))
        }
        return appearance
    }

    /// A stamp: its image (cropped, turned, framed: ``imageStamp(_:_:_:_:)``), or a named stamp drawn as a framed word
    /// in the stamp's colour (12.5.6.12), upright for the reader.
    func stamp(_ a: PDFAnnotation, _ stamp: PDFAnnotation.Stamp) throws -> AppearanceStream {
        var appearance = AppearanceStream.upright(in: a.rect, pageRotation: pageRotation)
        appearance.setOpacity(a.opacity)
        let box = appearance.bounds
        if let data = stamp.imageData {
            try imageStamp(a, stamp, data, &appearance)
            return appearance
        }
        let color = (a.color ?? AnnotationSubtype.stamp.defaultColor ?? .black).pdfComponents
        let label = StampLabel(name: stamp.name, box: box)
        appearance.content.lineWidth(label.lineWidth)
        appearance.content.strokeColor(color)
        AppearanceBuilder.roundedRectangle(label.frame, radius: CGFloat(label.radius), &appearance.content)
        appearance.content.stroke()
        // StampLabel.titleFont (Helvetica Bold), or where it must be embedded (PDF/A, or a custom stamp's words beyond
        // WinAnsi) Nimbus Sans Bold, with the script fonts, shaped, for what it lacks.
        let word = label.title
        let chosen = AppearanceTextFont(for: [word], standard: StandardFont(rawValue: StampLabel.titleFont) ?? .helveticaBold, embeds: embedsFonts, in: &appearance)
        let font = chosen.font
        // In the standard font the core lays the title out (StampLabel.titleLayout, which the
        // browser draws by); shaped or embedded, it is measured in the font drawn.
        let size: Double, x: Double, y: Double
        if chosen.standard != nil, word.unicodeScalars.count == word.count {
            let layout = label.titleLayout
            size = layout.fontSize
            x = layout.x
            y = layout.baseline
        } else {
            size = label.fontSize(titleWidthAtOne: try chosen.width(of: word, size: 1))
            x = Double(label.frame.midX) - (try chosen.width(of: word, size: size)) / 2
            y = Double(label.frame.midY) - (font.ascent + font.descent) / 2 * size / 1000
        }
        appearance.content.beginText()
        chosen.select(size: size, in: &appearance.content)
        appearance.content.fillColor(color)
        try chosen.show(word, x: x, baseline: y, size: size, in: &appearance.content)
        appearance.content.endText()
        // Made after the word is drawn, so each subset holds exactly its glyphs.
        try chosen.finish(&appearance, add: addObject)
        return appearance
    }

    static func roundedRectangle(_ r: CGRect, radius: CGFloat, _ c: inout ContentStreamBuilder) {
        c.append(BezierPath(roundedRect: r, radius: radius))
    }
}
