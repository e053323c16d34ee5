#if !hasFeature(Embedded)
import Foundation
#endif

extension WordRule {
    /// What a character is to the word boundary rule: a simplified form of the Word_Break
    /// property of Unicode's text segmentation (UAX #29), read from properties the Embedded
    /// Swift standard library has (general category, Alphabetic, Ideographic, White_Space)
    /// and a few code point ranges (kana, Hebrew, the mid-word punctuation).
    public enum Kind: UInt8, Sendable {
        /// A letter that words are made of (Alphabetic, not ideographic, not kana); also the
        /// letters of scripts written without spaces (Thai, Lao, Khmer, Myanmar), which UAX #29
        /// leaves to a dictionary: here a run of them is one word.
        case letter
        /// A Hebrew letter (a letter, besides joining across a double quote: צה"ל).
        case hebrewLetter
        /// A decimal digit.
        case number
        /// Katakana: a run is one word (テキスト).
        case katakana
        /// A Han ideograph or a Hiragana letter: a word on its own, as UAX #29 has them when no
        /// dictionary cuts the text.
        case ideograph
        /// A connector (`_`, ‿): joins letters, digits and katakana on either side.
        case connector
        /// Joins two letters: `:` (S:t), `·` (l·l), `‧`.
        case midLetter
        /// Joins two digits: `,` `;` (1,000), `⁄`.
        case midNumber
        /// Joins two letters or two digits: `.` (3.14, e.g), `’` `‘` (l’homme).
        case midNumberLetter
        /// The apostrophe `'`: joins like `.` and follows a Hebrew letter.
        case singleQuote
        /// The double quote `"`: joins two Hebrew letters.
        case doubleQuote
        /// Belongs to the character before it: combining marks, joiners, format characters
        /// (the soft hyphen, direction marks).
        case extend
        /// White space (Unicode's White_Space).
        case space
        /// Anything else: punctuation, symbols, emoji; each a segment of its own.
        case other

        /// Whether a segment holding this kind is a word (letters, digits, kana, ideographs).
        public var makesWord: Bool {
            switch self {
            case .letter, .hebrewLetter, .number, .katakana, .ideograph: true
            default: false
            }
        }

        var isLetter: Bool { self == .letter || self == .hebrewLetter }
        /// Joins letters (WB6, WB7).
        var joinsLetters: Bool { self == .midLetter || self == .midNumberLetter || self == .singleQuote }
        /// Joins digits (WB11, WB12).
        var joinsNumbers: Bool { self == .midNumber || self == .midNumberLetter || self == .singleQuote }
        /// Extended by a connector, or extending one (WB13a, WB13b).
        var meetsConnector: Bool { isLetter || self == .number || self == .katakana }
    }

    /// The kind of a scalar (ASCII answered without a property lookup).
    public static func kind(of scalar: Unicode.Scalar) -> Kind {
        let value = scalar.value
        if value < 0x80 {
            switch value {
            case 0x30...0x39: return .number
            case 0x41...0x5A, 0x61...0x7A: return .letter
            case 0x20, 0x09...0x0D: return .space
            case 0x5F: return .connector
            case 0x2E: return .midNumberLetter
            case 0x27: return .singleQuote
            case 0x22: return .doubleQuote
            case 0x3A: return .midLetter
            case 0x2C, 0x3B: return .midNumber
            default: return .other
            }
        }
        switch value {
        case 0x2018, 0x2019, 0x2024, 0xFE52, 0xFF07, 0xFF0E: return .midNumberLetter
        case 0xB7, 0x387, 0x55F, 0x5F4, 0x2027, 0xFE13, 0xFE55, 0xFF1A: return .midLetter
        case 0x37E, 0x589, 0x60C, 0x60D, 0x66C, 0x7F8, 0x2044, 0xFE10, 0xFE14, 0xFE50, 0xFE54, 0xFF0C, 0xFF1B:
            return .midNumber
        case 0x200C, 0x200D: return .extend
        case 0x200B: return .other  // zero width space: a format character that cuts words
        case 0x3031...0x3035, 0x309B, 0x309C, 0x30A0...0x30FA, 0x30FC...0x30FF, 0x31F0...0x31FF, 0x32D0...0x32FE,
             0x3300...0x3357, 0xFF66...0xFF9D, 0x1B000, 0x1B120...0x1B122:
            return .katakana
        case 0x3041...0x309F, 0x1B001...0x1B11F: return .ideograph  // Hiragana
        case 0x5D0...0x5EA, 0x5EF...0x5F2, 0xFB1D...0xFB4F: return .hebrewLetter
        default: break
        }
        let properties = scalar.properties
        if properties.isWhitespace { return .space }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return .extend
        case .decimalNumber: return .number
        case .connectorPunctuation: return .connector
        default: break
        }
        if properties.isIdeographic { return .ideograph }
        if properties.isAlphabetic { return .letter }
        return .other
    }

    /// The kind of a character: its first scalar's (the marks on a letter go with it).
    public static func kind(of character: Character) -> Kind {
        character.unicodeScalars.first.map(kind) ?? .other
    }
}
