import Foundation
import Synchronization

/// The fonts text is drawn in, chosen by script: DejaVu Sans (``FontFallback/systemFontPath``)
/// first, so Latin, Greek and Cyrillic look as they always have, and for the scripts it lacks
/// or draws without their shaping rules the Noto family Debian packages for each
/// (`fonts-noto-core`: Arabic, Hebrew, the Indic scripts, Thai and more).
///
/// A font that is not installed is passed over: its text falls back to DejaVu Sans, whose
/// missing glyphs are drawn as .notdef, as before. Chinese, Japanese and Korean go to Noto
/// Sans CJK (`fonts-noto-cjk`), CFF-outline OpenType embedded through ``CFFSubsetFont``.
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

    /// Where `fonts-noto-cjk` installs Noto Sans CJK: one collection of CFF-outline OpenType
    /// faces, Japanese (0), Korean (1), Simplified Chinese (2), Traditional Chinese (3)...
    public static let cjkCollection = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    /// The bold weight of ``cjkCollection``, its faces in the same order.
    public static let cjkBoldCollection = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"

    /// The scripts Noto Sans CJK draws.
    static let cjkScripts: Set<String> = ["Hani", "Hira", "Kana", "Bopo", "Hang"]

    /// The file of the font for `script` (a four-letter ISO 15924 tag such as `Arab`), or nil
    /// when DejaVu Sans draws it (or no font for it is installed).
    public static func path(forScript script: String) -> String? {
        font(forScript: script, in: []).map(\.path)
    }

    /// The font file and the face in it for `script` in a paragraph of `text`: for Chinese
    /// characters, the Japanese face of Noto Sans CJK when the paragraph has kana, the Korean
    /// one when it has Hangul, else the Simplified Chinese one (the glyphs of one ideograph
    /// differ between them). `bold` asks for the bold weight (Noto's `-Bold` file), the
    /// regular one where it is not installed.
    static func font(forScript script: String, in text: [Unicode.Scalar], bold: Bool = false) -> (path: String, index: Int)? {
        if cjkScripts.contains(script) {
            let collection = bold && FileManager.default.fileExists(atPath: cjkBoldCollection) ? cjkBoldCollection : cjkCollection
            guard FileManager.default.fileExists(atPath: collection) else { return nil }
            if script == "Hira" || script == "Kana" || text.contains(where: { (0x3040...0x30FF).contains($0.value) }) {
                return (collection, 0)
            }
            if script == "Hang" || text.contains(where: { (0xAC00...0xD7AF).contains($0.value) }) { return (collection, 1) }
            return (collection, 2)
        }
        guard let family = families[script] else { return nil }
        let weights = bold ? ["-Bold", "-Regular"] : ["-Regular"]
        return weights.lazy.map { notoFolder + "/" + family + $0 + ".ttf" }
            .first { FileManager.default.fileExists(atPath: $0) }.map { ($0, 0) }
    }

    /// Whether `text` needs shaping or a font of its own: it holds a character of a script
    /// in ``families`` (Arabic, Hebrew, Devanagari, Thai...) or one written right to left.
    /// Other text is drawn one glyph per character in DejaVu Sans, as it always was.
    static func needsShaping(_ text: String) -> Bool {
        // Every script of the table lies past U+0590: Latin text never loads HarfBuzz.
        guard text.unicodeScalars.contains(where: { $0.value >= 0x0590 }), HarfBuzzFont.isAvailable else { return false }
        return text.unicodeScalars.contains { scalar in
            guard scalar.value >= 0x0590 else { return false }
            let script = Script.of(scalar).name
            return families[script] != nil || cjkScripts.contains(script)
        }
    }

    /// Font files read once per process, with their HarfBuzz fonts (by path and face index):
    /// the Noto fonts are read for every drawing that uses them otherwise.
    private static let loaded = Mutex<[String: LoadedFont]>([:])

    struct LoadedFont: Sendable {
        let data: Data
        let shaper: HarfBuzzFont
        /// Whether ``TrueTypeFont`` reads it (glyf outlines), found once: Noto Sans CJK's
        /// 19 MB are not copied and refused at every drawing.
        let isTrueType: Bool
    }

    /// The bytes and HarfBuzz font of face `index` of the file at `path`, read on first use.
    ///
    /// - Throws: ``FontError`` when it cannot be read, ``TextShapingError`` when HarfBuzz
    ///   cannot use it.
    static func load(_ path: String, index: Int = 0) throws -> LoadedFont {
        let key = "\(path)#\(index)"
        if let known = loaded.withLock({ $0[key] }) { return known }
        let data = try TrueTypeFont.readFile(path)
        guard data.count <= TrueTypeFont.maximumFileSize else {
            throw FontError.tooLarge(size: data.count, limit: TrueTypeFont.maximumFileSize)
        }
        // TrueTypeFont reads the first font of a collection only: another face is not its.
        var isTrueType = false
        if index == 0 {
            do {
                _ = try TrueTypeFont(data: data)
                isTrueType = true
            } catch FontError.notTrueType {}
        }
        let font = LoadedFont(data: data, shaper: try HarfBuzzFont(data: [UInt8](data), index: index, path: path),
                              isTrueType: isTrueType)
        loaded.withLock { $0[key] = font }
        return font
    }
}
