import PDFCore

extension TextFontLoader {
    /// A composite font (9.7): a Type0 font over one CIDFont.
    ///
    /// Codes are cut by the `/Encoding` CMap (`Identity-H` or `-V`, an embedded CMap, or a
    /// predefined Unicode CMap such as `UniJIS-UCS2-H`, whose codes are the text); a code's
    /// text comes from `/ToUnicode`, else from a Unicode CMap's code, else, for TrueType
    /// programs, from the glyph the CID selects (`/CIDToGIDMap`) traced back through the
    /// program's Unicode 'cmap'. Widths come from `/W` and `/DW`, vertical metrics from
    /// `/W2` and `/DW2`.
    func composite(_ font: PDFDictionary, name: String) throws -> TextFont {
        let encoding = try file.resolve(font["Encoding"] ?? .null)
        var codeMap: CMap
        var codesAreUnicode = false
        if let encodingName = encoding.nameValue {
            (codeMap, codesAreUnicode) = Self.predefined(encodingName)
        } else if case .stream = encoding, let data = try? file.decodedData(of: encoding),
                  var embedded = try? CMap(bytes: data, limits: file.limits) {
            if let parent = embedded.parentName {
                let (base, unicode) = Self.predefined(parent)
                embedded.inherit(from: base)
                codesAreUnicode = unicode
            }
            if encoding.dictionaryValue?["WMode"]?.integerValue == 1 { embedded.isVertical = true }
            codeMap = embedded
        } else {
            codeMap = .identity(vertical: false)
        }
        if codeMap.codespaces.isEmpty { codeMap.codespaces = CMap.identity(vertical: false).codespaces }

        let descendants = try file.resolve(font["DescendantFonts"] ?? .null).arrayValue ?? []
        let cidFont = try descendants.first.flatMap { try file.dictionary($0) } ?? PDFDictionary()
        let metrics = try CIDMetrics(cidFont, file: file)
        let descriptor = try file.dictionary(cidFont["FontDescriptor"])
        let embedded = program(descriptor)
        let flags = ((try? file.resolve(descriptor?["Flags"] ?? .null).integerValue) ?? nil) ?? 0
        let (ascent, descent) = verticalExtent(descriptor, standard: embedded == nil ? StandardFont.resolve(name) : nil,
                                               program: embedded, flags: flags)
        let toUnicode = toUnicode(font)

        // CID to text through a TrueType program, when nothing else gives text.
        var textByGlyph: [Int: String] = [:]
        var gidByCID: [UInt8]? = nil
        if toUnicode == nil && !codesAreUnicode, let embedded, embedded.kind == "FontFile2" {
            textByGlyph = SFNTCharacterMaps(program: embedded.bytes).textByGlyph
            if let map = cidFont["CIDToGIDMap"], map.nameValue == nil {
                gidByCID = try? file.decodedData(of: file.resolve(map))
            }
        }
        let vertical = codeMap.isVertical
        let map = codeMap
        return TextFont(name: name, ascent: ascent, descent: descent, codeMap: codeMap) { code, length in
            let cid = map.cid(for: code)
            var text = toUnicode?.text(for: code)
            if text == nil, codesAreUnicode { text = Self.unicodeText(code: code, length: length) }
            if text == nil, let cid, !textByGlyph.isEmpty {
                var gid = Int(cid)
                if let gidByCID {
                    let at = Int(cid) * 2
                    gid = at + 1 < gidByCID.count ? Int(gidByCID[at]) << 8 | Int(gidByCID[at + 1]) : 0
                }
                text = textByGlyph[gid]
            }
            let width = cid.map { metrics.width(of: $0) } ?? metrics.defaultWidth
            var glyph = TextFont.Glyph(text: text, width: width, isWordSpace: length == 1 && code == 32)
            if vertical {
                let v = metrics.vertical(of: cid ?? 0)
                glyph.verticalAdvance = v.advance
                glyph.origin = (v.x, v.y)
            }
            return glyph
        }
    }

    /// A predefined CMap by name (9.7.5.2): the identity CMaps, and the Unicode ones
    /// (`Uni…-UCS2-…`, `Uni…-UTF16-…`), whose codes are UTF-16 (so give their text) but whose
    /// CIDs this library does not carry; every other predefined CMap is read as two-byte
    /// codes without text, so its glyphs are reported unmapped unless `/ToUnicode` maps them.
    static func predefined(_ name: String) -> (CMap, codesAreUnicode: Bool) {
        let vertical = name.hasSuffix("-V")
        if name.hasPrefix("Identity") { return (.identity(vertical: vertical), false) }
        var map = CMap()
        map.isVertical = vertical
        if name.hasPrefix("Uni"), name.contains("UCS2") || name.contains("UTF16") {
            map.codespaces = [CMap.Codespace(low: [0, 0], high: [0xFF, 0xFF])]
            if name.contains("UTF16") {
                map.codespaces = [CMap.Codespace(low: [0xD8, 0, 0xDC, 0], high: [0xDB, 0xFF, 0xDF, 0xFF]),
                                  CMap.Codespace(low: [0, 0], high: [0xFF, 0xFF])]
            }
            return (map, true)
        }
        map.codespaces = [CMap.Codespace(low: [0, 0], high: [0xFF, 0xFF])]
        return (map, false)
    }

    /// The text of a UTF-16 code (two bytes, or four for a surrogate pair).
    static func unicodeText(code: UInt32, length: Int) -> String? {
        if length == 4 {
            let high = UInt16(code >> 16), low = UInt16(code & 0xFFFF)
            return String(decoding: [high, low], as: UTF16.self)
        }
        guard let scalar = Unicode.Scalar(code), code >= 0x20 else { return nil }
        return String(scalar)
    }
}
