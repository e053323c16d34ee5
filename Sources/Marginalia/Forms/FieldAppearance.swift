import Foundation
import PDFCore

/// Draws widget appearances for field values (ISO 32000-2, 12.7.4.3 variable text and
/// 12.5.6.19 widget annotations): the background and border from `/MK`, then the value in
/// the font, size and colour of `/DA`, clipped to the field, so that viewers that ignore
/// `/NeedAppearances` show exactly this.
///
/// Rules kept: nothing is drawn outside the widget's box; text is inside the border with
/// 2 points of padding; a size of 0 in `/DA` means "fit the box", at most 12 points for
/// several lines; `/MK /R` turns the drawing counter-clockwise as the spec says.
struct FieldAppearance {
    let file: PDFFile
    let form: AcroForm
    var addObject: (PDFObject) -> PDFReference
    /// Whether text is drawn only in embedded fonts (the family's URW font, Nimbus Sans for
    /// Helvetica, instead of the standard font `/DA` names: ``AppearanceTextFont``) and checks and dots as paths instead of ZapfDingbats, as a document that
    /// claims PDF/A needs (docs/accessibility.md).
    var embedsFonts = false

    /// What `/MK` and `/BS` say about a widget's look.
    struct Look {
        var background: [Double]?
        var borderColor: [Double]?
        var borderWidth: Double = 1
        var borderStyle = "S"
        var caption: String?
        var rotation = 0
    }

    func look(of widget: PDFDictionary) -> Look {
        var look = Look()
        let mk = (try? file.dictionary(widget["MK"])) ?? PDFDictionary()
        func components(_ key: String) -> [Double]? {
            let numbers = ((try? file.resolve(mk[key] ?? .null))?.arrayValue ?? []).compactMap(\.numberValue)
            return [1, 3, 4].contains(numbers.count) ? numbers : nil
        }
        look.background = components("BG")
        look.borderColor = components("BC")
        look.caption = (try? file.resolve(mk["CA"] ?? .null))?.stringBytes.map(PDFTextString.decode)
        look.rotation = (((try? file.resolve(mk["R"] ?? .null))?.integerValue ?? 0) % 360 + 360) % 360 / 90 * 90
        if let bs = try? file.dictionary(widget["BS"]) {
            if let w = (try? file.resolve(bs["W"] ?? .null))?.numberValue, w.isFinite, w >= 0 { look.borderWidth = w }
            if let s = bs["S"]?.nameValue { look.borderStyle = s }
        } else if let border = (try? file.resolve(widget["Border"] ?? .null))?.arrayValue, border.count >= 3,
                  let w = border[2].numberValue, w.isFinite, w >= 0 {
            look.borderWidth = w
        }
        if look.borderColor == nil { look.borderWidth = 0 }
        return look
    }

    /// The font `/DA` names, as a standard-14 font (through `/DR`'s `/BaseFont` when the
    /// name is a resource name), Helvetica when it is none of them.
    func font(_ da: DefaultAppearance) -> StandardFont {
        if let resource = try? file.dictionary(form.fontResources[da.fontName]),
           let base = resource["BaseFont"]?.nameValue, let font = StandardFont.resolve(base) {
            return font == .symbol || font == .zapfDingbats ? .helvetica : font
        }
        if let font = StandardFont.resolve(da.fontName), font != .symbol, font != .zapfDingbats { return font }
        return .helvetica
    }

    func defaultAppearance(field: FormField, widget: PDFDictionary) -> DefaultAppearance {
        let own = (try? file.resolve(widget["DA"] ?? .null))?.stringBytes.map(PDFTextString.decode)
        return DefaultAppearance(own ?? field.defaultAppearance ?? form.defaultAppearance ?? "/Helv 0 Tf 0 g")
    }

    // MARK: - Frame

