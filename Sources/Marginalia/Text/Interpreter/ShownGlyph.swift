import Foundation

/// One glyph a content stream shows, where it lands on the page: what the interpreter
/// hands the layout. Plain data (no `String`, no reference), so that a page's thousands of
/// glyphs are copied and freed without reference counting.
struct ShownGlyph {
    /// The glyph's text; nil when its font cannot say (the glyph is unmapped).
    var text: CharacterText?
    /// The glyph's box in page space: the advance along the baseline by the font's height.
    var quad: TextQuad
    /// The font, as an index into the page's ``TextInterpreter/fontNames``.
    var font: Int32
    /// The font size as drawn: `Tf`'s size scaled by the text and current matrices.
    var fontSize: Double
}

/// The text of a glyph or a character without a `String` of its own: one Unicode scalar
/// (what nearly every glyph stands for), or an index into the page's ``PageStrings`` for
/// longer text (a ligature's letters, a mark joined to its letter, an `/ActualText`).
struct CharacterText: Equatable {
    private let raw: UInt32
    private static let storedFlag: UInt32 = 0x8000_0000

    private init(raw: UInt32) {
        self.raw = raw
    }

    static func scalar(_ scalar: Unicode.Scalar) -> CharacterText {
        CharacterText(raw: scalar.value)
    }

    static func stored(_ index: Int) -> CharacterText {
        CharacterText(raw: storedFlag | UInt32(index))
    }

    /// The scalar, when the text is one.
    var scalar: Unicode.Scalar? {
        raw & Self.storedFlag == 0 ? Unicode.Scalar(raw) : nil
    }

    /// The index in ``PageStrings``, when the text is longer than a scalar.
    var storedIndex: Int? {
        raw & Self.storedFlag == 0 ? nil : Int(raw & ~Self.storedFlag)
    }

    static let softHyphen = CharacterText.scalar("\u{AD}")
    static let hyphen = CharacterText.scalar("-")
    static let replacement = CharacterText.scalar("\u{FFFD}")
}

/// The texts of one page that are longer than a scalar, which ``CharacterText`` points into.
struct PageStrings {
    private(set) var strings: [String] = []

    /// `text` as a ``CharacterText``: its scalar when it has one, else stored here.
    mutating func text(for text: String) -> CharacterText {
        var scalars = text.unicodeScalars.makeIterator()
        if let first = scalars.next(), scalars.next() == nil { return .scalar(first) }
        strings.append(text)
        return .stored(strings.count - 1)
    }

    func string(_ text: CharacterText) -> String {
        if let scalar = text.scalar { return String(scalar) }
        return strings[text.storedIndex!]
    }

    /// Calls `body` with each scalar of `text`.
    func forEachScalar(of text: CharacterText, _ body: (Unicode.Scalar) -> Void) {
        if let scalar = text.scalar { return body(scalar) }
        for scalar in strings[text.storedIndex!].unicodeScalars { body(scalar) }
    }

    /// Whether any scalar of `text` passes `test`.
    func contains(_ text: CharacterText, where test: (Unicode.Scalar) -> Bool) -> Bool {
        if let scalar = text.scalar { return test(scalar) }
        return strings[text.storedIndex!].unicodeScalars.contains(where: test)
    }

    /// The first scalar of `text`.
    func firstScalar(of text: CharacterText) -> Unicode.Scalar? {
        text.scalar ?? strings[text.storedIndex!].unicodeScalars.first
    }
}
