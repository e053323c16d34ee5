import Foundation

/// Where Marginalia finds a font for text the standard 14 cannot show (Greek, Cyrillic,
/// and the rest of what the system font covers).
public enum FontFallback {
    /// DejaVu Sans from Debian's fonts-dejavu-core, which covers Latin, Greek, Cyrillic and
    /// many more scripts.
    public static let systemFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// Whether `text` needs more than WinAnsi, the encoding of the standard text fonts.
    public static func needsEmbeddedFont(_ text: String) -> Bool {
        // Printable ASCII, tabs and line ends, the usual text, are told from the bytes.
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) || (0x09...0x0D).contains($0) }) { return false }
        return text.contains { !$0.isNewline && $0 != "\t" && WinAnsiEncoding.code(for: $0) == nil }
    }

    /// DejaVu Sans Bold, from the same package.
    public static let systemBoldFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    /// A fresh instance of the system fallback font (its bold face when `bold`), or nil when
    /// it is not installed.
    public static func systemFont(bold: Bool = false) -> TrueTypeFont? {
        let path = bold ? systemBoldFontPath : systemFontPath
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try? TrueTypeFont(path: path)
    }
}
