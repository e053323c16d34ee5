#if !hasFeature(Embedded)
import Foundation
#endif

/// A free text box's text laid out in a standard font, line by line, as its appearance stream
/// writes it: Marginalia's appearance writer draws each line at these numbers, and the
/// browser's overlay draws a text box under edit where they say (the bridge's
/// `textBoxLayout`), so the two break and place lines alike (docs/engine.md, "Drawn once").
///
/// The text is split into paragraphs at newlines (``paragraphs(of:)``) and each broken by
/// ``LineBreaker`` within the box less its padding (the border and 2 points on each side),
/// each character measured by its code in the font (``StandardFontMetrics/units(of:winAnsi:)``;
/// no kerning, as `Tj` draws it). The first baseline is the font's ascent below the padding,
/// each next one ``lineHeight`` lower; a line starts at the left padding, is centred, or ends
/// at the right padding (`/Q` 0, 1, 2). Lines wholly below the box are left out (the
/// appearance clips them anyway).
public struct TextBoxLayout: Equatable, Sendable {
    /// One line of the box: its characters (trailing spaces dropped), where its baseline starts
    /// and its width, in the box's space.
    public struct Line: Equatable, Sendable {
        public var text: String
        public var x: Double
        public var baseline: Double
        public var width: Double
        /// Where the line starts in the box's whole text, in UTF-16 code units (a browser's
        /// text offsets): what places a caret on the line that holds it.
        public var start: Int
        /// Where a caret stands at each UTF-16 offset of the line's text from its `start`, in the
        /// box's space: one x per offset from 0 to the text's length, the first `x`, the last
        /// `x` + `width` (a character of two units answers its start for the unit inside it). A
        /// browser draws the caret, the selection and the Up and Down keys' moves by them, never
        /// measuring the text itself.
        public var stops: [Double]

        public init(text: String, x: Double, baseline: Double, width: Double, start: Int = 0, stops: [Double] = []) {
            self.text = text
            self.x = x
            self.baseline = baseline
            self.width = width
            self.start = start
            self.stops = stops
        }
    }

    /// The font size: the annotation's, or 12 when it is not a positive finite number.
    public var fontSize: Double
    /// The distance between baselines: 1.15 times the size, or the font's ascent-to-descent
    /// span if that is larger (Symbol's).
    public var lineHeight: Double
    /// The space between the box's edge and its text: the border and 2 points.
    public var padding: Double
    /// The area the text is clipped to: the box inset by the padding (at most to its middle).
    public var clip: CGRect
    /// The lines drawn, top to bottom.
    public var lines: [Line]

    /// The line height as a multiple of the font size, unless a font's ascent-to-descent span is larger.
    public static let lineHeightFactor = 1.15

    /// The size a box's text is drawn at, its font size as given, the one rule of the saved
    /// appearance and of the engine's layout alike: not positive or not finite, 12 points (as
    /// a file's `/DA` without a size is read); above the ``CoordinateLimit`` (a glyph taller
    /// than anything the engine places), that limit. A file's size above the 1,000 points a new
    /// box may have is drawn as the file says.
    public static func drawnFontSize(_ fontSize: Double) -> Double {
        guard fontSize.isFinite && fontSize > 0 else { return 12 }
        return min(fontSize, CoordinateLimit.magnitude)
    }

