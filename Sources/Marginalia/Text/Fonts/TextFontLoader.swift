import PDFCore

/// Builds the ``TextFont`` of each font dictionary a page uses, once per font object.
///
/// A font that cannot be read (a damaged program, a broken CMap) still gives a font: what
/// cannot be known is left unmapped, and the glyphs are reported as such, never guessed.
final class TextFontLoader {
    let file: PDFFile
    private var byReference: [PDFReference: TextFont] = [:]
    private var direct: [PDFDictionary: TextFont] = [:]

    init(file: PDFFile) {
        self.file = file
    }

    /// The font `object` (a reference to a font dictionary, or one) names; `resourceName`
    /// names it in the result when it has no `/BaseFont`.
    func font(_ object: PDFObject, resourceName: String) throws -> TextFont? {
        if let reference = object.referenceValue, let known = byReference[reference] { return known }
        guard let dictionary = try file.dictionary(object) else { return nil }
        if object.referenceValue == nil, let known = direct[dictionary] { return known }
        let font = try make(dictionary, resourceName: resourceName)
        if let reference = object.referenceValue { byReference[reference] = font } else { direct[dictionary] = font }
        return font
    }

    private func make(_ font: PDFDictionary, resourceName: String) throws -> TextFont {
        let baseName = font["BaseFont"]?.nameValue ?? (try? file.resolve(font["BaseFont"] ?? .null).nameValue) ?? nil
        let name = Self.withoutSubsetTag(baseName ?? resourceName)
        if font["Subtype"]?.nameValue == "Type0" { return try composite(font, name: name) }
        return try simple(font, name: name)
    }

    /// `ABCDEF+Name` without `ABCDEF+` (9.9.2).
    static func withoutSubsetTag(_ name: String) -> String {
        let parts = name.split(separator: "+", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 6, parts[0].allSatisfy({ $0.isASCII && $0.isUppercase }) else { return name }
        return String(parts[1])
    }

    // MARK: - Shared pieces

    func toUnicode(_ font: PDFDictionary) -> CMap? {
        guard let object = font["ToUnicode"], let data = try? file.decodedData(of: file.resolve(object)),
              let map = try? CMap(bytes: data, limits: file.limits), map.hasText else { return nil }
        return map
    }

    /// The embedded font program and its kind.
    func program(_ descriptor: PDFDictionary?) -> (kind: String, bytes: [UInt8], length1: Int)? {
        guard let descriptor else { return nil }
        for key in ["FontFile", "FontFile2", "FontFile3"] {
            guard let object = descriptor[key], let resolved = try? file.resolve(object),
                  let stream = resolved.streamValue, let bytes = try? file.decodedData(of: resolved) else { continue }
            let kind = key == "FontFile3" ? (stream.dictionary["Subtype"]?.nameValue ?? "FontFile3") : key
            return (kind, bytes, stream.dictionary["Length1"]?.integerValue ?? bytes.count)
        }
        return nil
    }

    /// Ascent and descent in 1/1000 of the size: the heights character boxes get (those
    /// MuPDF, and so PyMuPDF, gives them). The descriptor's `/Ascent` and `/Descent` when it
    /// has them (zeros count as none); without those keys, the embedded program's own
    /// (``FontProgramExtent``); for a font that is
    /// not embedded, the font box of the standard font a viewer draws instead (by name, else
    /// by the descriptor's serif and fixed-pitch flags); else 800 and -200.
    func verticalExtent(_ descriptor: PDFDictionary?, standard: StandardFont?, program: (kind: String, bytes: [UInt8], length1: Int)?,
                        flags: Int) -> (Double, Double) {
        let ascent = ((try? file.resolve(descriptor?["Ascent"] ?? .null).numberValue) ?? nil) ?? 0
        let descent = ((try? file.resolve(descriptor?["Descent"] ?? .null).numberValue) ?? nil) ?? 0
        if ascent.isFinite, descent.isFinite, ascent > descent, ascent - descent < 4_000, ascent != 0 {
            return (ascent, descent)
        }
        if descriptor?["Ascent"] == nil, let program,
           let extent = FontProgramExtent.extent(kind: program.kind, program: program.bytes),
           extent.ascent > extent.descent, extent.ascent - extent.descent < 4_000 {
            return (extent.ascent, extent.descent)
        }
        if program == nil {
            let substitute = standard ?? (flags & 1 != 0 ? .courier : flags & 2 != 0 ? .timesRoman : .helvetica)
            let box = substitute.fontBBox
            return (Double(box.maxY), Double(box.minY))
        }
        return (800, -200)
    }
}
