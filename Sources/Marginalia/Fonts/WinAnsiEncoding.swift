import Foundation

/// WinAnsiEncoding, the single-byte encoding Marginalia uses for text in the standard text fonts
/// (ISO 32000-2, Annex D.2; the same as Windows code page 1252).
///
/// Codes 0x20–0x7E are ASCII and 0xA0–0xFF are Latin-1; 0x80–0x9F hold 27 typographic characters
/// (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ). The control codes 0x00–0x1F, 0x7F and
/// 0x81, 0x8D, 0x8F, 0x90, 0x9D have no character: nothing encodes to them.
public enum WinAnsiEncoding {
    /// The character `encode` puts in place of characters WinAnsi cannot encode.
    public static let replacementCode: UInt8 = WinAnsiCodes.replacementCode  // "?"

    // MARK: - Characters

    /// The WinAnsi code of `character`, or `nil` if WinAnsi has no code for it.
    ///
    /// A character written in decomposed form (`e` + U+0301) is matched by its precomposed form (`é`).
    /// U+00A0 (no-break space) and U+00AD (soft hyphen) have their own codes, drawn as space and hyphen.
    public static func code(for character: Character) -> UInt8? {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first {
            return code(forScalar: scalar.value)
        }
        let composed = String(character).precomposedStringWithCanonicalMapping.unicodeScalars
        guard composed.count == 1, let scalar = composed.first else { return nil }
        return code(forScalar: scalar.value)
    }

    /// Whether `character` has a WinAnsi code.
    public static func canEncode(_ character: Character) -> Bool {
        code(for: character) != nil
    }

    /// The character of `code`, or `nil` for the control codes and the unused codes.
    public static func character(for code: UInt8) -> Character? {
        switch code {
        case 0x20...0x7E, 0xA0...0xFF:
            return Character(Unicode.Scalar(code))
        case 0x80...0x9F:
            let value = WinAnsiCodes.scalars80to9F[Int(code - 0x80)]
            return Unicode.Scalar(value).flatMap { value == 0 ? nil : Character($0) }
        default:
            return nil
        }
    }

    // MARK: - Strings

    /// Encodes `text` as WinAnsi bytes, one byte per character.
    ///
    /// Characters without a code (controls such as tab and newline included) become `?` (0x3F)
    /// and are listed in `unencodable`, once per occurrence, in text order.
    public static func encode(_ text: String) -> (bytes: [UInt8], unencodable: [Character]) {
        SingleByteEncoding.encode(text, replacement: replacementCode, code: code(for:))
    }

    /// Decodes WinAnsi bytes.
    ///
    /// Every byte decodes to one character, so no byte is lost: codes without a WinAnsi character
    /// (controls and the unused codes 0x81, 0x8D, 0x8F, 0x90, 0x9D) decode to the Unicode scalar of
    /// the same value, as Windows does for code page 1252.
    public static func decode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            if let character = character(for: byte), let scalar = character.unicodeScalars.first {
                scalars.append(scalar)
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        return String(scalars)
    }

    // MARK: - Private

    private static func code(forScalar value: UInt32) -> UInt8? {
        WinAnsiCodes.code(forScalar: value)
    }
}

/// One byte per character through a code table, with a replacement for characters the
/// table lacks (listed, once per occurrence, in text order).
enum SingleByteEncoding {
    static func encode(_ text: String, replacement: UInt8,
                       code: (Character) -> UInt8?) -> (bytes: [UInt8], unencodable: [Character]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var unencodable: [Character] = []
        for character in text {
            if let value = code(character) {
                bytes.append(value)
            } else {
                bytes.append(replacement)
                unencodable.append(character)
            }
        }
        return (bytes, unencodable)
    }
}
