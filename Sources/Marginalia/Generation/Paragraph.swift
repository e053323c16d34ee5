import Foundation

/// A stretch of text in one style, part of a ``Paragraph``.
public struct TextRun {
    /// The text; a newline in it breaks the line (the paragraph continues on the next).
    public var text: String
    /// The font: any ``PDFFont``, a ``StandardFontFace`` or an embedded font.
    public var font: any PDFFont
    /// The font size in points; finite and positive.
    public var size: Double
    /// The text colour; an alpha below 1 makes the text translucent.
    public var color: Color

    /// A run of `text` in one font, size and colour.
    public init(_ text: String, font: any PDFFont, size: Double, color: Color = .black) {
        self.text = text
        self.font = font
        self.size = size
        self.color = color
    }
}

/// A paragraph for ``PDFRendererContext/flow(_:in:)``: styled runs of text wrapped into lines,
/// aligned, indented and spaced.
///
/// Lines break at spaces, or inside a word too long for a line, as ``TextLayout`` does;
/// words may mix runs (a bold letter inside a word stays part of the word).
public struct Paragraph {
    /// How lines sit between the paragraph's left and right edges.
    public enum Alignment: Sendable, Hashable, CaseIterable {
        case left, center, right
        /// Every line but the last (and the last before each newline) spans the full width:
        /// the space left over is shared between the gaps between words. Words are placed
        /// one by one, so this works for every font, embedded two-byte fonts included
        /// (`Tw` word spacing only stretches the single-byte space code).
        case justified
        /// Lines start where the paragraph's direction starts: on the left for left-to-right
        /// text, on the right for right-to-left text (the direction of its first strong
        /// letter, UAX #9 rules P2 and P3: Arabic, Hebrew...). In a right-to-left paragraph
        /// ``Paragraph/leftIndent`` and ``Paragraph/firstLineIndent`` are measured from the
        /// right edge and ``Paragraph/rightIndent`` from the left (they are the start and the
        /// end), and the runs of a line are placed in the order they are seen (UAX #9 rule
        /// L2), so a bold word or a list's marker sits where a reader of the language expects.
        case natural
    }

    /// The distance from one line's top to the next line's top.
    public enum LineHeight: Sendable, Hashable {
        /// A multiple of the natural height, which is the largest
        /// ``TextLayout/lineHeight(font:size:)`` of the runs on the line (1.15 × the size
        /// for most fonts).
        case multiple(Double)
        /// A fixed height in points, whatever the fonts.
        case exactly(Double)
    }

    /// The text, in order.
    public var runs: [TextRun]
    public var alignment: Alignment
    public var lineHeight: LineHeight
    /// Space above the paragraph, in points; left out at the top of a frame or page.
    public var spacingBefore: Double
    /// Space below the paragraph, in points.
    public var spacingAfter: Double
    /// Extra indentation of the first line, relative to ``leftIndent``; negative for a
    /// hanging indent (list items).
    public var firstLineIndent: Double
    /// Distance of the lines from the frame's left edge, in points.
    public var leftIndent: Double
    /// Distance of the lines from the frame's right edge, in points.
    public var rightIndent: Double

    /// A paragraph of styled runs.
    public init(runs: [TextRun], alignment: Alignment = .left, lineHeight: LineHeight = .multiple(1),
                spacingBefore: Double = 0, spacingAfter: Double = 0, firstLineIndent: Double = 0,
                leftIndent: Double = 0, rightIndent: Double = 0) {
        self.runs = runs
        self.alignment = alignment
        self.lineHeight = lineHeight
        self.spacingBefore = spacingBefore
        self.spacingAfter = spacingAfter
        self.firstLineIndent = firstLineIndent
        self.leftIndent = leftIndent
        self.rightIndent = rightIndent
    }

    /// A paragraph of `text` in one style.
    public init(_ text: String, font: any PDFFont, size: Double, color: Color = .black,
                alignment: Alignment = .left, lineHeight: LineHeight = .multiple(1),
                spacingBefore: Double = 0, spacingAfter: Double = 0, firstLineIndent: Double = 0,
                leftIndent: Double = 0, rightIndent: Double = 0) {
        self.init(runs: [TextRun(text, font: font, size: size, color: color)], alignment: alignment,
                  lineHeight: lineHeight, spacingBefore: spacingBefore, spacingAfter: spacingAfter,
                  firstLineIndent: firstLineIndent, leftIndent: leftIndent, rightIndent: rightIndent)
    }

    /// The text of all runs.
    public var text: String { runs.map(\.text).joined() }

    /// Throws for a non-finite or negative measurement or an unusable font size.
    func validate() throws {
        for run in runs { try FiniteCheck.fontSize(run.size, "a run of a paragraph") }
        let values = [("spacingBefore", spacingBefore), ("spacingAfter", spacingAfter),
                      ("firstLineIndent", firstLineIndent), ("leftIndent", leftIndent), ("rightIndent", rightIndent)]
        for (name, value) in values { try FiniteCheck.number(value, "the \(name) of a paragraph") }
        switch lineHeight {
        case .multiple(let value), .exactly(let value):
            try FiniteCheck.number(value, "the line height of a paragraph")
            guard value > 0 else { throw GenerationError.invalidArgument("a line height must be positive, not \(value)") }
        }
    }
}