    /// A stream sized to the widget, turned per `/MK /R`, with background and border drawn.
    func frame(_ widget: PDFDictionary, _ look: Look) -> AppearanceStream {
        let rect = PDFPage.rectangle(try? file.resolve(widget["Rect"] ?? .null)) ?? .zero
        var appearance = AppearanceStream.upright(in: rect, pageRotation: look.rotation)
        let box = appearance.bounds
        if let background = look.background {
            appearance.content.fillColor(background)
            appearance.content.rectangle(box)
            appearance.content.fill()
        }
        let w = look.borderWidth
        if let color = look.borderColor, w > 0 {
            appearance.content.strokeColor(color)
            appearance.content.lineWidth(w)
            if look.borderStyle == "U" {
                appearance.content.move(CGPoint(x: box.minX, y: box.minY + w / 2))
                appearance.content.line(CGPoint(x: box.maxX, y: box.minY + w / 2))
                appearance.content.stroke()
            } else {
                if look.borderStyle == "D" { appearance.content.dash([3]) }
                let half = CGFloat(w / 2)
                appearance.content.rectangle(box.insetBy(dx: min(half, box.width / 2), dy: min(half, box.height / 2)))
                appearance.content.stroke()
                if look.borderStyle == "D" { appearance.content.dash([]) }
            }
        }
        return appearance
    }

    // MARK: - Text and choice fields

    /// How a text field's or combo's value is set in one widget: the drawing so far (frame,
    /// fonts chosen), where the text may go, and the font and size it is drawn in.
    private struct TextSetting {
        var appearance: AppearanceStream
        /// The widget inside its border, and that less the padding: where the text goes.
        var clip, area: CGRect
        var da: DefaultAppearance
        /// The text drawn (stars for a password, one line unless multiline).
        var shown: String
        var multiline, comb: Bool
        var chosen: AppearanceTextFont
        /// In points.
        var size: Double
    }

    private func textSetting(_ text: String, field: FormField, widget: PDFDictionary) throws -> TextSetting {
        let look = look(of: widget)
        var appearance = frame(widget, look)
        let box = appearance.bounds
        let inset = CGFloat(look.borderStyle == "B" || look.borderStyle == "I" ? 2 * look.borderWidth : look.borderWidth)
        let clip = box.insetBy(dx: min(inset, box.width / 2), dy: min(inset, box.height / 2))
        let area = clip.insetBy(dx: min(2, clip.width / 2), dy: min(1, clip.height / 2))
        let da = defaultAppearance(field: field, widget: widget)
        var shown = field.flags.contains(.password) ? String(repeating: "*", count: text.count) : text
        let multiline = field.type == .text && field.flags.contains(.multiline)
        // Most values hold no line break: only those go through Foundation's replacing.
        if !multiline, shown.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) { shown = shown.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ") }
        let comb = field.type == .text && field.flags.contains(.comb) && !multiline && !field.flags.contains(.password)
            && (field.maxLength ?? 0) > 0

        // Text in scripts that need shaping or their own fonts, or embedded in the font of the
        // family /DA names (docs/text-layout.md); a comb field shapes one character a cell.
        let chosen = AppearanceTextFont(for: [shown], standard: font(da), embeds: embedsFonts,
                                        named: da.fontName.isEmpty ? nil : da.fontName, in: &appearance)
        let size = try Self.namedSize(da.fontSize)
            ?? autoSize(shown, font: chosen, area: area, multiline: multiline, comb: comb ? field.maxLength : nil)
        return TextSetting(appearance: appearance, clip: clip, area: area, da: da, shown: shown, multiline: multiline,
                           comb: comb, chosen: chosen, size: size)
    }

    /// The size in points `text` is drawn at in `widget` of a text field or combo box (what
    /// ``text(_:field:widget:)`` writes), or the options of a list box (what
    /// ``list(selected:field:widget:)`` writes, whatever `text`): `/DA`'s size, or when that
    /// is 0 the size that fits the box (``autoSize``), 12 for a list. A size `/DA` names is
    /// answered without laying anything out (the fields' answer asks it of every widget of a
    /// form at each opening).
    func fontSize(of text: String, field: FormField, widget: PDFDictionary) throws -> Double {
        let da = defaultAppearance(field: field, widget: widget)
        if field.type == .list { return Self.listSize(da) }
        if let named = Self.namedSize(da.fontSize) { return named }
        return try textSetting(text, field: field, widget: widget).size
    }

    /// The size a list box's options are drawn at: `/DA`'s, or 12 points when it names none
    /// (a list scrolls rather than shrinks).
    private static func listSize(_ da: DefaultAppearance) -> Double {
        namedSize(da.fontSize) ?? 12
    }

    /// The size `/DA` names, when it names one (a positive finite size; 0 asks for the size
    /// that fits the box).
    private static func namedSize(_ size: Double) -> Double? {
        size > 0 && size.isFinite ? size : nil
    }

