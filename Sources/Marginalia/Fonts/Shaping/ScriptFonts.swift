import Foundation
import Synchronization

/// The fonts text is drawn in, chosen by script: DejaVu Sans (``FontFallback/systemFontPath``)
/// first, so Latin, Greek and Cyrillic look as they always have, and for the scripts it lacks
/// or draws without their shaping rules the Noto family Debian packages for each
/// (`fonts-noto-core`: Arabic, Hebrew, the Indic scripts, Thai and more).
///
/// A font that is not installed is passed over: its text falls back to DejaVu Sans, whose
/// missing glyphs are drawn as .notdef and reported as missing, as before. CJK (Noto Sans CJK
/// in `fonts-noto-cjk`) is a CFF-outline OpenType collection, which the embedder cannot
/// subset yet (``TrueTypeFont`` refuses it), so Chinese, Japanese and Korean fall back too.
public enum ScriptFonts {
    /// Where `fonts-noto-core` installs its TrueType fonts.
    public static let notoFolder = "/usr/share/fonts/truetype/noto"

    /// The Noto family of each script (ISO 15924 tag) that DejaVu Sans lacks or cannot shape.
    static let families: [String: String] = [
        "Arab": "NotoSansArabic", "Hebr": "NotoSansHebrew", "Deva": "NotoSansDevanagari",
        "Beng": "NotoSansBengali", "Guru": "NotoSansGurmukhi", "Gujr": "NotoSansGujarati",
        "Orya": "NotoSansOriya", "Taml": "NotoSansTamil", "Telu": "NotoSansTelugu",
        "Knda": "NotoSansKannada", "Mlym": "NotoSansMalayalam", "Sinh": "NotoSansSinhala",
        "Thai": "NotoSansThai", "Laoo": "NotoSansLao", "Khmr": "NotoSansKhmer",
        "Mymr": "NotoSansMyanmar", "Tibt": "NotoSerifTibetan", "Ethi": "NotoSansEthiopic",
        "Syrc": "NotoSansSyriac", "Thaa": "NotoSansThaana", "Armn": "NotoSansArmenian",
        "Geor": "NotoSansGeorgian",
    ]

    /// The file of the font for `script` (a four-letter ISO 15924 tag such as `Arab`), or nil
    /// when DejaVu Sans draws it (or no font for it is installed).
    public static func path(forScript script: String) -> String? {
        guard let family = families[script] else { return nil }
        let path = notoFolder + "/" + family + "-Regular.ttf"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// Whether `text` needs shaping or a font of its own: it holds a character of a script
    /// in ``families`` (Arabic, Hebrew, Devanagari, Thai...) or one written right to left.
    /// Other text is drawn one glyph per character in DejaVu Sans, as it always was.
    static func needsShaping(_ text: String) -> Bool {
        // Every script of the table lies past U+0590: Latin text never loads HarfBuzz.
        guard text.unicodeScalars.contains(where: { $0.value >= 0x0590 }), HarfBuzzFont.isAvailable else { return false }
        return text.unicodeScalars.contains { scalar in
            scalar.value >= 0x0590 && families[Script.of(scalar).name] != nil
        }
    }

    /// Font files read once per process, with their HarfBuzz fonts: the Noto fonts are read
    /// for every drawing that uses them otherwise.
    private static let loaded = Mutex<[String: LoadedFont]>([:])

    struct LoadedFont: Sendable {
        let data: Data
        let shaper: HarfBuzzFont
    }

    /// The bytes and HarfBuzz font of the file at `path`, read on first use.
    ///
    /// - Throws: ``FontError`` when it cannot be read, ``TextShapingError`` when HarfBuzz
    ///   cannot use it.
    static func load(_ path: String) throws -> LoadedFont {
        if let known = loaded.withLock({ $0[path] }) { return known }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: TrueTypeFont.maximumFileSize + 1) ?? Data()
        } catch {
            throw FontError.unreadable(path: path, reason: error.localizedDescription)
        }
        guard data.count <= TrueTypeFont.maximumFileSize else {
            throw FontError.tooLarge(size: data.count, limit: TrueTypeFont.maximumFileSize)
        }
        let font = LoadedFont(data: data, shaper: try HarfBuzzFont(data: [UInt8](data), path: path))
        loaded.withLock { $0[path] = font }
        return font
    }
}
