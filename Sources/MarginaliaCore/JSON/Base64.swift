/// Base64 (RFC 4648, 4) without Foundation, for a stamp's or image's bytes in the annotation
/// JSON. Reading is Foundation's `Data(base64Encoded:options: .ignoreUnknownCharacters)`,
/// which Marginalia read them with, quirks included (`Base64Tests` compare the two):
/// characters outside the alphabet are skipped; a quartet ended by its padding (`QQ==`,
/// `QUI=`) ends the data, and whatever follows is ignored; after a whole quartet only more
/// `=` may follow; text with no character of the alphabet at all reads as nothing when its
/// length in bytes is a multiple of four and is refused otherwise.
public enum Base64 {
    /// The bytes `text` encodes, or nil when Foundation would refuse it.
    public static func decode(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count / 4 * 3)
        var quartet: (UInt8, UInt8, UInt8) = (0, 0, 0)
        var count = 0
        var sawAlphabet = false
        var paddedAfterQuartet = false
        var awaitingSecondPad = false
        for byte in text.utf8 {
            guard let value = sextet(byte) else { continue }
            sawAlphabet = true
            if paddedAfterQuartet {
                guard value == padding else { return nil }
                continue
            }
            if awaitingSecondPad {
                guard value == padding else { return nil }
                bytes.append(quartet.0 << 2 | quartet.1 >> 4)
                return bytes
            }
            if value == padding {
                switch count {
                case 0:
                    guard !bytes.isEmpty else { return nil }
                    paddedAfterQuartet = true
                case 2:
                    awaitingSecondPad = true
                case 3:
                    bytes.append(quartet.0 << 2 | quartet.1 >> 4)
                    bytes.append(quartet.1 << 4 | quartet.2 >> 2)
                    return bytes
                default:
                    return nil
                }
                continue
            }
            switch count {
            case 0: quartet.0 = value
            case 1: quartet.1 = value
            case 2: quartet.2 = value
            default:
                bytes.append(quartet.0 << 2 | quartet.1 >> 4)
                bytes.append(quartet.1 << 4 | quartet.2 >> 2)
                bytes.append(quartet.2 << 6 | value)
            }
            count = (count + 1) % 4
        }
        guard sawAlphabet else { return text.utf8.count % 4 == 0 ? [] : nil }
        return count == 0 && !awaitingSecondPad ? bytes : nil
    }

    /// `bytes` in Base64 with padding and no line breaks (Foundation's `base64EncodedString()`).
    public static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let a = bytes[index]
            let b = index + 1 < bytes.count ? bytes[index + 1] : 0
            let c = index + 2 < bytes.count ? bytes[index + 2] : 0
            text.append(alphabet[Int(a >> 2)])
            text.append(alphabet[Int((a & 0x03) << 4 | b >> 4)])
            text.append(index + 1 < bytes.count ? alphabet[Int((b & 0x0F) << 2 | c >> 6)] : UInt8(ascii: "="))
            text.append(index + 2 < bytes.count ? alphabet[Int(c & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// What ``sextet(_:)`` answers for `=`.
    private static let padding: UInt8 = 64

    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The value of an alphabet character, ``padding`` for `=`, nil for any other byte.
    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        case UInt8(ascii: "="): return padding
        default: return nil
        }
    }
}
