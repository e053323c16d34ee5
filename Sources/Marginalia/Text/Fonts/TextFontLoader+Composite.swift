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
        var ordering: String? = nil
        if let encodingName = encoding.nameValue {
            (codeMap, codesAreUnicode, ordering) = Self.predefined(encodingName)
        } else if case .stream = encoding, let data = try? file.decodedData(of: encoding),
                  var embedded = try? CMap(bytes: data, limits: file.limits) {
            if let parent = embedded.parentName {
                let (base, unicode, parentOrdering) = Self.predefined(parent)
                embedded.inherit(from: base)
                codesAreUnicode = unicode
                ordering = parentOrdering
            }
            if encoding.dictionaryValue?["WMode"]?.integerValue == 1 { embedded.isVertical = true }
            codeMap = embedded
        } else {
            codeMap = .identity(vertical: false)
        }
        if codeMap.codespaces.isEmpty { codeMap.codespaces = CMap.identity(vertical: false).codespaces }

        let descendants = try file.resolve(font["DescendantFonts"] ?? .null).arrayValue ?? []
        let cidFont = try descendants.first.flatMap { try file.dictionary($0) } ?? PDFDictionary()
        // The character collection: the CMap's, else the font's own /CIDSystemInfo.
        if let info = try file.dictionary(cidFont["CIDSystemInfo"]),
           (try? file.resolve(info["Registry"] ?? .null).stringBytes).flatMap({ $0 }).map({ String(decoding: $0, as: UTF8.self) }) == "Adobe",
           let own = (try? file.resolve(info["Ordering"] ?? .null).stringBytes).flatMap({ $0 }).map({ String(decoding: $0, as: UTF8.self) }),
           ordering == nil, PredefinedCMaps.knows(own) {
            ordering = own
        }
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
        let collection = ordering
        return TextFont(name: name, ascent: ascent, descent: descent, codeMap: codeMap) { code, length in
            var cid = map.cid(for: code)
            var text = toUnicode?.text(for: code)
            if codesAreUnicode {
                let unicode = Self.unicodeText(code: code, length: length)
                if text == nil { text = unicode }
                // Unicode CMaps map codes to CIDs too: found back through the collection.
                if cid == nil, let collection, let scalar = unicode?.unicodeScalars.first {
                    cid = PredefinedCMaps.cid(of: scalar.value, ordering: collection)
                }
            }
            if text == nil, let cid, let collection { text = PredefinedCMaps.text(cid: cid, ordering: collection) }
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

    /// A predefined CMap by name (9.7.5.2): the identity CMaps; the Unicode ones
    /// (`Uni…-UCS2-…`, `Uni…-UTF16-…`), whose codes are their text; the others of Table 116
    /// (`90ms-RKSJ-H`, `GBK-EUC-H`, `B5pc-H`, `KSCms-UHC-H`…), built in from Adobe's CMap
    /// resources (``PredefinedCMaps``). With the character collection each belongs to. A name
    /// not known is read as two-byte codes without text (its glyphs unmapped unless
    /// `/ToUnicode` maps them).
    static func predefined(_ name: String) -> (CMap, codesAreUnicode: Bool, ordering: String?) {
        let vertical = name.hasSuffix("-V")
        if name.hasPrefix("Identity") { return (.identity(vertical: vertical), false, nil) }
        if let (map, ordering) = PredefinedCMaps.cmap(named: name) { return (map, false, ordering) }
        var map = CMap()
        map.isVertical = vertical
        map.codespaces = [CMap.Codespace(low: [0, 0], high: [0xFF, 0xFF])]
        if name.hasPrefix("Uni"), name.contains("UCS2") || name.contains("UTF16") {
            if name.contains("UTF16") {
                map.codespaces = [CMap.Codespace(low: [0xD8, 0, 0xDC, 0], high: [0xDB, 0xFF, 0xDF, 0xFF]),
                                  CMap.Codespace(low: [0, 0], high: [0xFF, 0xFF])]
            }
            let ordering = name.hasPrefix("UniJIS") ? "Japan1" : name.hasPrefix("UniGB") ? "GB1"
                : name.hasPrefix("UniCNS") ? "CNS1" : name.hasPrefix("UniKS") ? "Korea1" : nil
            return (map, true, ordering)
        }
        return (map, false, nil)
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
