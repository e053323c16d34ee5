#if !hasFeature(Embedded)
import Foundation
#endif

// `textBoxLayout` (docs/engine.md, "Drawn once"): a free text box as its appearance stream
// draws it (its frame, background, border and lines), for the browser's overlay to draw without
// breaking, measuring or placing anything itself.

extension EngineBridge {
    /// The most characters a `measured` table may hold (the browser's widths for text drawn in
    /// an embedded font).
    static let measuredLimit = 10_000

    /// `textBoxLayout`: for free text annotation JSON (`type` `freeText`, `text`?, `rect`,
    /// `pageIndex`?, `color`?, `font`?, `fontSize`?, `width`? (the border), `alignment`?) and
    /// `widths`? (``TextBoxWidths``) or `measured`? (`{character: width in 1/1000 of the size}`:
    /// the browser's widths of the characters a first answer asked for), `{standard, font, face,
    /// fontSize, lineHeight, padding, matrix, box, background?, border?, clip, lines: [{text, x,
    /// baseline, width, start, stops, rightToLeft}]}` in the space of the appearance (the box upright for the reader,
    /// ``TextBoxLayout/uprightBox(of:pageRotation:)``), which `matrix` takes to page space
    /// (turned on a rotated page, as the appearance's `/Matrix`); `face` the font's family,
    /// weight and slant (``fontFaceJSON(_:)``), for the browser to show the text in; `background`
    /// the box when the annotation has a `color`; `border` `{rect, width}` its centreline when
    /// its width is positive; the lines (``TextBoxLayout``) in the standard font the name
    /// resolves to (Helvetica when it names none, as the appearance falls back); `padding` the
    /// space between the box's edge and its text (the border and 2 points); `clip` the box less
    /// its padding.
    ///
    /// The annotation is read once, by the one reading of the annotation JSON in its lenient
    /// mode (``Annotation/lenient(_:placed:)``), as `annotationDrawing` reads what it draws: the
    /// box under edit may be one another application wrote, and a draft has no `id`. As that
    /// reading gives a border the model's default width (1 point) when `width` is left out, so
    /// does the layout; the annotation JSON the server answers always has it.
    ///
    /// Text the appearance draws in an embedded font (a character beyond WinAnsi, or a
    /// decomposed accent) answers `standard: false`: its WinAnsi characters measured in the
    /// family's standard widths (the embedded URW font's), the others by `measured`. While a
    /// character is missing from `measured` the answer has no lines but `measure`, the characters
    /// to measure, each once (and `font` and `face`). With `widths` (``TextBoxWidths``: the
    /// appearance writer's own widths of this text, which the server answers) such text is
    /// measured by them alone, every character, and its lines placed by their ascent and descent;
    /// `measured` is then not read: the browser measures only when the server cannot answer.
    ///
    /// - Throws: ``CommandError/malformed(_:)`` naming a bad field (what the lenient reading
    ///   refuses, such as a negative `fontSize` or an unknown alignment; a `type` other than
    ///   `freeText`; no `rect`; a border `width` outside 0 to the ``CoordinateLimit``; a width in
    ///   `measured` outside 0 to 10,000; `widths` not matching the text:
    ///   ``TextBoxWidths/init(checking:for:)``); ``CommandError/tooLarge(_:_:)`` for more than
    ///   ``measuredLimit`` widths.
    func textBoxLayoutJSON(_ request: JSONField) throws(CommandError) -> JSONValue {
        let field = try request.member("annotation")
        let annotation = try Annotation.lenient(field, placed: false)
        guard case .freeText(let freeText) = annotation.kind else {
            throw CommandError.malformed("\(field.path).type: expected \"freeText\", found \"\(annotation.kind.jsonType)\"")
        }
        guard !annotation.rect.isNull else { throw CommandError.malformed("\(field.path).rect: missing") }
        let border = annotation.border.width
        guard (0...CoordinateLimit.magnitude).contains(border) else {
            throw CommandError.malformed("\(field.path).width: expected a number from 0 to \(JSONWriter.number(CoordinateLimit.magnitude))")
        }
        let text = freeText.text, rect = annotation.rect.standardized, fontSize = freeText.fontSize
        let page = annotation.pageIndex ?? 0
        let pageRotation = engine.viewport.pages.indices.contains(page) ? engine.viewport.pages[page].rotation : 0
        let name = StandardFontNames.resolve(freeText.font) ?? "Helvetica"
        let metrics = Self.layoutMetrics(name)
        let winAnsi = StandardFontNames.usesWinAnsi(name)
        let standard = TextBoxLayout.measuresAsStandard(text)
        let face = Self.fontFaceJSON(StandardFontNames.face(of: name))

        let box = TextBoxLayout.uprightBox(of: rect, pageRotation: pageRotation)
        let layout: TextBoxLayout
        let writer = standard ? nil : try request.optionalMember("widths")
        if let writer {
            // The appearance writer's own widths, from the server (TextBoxWidths).
            let widths = try TextBoxWidths(checking: writer, for: text)
            layout = TextBoxLayout(text: text, widths: widths.paragraphs, ascent: widths.ascent, descent: widths.descent,
                                   fontSize: fontSize, box: box, borderWidth: border, alignment: freeText.alignment.rawValue)
        } else {
            // Without them, the browser's widths of what the core does not measure; the
            // characters still missing.
            var units: ((Character) -> Int)? = nil
            if !standard {
                let measured = try Self.measuredWidths(request.optionalMember("measured"))
                var missing: [String] = []
                for character in text where !TextBoxLayout.isNewline(character) && !TextBoxLayout.measuresAsStandard(String(character)) {
                    let key = String(character)
                    if measured[key] == nil, !missing.contains(key) { missing.append(key) }
                }
                guard missing.isEmpty else {
                    return .object([("standard", .bool(false)), ("font", .string(name)), ("face", face), ("measure", .strings(missing))])
                }
                units = { character in
                    TextBoxLayout.measuresAsStandard(String(character))
                        ? metrics.units(of: character, winAnsi: winAnsi) : measured[String(character)] ?? 0
                }
            }
            layout = TextBoxLayout(text: text, metrics: metrics, winAnsi: winAnsi, fontSize: fontSize,
                                   box: box, borderWidth: border, alignment: freeText.alignment.rawValue, units: units)
        }
        let lines: [JSONValue] = layout.lines.map { line in
            .object([("text", .string(line.text)), ("x", .number(line.x)), ("baseline", .number(line.baseline)),
                     ("width", .number(line.width)), ("start", .integer(line.start)),
                     ("stops", .array(line.stops.map { .number($0) })),
                     ("rightToLeft", .bool(TextBoxLayout.holdsRightToLeft(line.text)))])
        }
        var pairs: [(String, JSONValue)] = [
            ("standard", .bool(standard)), ("font", .string(name)), ("face", face), ("fontSize", .number(layout.fontSize)),
            ("lineHeight", .number(layout.lineHeight)), ("padding", .number(layout.padding)),
            ("matrix", .matrix(TextBoxLayout.boxToPage(rect: rect, pageRotation: pageRotation))), ("box", .rect(box)),
        ]
        if annotation.color != nil { pairs.append(("background", .rect(box))) }
        if border > 0 {
            pairs.append(("border", .object([("rect", .rect(TextBoxLayout.borderRect(in: box, width: CGFloat(border)))),
                                              ("width", .number(border))])))
        }
        if !standard { pairs.append(("measuredBy", .string(writer == nil ? "browser" : "writer"))) }
        pairs += [("clip", .rect(layout.clip)), ("lines", .array(lines))]
        return .object(pairs)
    }

