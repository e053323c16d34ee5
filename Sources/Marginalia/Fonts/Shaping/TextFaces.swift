import PDFCore

/// The fonts one drawing shows shaped text in: the font of a chosen family (``ChosenFonts``)
/// when there is one, DejaVu Sans and the Noto font of each script it meets
/// (``ScriptFonts``), each made once per drawing, so that each is subset to exactly what the
/// drawing shows, and each named as a font resource (`MEmbedded`, then `MEmbedded2`...).
/// A class: the fonts record the glyphs shown through it.
final class TextFaces {
    struct Face {
        let resource: String
        let font: any EmbeddedFontProgram
        let shaper: HarfBuzzFont
    }

    private(set) var faces: [Face] = []
    private var indexByPath: [String: Int] = [:]
    private var unusable: Set<String> = []
    private let resourcePrefix: String
    /// The face of the chosen family, first for every character it has.
    private(set) var chosen: Int?
    /// DejaVu Sans: the face of what no other face draws.
    private var fallback = 0
    /// Whether the script fonts and DejaVu Sans are taken in their bold weight.
    private var bold = false

    /// The faces of one drawing, or nil when DejaVu Sans cannot be used (not installed) or
    /// HarfBuzz and FriBidi are missing: the caller then draws as it did before shaping
    /// existed. `chosen`: the file of the font of the family chosen for the text
    /// (``ChosenFonts/path(for:)``), the first face, passed over when it cannot be used
    /// (``chosen`` is nil then). `bold`: the script fonts and DejaVu Sans in their bold
    /// weight, where installed (text in a bold font).
    static func make(resourcePrefix: String = "MEmbedded", chosen: String? = nil, bold: Bool = false) -> TextFaces? {
        let faces = TextFaces(resourcePrefix: resourcePrefix)
        faces.bold = bold
        if let chosen { faces.chosen = faces.face(path: chosen) }
        let boldFallback = bold ? faces.face(path: FontFallback.systemBoldFontPath) : nil
        guard let fallback = boldFallback ?? faces.face(path: FontFallback.systemFontPath) else { return nil }
        faces.fallback = fallback
        return faces
    }

    /// The faces `text` in `family` is drawn in, or nil when it is drawn one glyph per
    /// character (a standard font, or DejaVu Sans alone): the family's font first
    /// (``ChosenFonts``) when the text is embedded (`embeds`, or a character outside WinAnsi),
    /// else the script fonts when the text needs shaping (``ScriptFonts/needsShaping(_:)``).
    static func make(for text: String, family: StandardFont, embeds: Bool) -> TextFaces? {
        if embeds || FontFallback.needsEmbeddedFont(text), let path = ChosenFonts.path(for: family),
           let faces = make(chosen: path, bold: family.isBold), faces.chosen != nil {
            return faces
        }
        return ScriptFonts.needsShaping(text) ? make(bold: family.isBold) : nil
    }

    /// Whether the chosen face has every character of `text` (line breaks and tabs aside);
    /// false without one.
    func chosenCovers(_ text: String) -> Bool {
        guard let chosen else { return false }
        return text.unicodeScalars.allSatisfy {
            $0 == "\t" || Character($0).isNewline || faces[chosen].font.glyphID(for: $0) != nil
        }
    }

    private init(resourcePrefix: String) {
        self.resourcePrefix = resourcePrefix
    }

    /// Faces a content stream names (``use(_:)``): those that need a font resource.
    private var used: Set<Int> = []

    subscript(index: Int) -> Face { faces[index] }

    /// Face `index`, recorded as named by the content being drawn.
    func use(_ index: Int) -> Face {
        used.insert(index)
        return faces[index]
    }

    /// The face of face `index` of the font file at `path`, made on first use; nil when it
    /// cannot be used.
    private func face(path: String, index: Int = 0) -> Int? {
        let key = "\(path)#\(index)"
        if let known = indexByPath[key] { return known }
        guard !unusable.contains(key) else { return nil }
        do {
            let loaded = try ScriptFonts.load(path, index: index)
            let font: any EmbeddedFontProgram = loaded.isTrueType
                ? try TrueTypeFont(data: loaded.data) : try CFFSubsetFont(loaded: loaded, path: path)
            let resource = faces.isEmpty ? resourcePrefix : resourcePrefix + String(faces.count + 1)
            faces.append(Face(resource: resource, font: font, shaper: loaded.shaper))
            indexByPath[key] = faces.count - 1
            return faces.count - 1
        } catch {
            unusable.insert(key)
            return nil
        }
    }

    /// The face each scalar of a paragraph is drawn in, and the script it is shaped as.
    ///
    /// Common characters (spaces, digits, punctuation) and inherited ones (combining marks)
    /// take the script of the text before them (at the start, of the text after). A character
    /// goes to the chosen face when it has it (a common one only where its script has no Noto
    /// font, so the spaces of a line of Arabic stay in its run), else to its script's Noto
    /// font when that font has it, else to DejaVu Sans; a combining mark stays in the face of
    /// the character it sits on, which the shaper must see together.
    func assign(_ scalars: [Unicode.Scalar]) -> (faces: [Int], scripts: [Script]) {
        let own = scalars.map(Script.of)
        var scripts = own
        var previous: Script? = nil
        for index in scripts.indices {
            if scripts[index].isSpecific { previous = scripts[index] } else if let previous { scripts[index] = previous }
        }
        var next: Script? = nil
        for index in scripts.indices.reversed() {
            if own[index].isSpecific { next = own[index] } else if !scripts[index].isSpecific, let next { scripts[index] = next }
        }
        var assigned: [Int] = []
        for (index, scalar) in scalars.enumerated() {
            if own[index] == .inherited, let last = assigned.last {
                assigned.append(last)
                continue
            }
            let scriptFace = ScriptFonts.font(forScript: scripts[index].name, in: scalars, bold: bold).flatMap { face(path: $0.path, index: $0.index) }
            if let chosen, own[index].isSpecific || scriptFace == nil, faces[chosen].font.glyphID(for: scalar) != nil {
                assigned.append(chosen)
            } else if let scriptFace, faces[scriptFace].font.glyphID(for: scalar) != nil {
                assigned.append(scriptFace)
            } else {
                assigned.append(faces[fallback].font.glyphID(for: scalar) != nil || scriptFace == nil ? fallback : scriptFace!)
            }
        }
        return (assigned, scripts)
    }

    /// Stores the dictionary of each face used through `add`, under its resource name. Call
    /// once everything is drawn, so each subset holds exactly the glyphs shown.
    func fontResources(add: (PDFObject) -> PDFReference) throws -> [String: PDFObject] {
        var resources: [String: PDFObject] = [:]
        for index in used.sorted() {
            let face = faces[index]
            resources[face.resource] = .reference(try face.font.makeFontDictionary(add: add))
        }
        return resources
    }
}
