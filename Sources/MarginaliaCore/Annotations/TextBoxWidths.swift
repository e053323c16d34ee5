#if !hasFeature(Embedded)
import Foundation
#endif

/// The widths a free text box's appearance writer measures text it draws in embedded fonts by
/// (a character beyond WinAnsi, a decomposed accent: docs/engine.md, "Drawn once"): each
/// character's advance as HarfBuzz shapes its paragraph in the faces the writer embeds (the
/// family's URW font, the script fonts, DejaVu Sans), and the ascent and descent of the font
/// that places the lines. Marginalia's writer makes them (`TextBoxWidths.written(for:font:)`), the
/// server answers them (`GET /api/v1/fonts/widths`, docs/api.md), and the browser's engine
/// lays the box out with them (``TextBoxLayout/init(text:widths:ascent:descent:fontSize:box:borderWidth:alignment:)``),
/// so the live box breaks its lines where the saved file does. One JSON form, written and
/// read here: `{ascent, descent, paragraphs: [[width]]}`, all in 1/1000 of the size.
public struct TextBoxWidths: Equatable, Sendable {
    /// One array per paragraph (``TextBoxLayout/paragraphs(of:)``), one advance per character.
    public var paragraphs: [[Double]]
    /// The placing font's ascent, in 1/1000 of the size.
    public var ascent: Double
    /// The placing font's descent (negative below the baseline), in 1/1000 of the size.
    public var descent: Double

    /// The most widths one answer holds, in all its paragraphs (the text's characters).
    public static let limit = 10_000
    /// The range of every number: an advance, the ascent or the descent, in 1/1000 of the size.
    public static let range: ClosedRange<Double> = -10_000...10_000

    public init(paragraphs: [[Double]], ascent: Double, descent: Double) {
        self.paragraphs = paragraphs
        self.ascent = ascent
        self.descent = descent
    }

    /// The JSON form: `{ascent, descent, paragraphs}`.
    public var json: JSONValue {
        .object([("ascent", .number(ascent)), ("descent", .number(descent)),
                 ("paragraphs", .array(paragraphs.map { .array($0.map { .number($0) }) }))])
    }

    /// Reads the JSON form for `text`: one array per paragraph of it and one number per
    /// character, each within ``range``, at most ``limit`` in all.
    ///
    /// - Throws: ``CommandError/malformed(_:)`` naming the field (a count that is not the
    ///   text's, a number out of range); ``CommandError/tooLarge(_:_:)`` past ``limit``.
    public init(checking field: JSONField, for text: String) throws(CommandError) {
        let characters = TextBoxLayout.paragraphs(of: text)
        ascent = try field.member("ascent").number(in: Self.range)
        descent = try field.member("descent").number(in: Self.range)
        let paragraphsField = try field.member("paragraphs")
        let given = try paragraphsField.array(maximumCount: Self.limit)
        guard given.count == characters.count else {
            throw paragraphsField.problem("expected \(characters.count) paragraphs (the text's), found \(given.count)")
        }
        var total = 0
        var paragraphs: [[Double]] = []
        for (index, paragraph) in given.enumerated() {
            let widths = try paragraph.array(maximumCount: Self.limit)
            total += widths.count
            guard total <= Self.limit else {
                throw CommandError.tooLarge("\(paragraphsField.path): more than the limit of \(Self.limit) widths",
                                            .listItems(count: total, max: Self.limit))
            }
            guard widths.count == characters[index].count else {
                throw paragraph.problem("expected \(characters[index].count) widths (the paragraph's characters), found \(widths.count)")
            }
            var numbers: [Double] = []
            for width in widths { numbers.append(try width.number(in: Self.range)) }
            paragraphs.append(numbers)
        }
        self.paragraphs = paragraphs
    }
}