    /// `fontFace`: for `font` (any name ``StandardFontNames/resolve(_:)`` takes; Helvetica when
    /// it names no standard font, as the appearance falls back), `{family, bold, italic}`: the
    /// face the browser shows a text box's text in and its settings name (``StandardFontFace``);
    /// with `fontSize`, `lineHeight` too: the distance between a box's lines in that font at that
    /// size (``TextBoxLayout/lineHeight(_:size:)`` at ``TextBoxLayout/drawnFontSize(_:)``), for
    /// a textarea the engine does not lay out (a box on a turned page, a note's text).
    ///
    /// - Throws: ``CommandError/malformed(_:)`` for a `fontSize` that is not a number from 0
    ///   (a file's box of size 0, drawn at 12 points).
    func fontFaceJSON(_ request: JSONField) throws(CommandError) -> JSONValue {
        let name = StandardFontNames.resolve(try request.member("font").string()) ?? "Helvetica"
        guard let sizeField = try request.optionalMember("fontSize") else { return Self.fontFaceJSON(StandardFontNames.face(of: name)) }
        let size = try sizeField.number()
        guard size >= 0 else { throw sizeField.problem("expected a size in points from 0") }
        let metrics = Self.layoutMetrics(name)
        return Self.fontFaceJSON(StandardFontNames.face(of: name),
                                 lineHeight: TextBoxLayout.lineHeight(metrics, size: TextBoxLayout.drawnFontSize(size)))
    }

    /// The widths and ascent a box's text in the standard font `name` is laid out with
    /// (Helvetica's for a name without metrics, as the appearance falls back).
    static func layoutMetrics(_ name: String) -> StandardFontMetrics {
        StandardFontNames.metrics(name) ?? StandardFontNames.metrics("Helvetica")!
    }

    /// A face as the bridge answers it: `{family, bold, italic}`, and `lineHeight` when given.
    static func fontFaceJSON(_ face: StandardFontFace, lineHeight: Double? = nil) -> JSONValue {
        .object(omittingNils: [("family", .string(face.family)), ("bold", .bool(face.bold)), ("italic", .bool(face.italic)),
                               ("lineHeight", lineHeight.map { .number($0) })])
    }

    /// `measured`: each character's width in 1/1000 of the font size (0 to 10,000).
    static func measuredWidths(_ field: JSONField?) throws(CommandError) -> [String: Int] {
        guard let field else { return [:] }
        guard case .object(let object) = field.value else {
            throw field.problem("expected an object of widths, found \(field.value.kindDescription)")
        }
        var widths: [String: Int] = [:]
        guard object.members.count <= measuredLimit else {
            throw CommandError.tooLarge("\(field.path): \(object.members.count) widths, more than the limit of \(measuredLimit)",
                                        .listItems(count: object.members.count, max: measuredLimit))
        }
        for member in object.members {
            let width = JSONField(member.value, path: "\(field.path).\(member.key)")
            widths[member.key] = Int(try width.number(in: 0...10_000).rounded())
        }
        return widths
    }
}