    /// Lays out `text` in the standard font `metrics` in `box`.
    ///
    /// - Parameters:
    ///   - text: The box's plain text; newlines start paragraphs.
    ///   - metrics: The standard font's widths and ascent.
    ///   - winAnsi: Whether the font encodes text in WinAnsi (the 12 text fonts), else by code (Symbol, ZapfDingbats).
    ///   - fontSize: The size in points, drawn at ``drawnFontSize(_:)``.
    ///   - box: The box the appearance draws in (upright, as the reader sees it).
    ///   - borderWidth: The border's width (0: none).
    ///   - alignment: 0 left, 1 centre, 2 right (`/Q`); another value is left.
    ///   - units: Measures one character in 1/1000 of the size; by default its code's width in
    ///     `metrics` (Marginalia passes its own, which also precomposes decomposed characters).
    public init(text: String, metrics: StandardFontMetrics, winAnsi: Bool, fontSize: Double, box: CGRect,
                borderWidth: Double, alignment: Int, units: ((Character) -> Int)? = nil) {
        let measure = units ?? { metrics.units(of: $0, winAnsi: winAnsi) }
        self.init(text: text, widths: Self.paragraphs(of: text).map { $0.map { Double(measure($0)) } },
                  ascent: Double(metrics.ascent), descent: Double(metrics.descent), fontSize: fontSize, box: box,
                  borderWidth: borderWidth, alignment: alignment)
    }

    /// Lays out `text` with the widths of its characters given, paragraph by paragraph: those
    /// the appearance writer measures text it draws in embedded fonts by (shaped, in context:
    /// ``TextBoxWidths``), with the ascent and descent of the font that places its lines.
    ///
    /// - Parameters:
    ///   - widths: One array per paragraph of ``paragraphs(of:)``, one width per character,
    ///     in 1/1000 of the size; a character with none measures 0.
    ///   - ascent: The placing font's ascent, in 1/1000 of the size.
    ///   - descent: Its descent (negative below the baseline), in 1/1000 of the size.
    ///   - Others: as ``init(text:metrics:winAnsi:fontSize:box:borderWidth:alignment:units:)``.
    public init(text: String, widths: [[Double]], ascent: Double, descent: Double, fontSize: Double, box: CGRect,
                borderWidth: Double, alignment: Int) {
        let size = Self.drawnFontSize(fontSize)
        self.fontSize = size
        padding = borderWidth + 2
        lineHeight = Self.lineHeight(ascent: ascent, descent: descent, size: size)
        let inner = box.insetBy(dx: min(CGFloat(padding), box.width / 2), dy: min(CGFloat(padding), box.height / 2))
        clip = inner
        let available = Double(box.width) - 2 * padding
        let width = available > 0 && available.isFinite ? available : .infinity
        let left = Double(inner.minX), right = Double(inner.maxX), bottom = Double(inner.minY)
        var baseline = Double(inner.maxY) - ascent * size / 1000
        var placed: [Line] = []
        let newlines = Self.newlineLengths(of: text)
        var paragraphStart = 0  // in UTF-16 code units
        paragraphs: for (index, paragraph) in Self.paragraphs(of: text).enumerated() {
            let given = index < widths.count ? widths[index] : []
            let measured = paragraph.indices.map { $0 < given.count ? given[$0] : 0 }
            var offsets = [0]  // of each character of the paragraph, and its end
            for character in paragraph { offsets.append(offsets[offsets.count - 1] + Self.utf16Length(of: character)) }
            for line in LineBreaker.lines(of: paragraph, widths: measured, maxWidth: { _ in width }, toPoints: { $0 * size / 1000 }) {
                if baseline < bottom - lineHeight { break paragraphs }
                let x: Double = switch alignment {
                case 1: (left + right) / 2 - line.width / 2
                case 2: right - line.width
                default: left
                }
                placed.append(Line(text: String(paragraph[line.range]), x: x, baseline: baseline, width: line.width,
                                   start: paragraphStart + offsets[line.range.lowerBound],
                                   stops: Self.stops(of: paragraph[line.range], widths: measured[line.range], from: x, size: size)))
                baseline -= lineHeight
            }
            paragraphStart += offsets[offsets.count - 1] + (index < newlines.count ? newlines[index] : 0)
        }
        lines = placed
    }

