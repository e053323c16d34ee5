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
            appearance.content.rectangle(box.insetBy(dx: min(border / 2, box.width / 2), dy: min(border / 2, box.height / 2)))
            appearance.content.stroke()
        }
        let layout = FreeTextLayout(text, borderWidth: border, embedsFonts: embedsFonts)
        let size = layout.size
        let padding = layout.padding
        let inner = box.insetBy(dx: min(CGFloat(padding), box.width / 2), dy: min(CGFloat(padding), box.height / 2))
        // WinAnsi text uses the standard font named in /DA; other scripts need an embedded
        // font (the system's DejaVu Sans), subset to the glyphs drawn.
        let font = layout.font
        let resource = layout.standard.map { appearance.addFont($0) } ?? "MEmbedded"
        let lines = layout.faces == nil ? layout.lines(text.text, width: Double(box.width)) : []
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
        let color = (a.color ?? Color(red: 0.8, green: 0.1, blue: 0.1)).pdfComponents
        let label = StampLabel(name: stamp.name, box: box)
        appearance.content.lineWidth(label.lineWidth)
        appearance.content.strokeColor(color)
        AppearanceBuilder.roundedRectangle(label.frame, radius: CGFloat(label.radius), &appearance.content)
        appearance.content.stroke()
        // Helvetica Bold, or DejaVu Sans Bold embedded where every font must be (PDF/A).
        let embedded = embedsFonts ? FontFallback.systemFont(bold: true) : nil
        let font: any PDFFont = embedded ?? StandardFontFace(.helveticaBold)
        let word = label.title
        let y = { (size: Double) in Double(label.frame.midY) - (font.ascent + font.descent) / 2 * size / 1000 }
        // A custom stamp's words in a script that needs shaping (docs/text-layout.md).
        if ScriptFonts.needsShaping(word), let faces = TextFaces.make(),
           let widthAtOne = try ShapedTextLayout.lines(word, faces: faces, size: 1, maxWidth: 0).first?.width {
            let size = label.fontSize(titleWidthAtOne: widthAtOne)
            let line = try ShapedTextLayout.lines(word, faces: faces, size: size, maxWidth: 0)
            appearance.content.beginText()
            appearance.content.fillColor(color)
            appearance.showShapedLines(line, faces: faces, size: size, firstBaseline: y(size), lineHeight: 0,
                                       left: Double(label.frame.minX), right: Double(label.frame.maxX), alignment: 1,
                                       bottom: -.infinity)
            appearance.content.endText()
            appearance.fonts.merge(try faces.fontResources(add: addObject)) { _, new in new }
            return appearance
        }
        let resource = embedded == nil ? appearance.addFont(.helveticaBold) : "MEmbedded"
        let size = label.fontSize(titleWidthAtOne: font.width(of: word, size: 1))
        appearance.content.beginText()
        appearance.content.font(resource, size: size)
        appearance.content.fillColor(color)
        let x = Double(label.frame.midX) - font.width(of: word, size: size) / 2
        appearance.content.textPosition(x, y(size))
        appearance.content.show(font.encode(word).bytes)
        appearance.content.endText()
        // Made after the word is encoded, so the subset holds exactly its glyphs.
        if let embedded { appearance.fonts[resource] = .reference(try embedded.makeFontDictionary(add: addObject)) }
        return appearance
    }

    static func roundedRectangle(_ r: CGRect, radius: CGFloat, _ c: inout ContentStreamBuilder) {
        c.append(BezierPath(roundedRect: r, radius: radius))
    }
}
