#if !hasFeature(Embedded)
import Foundation
#endif

// `textBoxLayout` (docs/engine.md, "Drawn once"): a free text box's lines as its appearance
// stream writes them, for the browser's overlay to draw without breaking or measuring text.

extension EngineBridge {
    /// `textBoxLayout`: for free text annotation JSON (`text`, `rect`, `font`?, `fontSize`?,
    /// `width`? (the border), `alignment`? `left`|`center`|`right`), `{standard: true, font,
    /// fontSize, lineHeight, clip, lines: [{text, x, baseline, width}]}`: the standard font the
    /// name resolves to (Helvetica when it names none, as the appearance falls back), the lines
    /// (``TextBoxLayout``) with each baseline's start and width in page space, and the area they
    /// are clipped to. `{standard: false, font}` when the appearance draws the text in an
    /// embedded font (a character beyond WinAnsi, or a decomposed accent: the core does not
    /// measure those), which the browser then lays out itself.
    ///
    /// - Throws: ``CommandError/malformed(_:)`` naming a bad field (a `fontSize` or `width`
    ///   outside 0 to 1,000,000, an unknown alignment).
    static func textBoxLayoutJSON(_ field: JSONField) throws(CommandError) -> JSONValue {
        let text = try field.optionalMember("text")?.string() ?? ""
        let rect = try field.member("rect").rect()
        let fontSize = try field.optionalMember("fontSize")?.number(in: 0...CoordinateLimit.magnitude) ?? 12
        let border = try field.optionalMember("width")?.number(in: 0...CoordinateLimit.magnitude) ?? 0
        let alignments = ["left", "center", "right"]
        let alignmentName = try field.optionalMember("alignment")?.string() ?? "left"
        guard let alignment = alignments.firstIndex(of: alignmentName) else {
            throw CommandError.malformed("alignment: expected left, center or right, found \"\(alignmentName)\"")
        }
        let name = StandardFontNames.resolve(try field.optionalMember("font")?.string() ?? "Helvetica") ?? "Helvetica"
        guard TextBoxLayout.measuresAsStandard(text), let metrics = StandardFontNames.metrics(name) else {
            return .object([("standard", .bool(false)), ("font", .string(name))])
        }
        // Laid out in the box at the origin, as the appearance draws it, then placed on the rect.
        let box = CGRect(x: 0, y: 0, width: rect.width, height: rect.height)
        let layout = TextBoxLayout(text: text, metrics: metrics, winAnsi: StandardFontNames.usesWinAnsi(name), fontSize: fontSize,
                                   box: box, borderWidth: border, alignment: alignment)
        let dx = Double(rect.minX), dy = Double(rect.minY)
        let lines: [JSONValue] = layout.lines.map { line in
            .object([("text", .string(line.text)), ("x", .number(line.x + dx)), ("baseline", .number(line.baseline + dy)),
                     ("width", .number(line.width))])
        }
        return .object([("standard", .bool(true)), ("font", .string(name)), ("fontSize", .number(layout.fontSize)),
                        ("lineHeight", .number(layout.lineHeight)),
                        ("clip", .rect(layout.clip.offsetBy(dx: rect.minX, dy: rect.minY))), ("lines", .array(lines))])
    }
}