    /// The caret places of a line's `characters` of `widths` (1/1000 of `size`) starting at
    /// `x`: one per UTF-16 offset and one at the end (``Line/stops``), summed in the breaker's
    /// units as its line width is, so the last is `x` plus that width.
    static func stops(of characters: ArraySlice<Character>, widths: ArraySlice<Double>, from x: Double, size: Double) -> [Double] {
        var stops: [Double] = []
        var units = 0.0
        for (character, width) in zip(characters, widths) {
            let here = x + units * size / 1000
            for _ in 0..<utf16Length(of: character) { stops.append(here) }
            units += width
        }
        stops.append(x + units * size / 1000)
        return stops
    }

    /// The distance between baselines in `metrics` at `size`: ``lineHeightFactor`` times the
    /// size, or the ascent-to-descent span if larger.
    public static func lineHeight(_ metrics: StandardFontMetrics, size: Double) -> Double {
        lineHeight(ascent: Double(metrics.ascent), descent: Double(metrics.descent), size: size)
    }

    /// The distance between baselines at `size` in a font of `ascent` and `descent` (1/1000 of
    /// the size): ``lineHeightFactor`` times the size, or the ascent-to-descent span if larger.
    public static func lineHeight(ascent: Double, descent: Double, size: Double) -> Double {
        max(lineHeightFactor, (ascent - descent) / 1000) * size
    }

    /// Splits `text` into paragraphs at every newline: LF, CR, CR LF (one character), VT, FF,
    /// NEL, U+2028 and U+2029. An empty text, or one ending in a newline, ends with an empty paragraph.
    public static func paragraphs(of text: String) -> [[Character]] {
        var result: [[Character]] = [[]]
        for character in text {
            if isNewline(character) {
                result.append([])
            } else {
                result[result.count - 1].append(character)
            }
        }
        return result
    }

    /// The length in UTF-16 code units of each newline of `text` that ends a paragraph, in order
    /// (CR LF is one character of two units).
    static func newlineLengths(of text: String) -> [Int] {
        var lengths: [Int] = []
        for character in text where isNewline(character) { lengths.append(utf16Length(of: character)) }
        return lengths
    }

    /// The length of `character` in UTF-16 code units.
    static func utf16Length(of character: Character) -> Int {
        var length = 0
        for scalar in character.unicodeScalars { length += scalar.value > 0xFFFF ? 2 : 1 }
        return length
    }

    /// Whether `character` ends a paragraph (what `Character.isNewline` says, without Unicode tables).
    static func isNewline(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first?.value else { return false }
        switch first {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Whether the core measures `text` in a standard font as Marginalia's appearance writer
    /// does: every character is a newline or a single Unicode scalar that WinAnsi encodes (or a
    /// tab, drawn as the font's `?`). Other text (decomposed accents, characters beyond
    /// WinAnsi) is drawn by the appearance in an embedded font (or precomposed by Foundation),
    /// which the core does not measure.
    public static func measuresAsStandard(_ text: String) -> Bool {
        for character in text where !isNewline(character) {
            let scalars = character.unicodeScalars
            guard scalars.count == 1, let value = scalars.first?.value else { return false }
            if value != 0x09, WinAnsiCodes.code(forScalar: value) == nil { return false }
        }
        return true
    }
}

extension StandardFontMetrics {
    /// The width of `character` in 1/1000 units as a standard font draws it: a WinAnsi font by
    /// the character's WinAnsi code (`?` for one it lacks, or for a character of more than one
    /// scalar); Symbol and ZapfDingbats by the code of the same value below 0x100 when the
    /// font has a glyph there, else a space.
    public func units(of character: Character, winAnsi: Bool) -> Int {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let value = scalars.first?.value {
            if winAnsi, let code = WinAnsiCodes.code(forScalar: value) { return width(ofCode: code) }
            if !winAnsi, value <= 0xFF, width(ofCode: UInt8(value)) > 0 { return width(ofCode: UInt8(value)) }
        }
        return width(ofCode: winAnsi ? WinAnsiCodes.replacementCode : 0x20)
    }
}