    /// A text field or combo box showing `text`.
    func text(_ text: String, field: FormField, widget: PDFDictionary) throws -> PDFStream {
        let setting = try textSetting(text, field: field, widget: widget)
        var appearance = setting.appearance
        let (clip, area, da, shown, multiline, comb, chosen, size) =
            (setting.clip, setting.area, setting.da, setting.shown, setting.multiline, setting.comb, setting.chosen, setting.size)
        let pdfFont = chosen.font

        appearance.content.raw("/Tx BMC")
        appearance.content.save()
        appearance.content.rectangle(clip)
        appearance.content.clip()
        appearance.content.beginText()
        chosen.select(size: size, in: &appearance.content)
        appearance.content.fillColor((da.color ?? .black).pdfComponents)
        let ascent = pdfFont.ascent * size / 1000
        let centredBaseline = Double(area.midY) - (pdfFont.ascent + pdfFont.descent) / 2 * size / 1000
        if comb, let cells = field.maxLength {
            // Comb fields (12.7.5.3): one character centred in each of MaxLen equal cells.
            let cell = Double(clip.width) / Double(cells)
            for (i, character) in shown.prefix(cells).enumerated() {
                let glyph = String(character)
                let x = Double(clip.minX) + cell * Double(i) + (cell - (try chosen.width(of: glyph, size: size))) / 2
                try chosen.show(glyph, x: x, baseline: centredBaseline, size: size, in: &appearance.content)
            }
        } else {
            let lines = try chosen.lines(shown, size: size, maxWidth: multiline ? Double(area.width) : 0)
            chosen.showLines(lines, size: size, firstBaseline: multiline ? Double(area.maxY) - ascent : centredBaseline,
                             lineHeight: TextLayout.lineHeight(font: pdfFont, size: size),
                             left: Double(area.minX), right: Double(area.maxX),
                             alignment: field.alignment.rawValue, bottom: Double(clip.minY), in: &appearance)
        }
        appearance.content.endText()
        appearance.content.restore()
        appearance.content.raw("EMC")
        try chosen.finish(&appearance, add: addObject)
        return appearance.stream()
    }

    /// The size for `/DA` size 0: as large as fits the box, at most 12 points for several
    /// lines (as Acrobat does), measured in the fonts that draw the text.
    private func autoSize(_ text: String, font: AppearanceTextFont, area: CGRect, multiline: Bool, comb: Int?) throws -> Double {
        let height = Double(area.height)
        if multiline {
            return font.fittingSize(text, in: area.size, maximum: 12, minimum: 4, wrapping: true)
        }
        let byHeight = max(4, height / TextLayout.lineHeightFactor)
        if let cells = comb {
            let cell = Double(area.width + 4) / Double(cells)
            return max(1, min(byHeight, cell * 0.9 * 1000 / max(1, try font.width(of: "W", size: 1000))))
        }
        return font.fittingSize(text.isEmpty ? " " : text, in: area.size, maximum: byHeight, minimum: 4, wrapping: false)
    }

