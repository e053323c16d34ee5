#if !hasFeature(Embedded)
import Foundation
#endif

/// An RGB colour with alpha, as annotations store it (`/C`, `/IC`, `/CA`).
///
/// Components are clamped to `0...1`; NaN becomes 0, so a colour built from any input is
/// always valid. A colour encodes (Codable) as `"#RRGGBB"` when opaque and `"#RRGGBBAA"`
/// otherwise; the hex forms hold 8 bits a channel, so a colour that is not a multiple of
/// 1/255 comes back from its hex form rounded to the nearest such step.
public struct Color: Hashable, Sendable {
    /// The red component, `0...1`.
    public private(set) var red: Double
    /// The green component, `0...1`.
    public private(set) var green: Double
    /// The blue component, `0...1`.
    public private(set) var blue: Double
    /// The opacity, `0...1` (0 is fully transparent).
    public private(set) var alpha: Double

    /// A colour from RGB components and an opacity, each clamped to `0...1` (NaN is 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Color.clamp(red)
        self.green = Color.clamp(green)
        self.blue = Color.clamp(blue)
        self.alpha = Color.clamp(alpha)
    }

    /// A gray: `white` 0 is black, 1 is white.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// The same colour with another opacity.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    static func clamp(_ value: Double) -> Double {
        guard !value.isNaN else { return 0 }
        return min(1, max(0, value))
    }

    // MARK: - Named colours

    /// Opaque black.
    public static let black = Color(white: 0)
    /// Opaque white.
    public static let white = Color(white: 1)
    /// Opaque red.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Opaque green (`#00FF00`).
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Opaque blue.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// Opaque yellow, the usual highlighter colour.
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}

// MARK: - Hex strings

extension Color {
    /// Parses `"#RGB"`, `"#RRGGBB"` or `"#RRGGBBAA"`, in any case, with or without the `#`.
    ///
    /// Surrounding whitespace is ignored. Returns nil for any other length or a character
    /// that is not a hex digit.
    public init?(hex: String) {
        guard let digits = Self.plainHexDigits(hex) ?? Self.hexDigitsByCharacter(hex) else { return nil }
        let channels: [Double]
        switch digits.count {
        case 3:
            // "#F80" is shorthand for "#FF8800": each digit repeated, i.e. times 17.
            channels = digits.map { Double($0) * 17 / 255 }
        case 6, 8:
            channels = stride(from: 0, to: digits.count, by: 2).map {
                Double(digits[$0] * 16 + digits[$0 + 1]) / 255
            }
        default:
            return nil
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2],
                  alpha: channels.count == 4 ? channels[3] : 1)
    }

    /// The digits' values of `hex` when it is ASCII hex digits after an optional `#`, as
    /// clients send a colour, read by its bytes; nil for anything else, which
    /// ``hexDigitsByCharacter(_:)`` reads. Reading characters (grapheme clusters, Unicode
    /// whitespace) cost 9,000 instructions of each stroke's colour (docs/benchmarks.md,
    /// "profile").
    static func plainHexDigits(_ hex: String) -> [UInt8]? {
        var bytes = hex.utf8[...]
        if bytes.first == UInt8(ascii: "#") { bytes = bytes.dropFirst() }
        var digits: [UInt8] = []
        digits.reserveCapacity(bytes.count)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digits.append(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        return digits
    }

    /// The digits' values of `hex` with surrounding whitespace (any Unicode whitespace) and
    /// one `#` taken off, character by character; nil when a character is not an ASCII hex
    /// digit.
    static func hexDigitsByCharacter(_ hex: String) -> [UInt8]? {
        var text = Substring(hex)
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        if text.hasPrefix("#") { text = text.dropFirst() }
        var digits: [UInt8] = []
        for character in text {
            // `hexDigitValue` also accepts full-width digits; colours are ASCII only.
            guard character.isASCII, let digit = character.hexDigitValue else { return nil }
            digits.append(UInt8(digit))
        }
        return digits
    }

    /// `"#RRGGBB"` in upper case, ignoring alpha.
    public var hex: String {
        "#" + [red, green, blue].map(Color.hexByte).joined()
    }

    /// `"#RRGGBBAA"` in upper case.
    public var hexWithAlpha: String {
        hex + Color.hexByte(alpha)
    }

    /// `"#RRGGBB"` when the colour is opaque (its alpha byte FF), `"#RRGGBBAA"` otherwise.
    public var compactHex: String {
        Color.hexByte(alpha) == "FF" ? hex : hexWithAlpha
    }

    private static func hexByte(_ component: Double) -> String {
        let byte = Int((clamp(component) * 255).rounded())
        let text = String(byte, radix: 16, uppercase: true)
        return text.count == 1 ? "0" + text : text
    }
}

// MARK: - PDF colour arrays

extension Color {
    /// A colour from a PDF colour array such as an annotation's `/C` or `/IC`.
    ///
    /// One component is DeviceGray, three DeviceRGB, four DeviceCMYK (converted with the
    /// simple formula of ISO 32000-1, 10.3.5: red = 1 − min(1, cyan + black), and so on).
    /// An empty array means "transparent, no colour" in PDF, so it gives nil, as does any
    /// other count. The result is opaque: PDF keeps opacity separately (`/CA`).
    public init?(pdfComponents components: [Double]) {
        let c = components.map(Color.clamp)
        switch c.count {
        case 1:
            self.init(white: c[0])
        case 3:
            self.init(red: c[0], green: c[1], blue: c[2])
        case 4:
            self.init(red: 1 - min(1, c[0] + c[3]),
                      green: 1 - min(1, c[1] + c[3]),
                      blue: 1 - min(1, c[2] + c[3]))
        default:
            return nil
        }
    }

    /// The DeviceRGB array `[r, g, b]` for `/C` or `/IC`; alpha is not part of it.
    public var pdfComponents: [Double] {
        [red, green, blue]
    }
}

// MARK: - Codable, description

#if !hasFeature(Embedded)
extension Color: Codable {
    /// Decodes a `"#RRGGBB"` or `"#RRGGBBAA"` string (any form ``init(hex:)`` accepts).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = Color(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a #RRGGBB or #RRGGBBAA colour")
        }
        self = color
    }

    /// Encodes `"#RRGGBB"` when the colour is opaque, `"#RRGGBBAA"` otherwise.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(compactHex)
    }
}
#endif

extension Color: CustomStringConvertible {
    /// The colour as `"#RRGGBBAA"`.
    public var description: String { hexWithAlpha }
}
