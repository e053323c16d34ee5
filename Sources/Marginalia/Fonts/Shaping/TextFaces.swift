import PDFCore

/// The fonts one drawing shows shaped text in: DejaVu Sans and the Noto font of each script
/// it meets (``ScriptFonts``), each made once per drawing, so that each is subset to exactly
/// what the drawing shows, and each named as a font resource (`MEmbedded`, then
/// `MEmbedded2`...). A class: the fonts record the glyphs shown through it.
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

    /// The faces of one drawing, or nil when DejaVu Sans, the first of them, cannot be used
    /// (not installed) or HarfBuzz and FriBidi are missing: the caller then draws as it did
    /// before shaping existed.
    static func make(resourcePrefix: String = "MEmbedded") -> TextFaces? {
        let faces = TextFaces(resourcePrefix: resourcePrefix)
        guard faces.face(path: FontFallback.systemFontPath) == 0 else { return nil }
        return faces
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
    /// goes to its script's Noto font when that font has it, else to DejaVu Sans; a combining
    /// mark stays in the face of the character it sits on, which the shaper must see together.
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
            let scriptFace = ScriptFonts.font(forScript: scripts[index].name, in: scalars).flatMap { face(path: $0.path, index: $0.index) }
            if let scriptFace, faces[scriptFace].font.glyphID(for: scalar) != nil {
                assigned.append(scriptFace)
            } else {
                assigned.append(faces[0].font.glyphID(for: scalar) != nil || scriptFace == nil ? 0 : scriptFace!)
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