    /// A list box: its options one a line from the top, the selected ones on a highlight.
    func list(selected: [String], field: FormField, widget: PDFDictionary) throws -> PDFStream {
        let look = look(of: widget)
        var appearance = frame(widget, look)
        let box = appearance.bounds
        let inset = CGFloat(look.borderWidth)
        let clip = box.insetBy(dx: min(inset, box.width / 2), dy: min(inset, box.height / 2))
        let da = defaultAppearance(field: field, widget: widget)
        let chosen = AppearanceTextFont(for: field.options.map(\.displayText), standard: font(da), embeds: embedsFonts,
                                        named: da.fontName.isEmpty ? nil : da.fontName, in: &appearance)
        let face = chosen.font
        let size = Self.listSize(da)
        let lineHeight = TextLayout.lineHeight(font: face, size: size)
        appearance.content.raw("/Tx BMC")
        appearance.content.save()
        appearance.content.rectangle(clip)
        appearance.content.clip()
        // Scroll so that the first selected option shows, as viewers do (12.7.5.4 /TI).
        let visible = Int(saturating: Double(clip.height) / lineHeight, in: 1...Int(Int32.max))
        let firstSelected = field.options.firstIndex { selected.contains($0.exportValue) } ?? 0
        let first = firstSelected < visible ? 0 : firstSelected
        // The options whose line starts inside the box.
        let shown = field.options.dropFirst(first).enumerated()
            .prefix { Double(clip.maxY) - Double($0.offset) * lineHeight > Double(clip.minY) }.map(\.element)
        // The highlights first: one drawn after the option above it would cover the parts of
        // its glyphs that reach below its line (Arabic and Devanagari descenders).
        var top = Double(clip.maxY)
        for option in shown {
            if selected.contains(option.exportValue) {
                // The selection colour Acrobat uses.
                appearance.content.fillColor([0.6, 0.756866, 0.854904])
                appearance.content.rectangle(CGRect(x: clip.minX, y: CGFloat(top - lineHeight), width: clip.width, height: CGFloat(lineHeight)))
                appearance.content.fill()
            }
            top -= lineHeight
        }
        top = Double(clip.maxY)
        for option in shown {
            appearance.content.beginText()
            chosen.select(size: size, in: &appearance.content)
            appearance.content.fillColor((da.color ?? .black).pdfComponents)
            let baseline = top - lineHeight + (lineHeight - (face.ascent - face.descent) * size / 1000) / 2 - face.descent * size / 1000
            // One line an option, even one holding a line break.
            let text = option.displayText.split(whereSeparator: \.isNewline).joined(separator: " ")
            try chosen.show(text, x: Double(clip.minX) + 2, baseline: baseline, size: size, in: &appearance.content)
            appearance.content.endText()
            top -= lineHeight
        }
        appearance.content.restore()
        appearance.content.raw("EMC")
        try chosen.finish(&appearance, add: addObject)
        return appearance.stream()
    }

    // MARK: - Checkboxes and radios

    /// The on or off appearance of a checkbox or radio that has none: the frame, and when
    /// on, the `/MK /CA` character of ZapfDingbats (a check for checkboxes, a dot for
    /// radios by default), or with ``embedsFonts`` the same mark as a path (``ButtonSymbol``).
    func button(on: Bool, field: FormField, widget: PDFDictionary) -> PDFStream {
        let look = look(of: widget)
        var appearance = frame(widget, look)
        guard on else { return appearance.stream() }
        let box = appearance.bounds
        let da = defaultAppearance(field: field, widget: widget)
        let symbol = look.caption?.utf8.first ?? (field.type == .radio ? 0x6C : 0x34)
        if embedsFonts {
            let inner = box.insetBy(dx: min(CGFloat(look.borderWidth) + 1, box.width / 2), dy: min(CGFloat(look.borderWidth) + 1, box.height / 2))
            var side = min(inner.width, inner.height) * 0.8
            if let named = Self.namedSize(da.fontSize) { side = min(side, CGFloat(named) * 0.8) }
            let color = (da.color ?? .black).pdfComponents
            appearance.content.fillColor(color)
            appearance.content.strokeColor(color)
            ButtonSymbol(zapfDingbatsCode: symbol).draw(centre: CGPoint(x: box.midX, y: box.midY), side: side, &appearance.content)
            return appearance.stream()
        }
        let font = StandardFont.zapfDingbats
        appearance.fonts["ZaDb"] = .dictionary(PDFDictionary([
            "Type": .name("Font"), "Subtype": .name("Type1"), "BaseFont": .name("ZapfDingbats"),
        ]))
        let inner = box.insetBy(dx: min(CGFloat(look.borderWidth) + 1, box.width / 2), dy: min(CGFloat(look.borderWidth) + 1, box.height / 2))
        let glyphWidth = max(1, font.width(ofCode: symbol))
        let size = Self.namedSize(da.fontSize)
            ?? min(Double(inner.width) * 1000 / glyphWidth, Double(inner.height) * 1000 / max(1, font.ascent - font.descent)) * 0.9
        let x = Double(box.midX) - glyphWidth * size / 2000
        let y = Double(box.midY) - (font.ascent + font.descent) / 2 * size / 1000
        appearance.content.beginText()
        appearance.content.font("ZaDb", size: size)
        appearance.content.fillColor((da.color ?? .black).pdfComponents)
        appearance.content.textPosition(x, y)
        appearance.content.show([symbol])
        appearance.content.endText()
        return appearance.stream()
    }
}
