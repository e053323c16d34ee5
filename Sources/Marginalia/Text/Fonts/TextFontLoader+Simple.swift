import PDFCore

extension TextFontLoader {
    /// A simple font (9.6): Type1, MMType1, TrueType or Type3, one byte per code.
    ///
    /// A code's text comes from the first of: the `/ToUnicode` CMap; the glyph name the
    /// encoding gives it (`/Differences` over `/BaseEncoding`, over the font program's own
    /// encoding for symbolic fonts and when no base is named, over StandardEncoding) read
    /// through the Adobe Glyph List; for TrueType programs without names, the glyph the
    /// code selects in the program's symbol 'cmap' traced back through its Unicode 'cmap'.
    /// A font that shows GBK text while it says WinAnsi is read as GBK (``gbkFont(_:descriptor:glyphs:ascent:descent:)``).
    func simple(_ font: PDFDictionary, name: String) throws -> TextFont {
        let isType3 = font["Subtype"]?.nameValue == "Type3"
        let descriptor = try file.dictionary(font["FontDescriptor"])
        let flags = (try? file.resolve(descriptor?["Flags"] ?? .null).integerValue) ?? nil ?? 0
        let embedded = program(descriptor)
        let standard = embedded == nil || StandardFont(rawValue: name) != nil ? StandardFont.resolve(name) : nil
        let isZapf = standard == .zapfDingbats || name.lowercased().contains("dingbats")

        // The program's own encoding, by glyph name.
        var builtIn: [UInt8: String]? = nil
        switch embedded?.kind {
        case "FontFile"?: builtIn = embedded.flatMap { Type1Encoding.glyphNames($0.bytes, limits: file.limits) }
        case "Type1C"?: builtIn = embedded.flatMap { CFFEncoding.glyphNames($0.bytes) }
        default: break
        }
        if builtIn == nil, standard == .symbol || standard == .zapfDingbats {
            builtIn = Self.table(standard == .symbol ? .symbol : .zapfDingbats)
        }

        // The encoding: a base, then /Differences.
        var names: [String?] = Array(repeating: nil, count: 256)
        let encoding = try file.resolve(font["Encoding"] ?? .null)
        let baseName = encoding.nameValue ?? encoding.dictionaryValue?["BaseEncoding"]?.nameValue
        let symbolic = flags & 4 != 0 && flags & 32 == 0
        if let baseName, let base = BaseEncoding(name: baseName) {
            names = base.names
        } else if let builtIn {
            for (code, glyph) in builtIn { names[Int(code)] = glyph }
        } else if !(symbolic && embedded?.kind == "FontFile2") && !isType3 {
            names = BaseEncoding.standard.names
        }
        if let differences = try file.resolve(encoding.dictionaryValue?["Differences"] ?? .null).arrayValue {
            var code = 0
            for item in differences.prefix(file.limits.maxCollectionCount) {
                if let number = item.integerValue {
                    // Codes are single bytes: any number outside them names nothing (and cannot overflow below).
                    code = max(-1, min(256, number))
                } else if let glyph = item.nameValue {
                    if (0..<256).contains(code) { names[code] = glyph }
                    code = min(256, code + 1)
                }
            }
        }

        // Widths.
        let firstChar = file.firstCharacterCode(of: font)
        let widthArray = try file.resolve(font["Widths"] ?? .null).arrayValue
        let missingWidth = (try? file.resolve(descriptor?["MissingWidth"] ?? .null).numberValue) ?? nil ?? 0
        let standardWidths = widthArray == nil ? StandardGlyphWidths.widths(of: standard ?? .helvetica) : [:]

        let toUnicode = toUnicode(font)
        var maps: SFNTCharacterMaps? = nil
        if embedded?.kind == "FontFile2" { maps = SFNTCharacterMaps(program: embedded!.bytes) }
        let glyphText = maps?.textByGlyph ?? [:]
        let symbolMap = maps?.table(platform: 3, encoding: 0) ?? maps?.table(platform: 1, encoding: 0)

        var glyphs: [TextFont.Glyph] = []
        glyphs.reserveCapacity(256)
        for code in 0..<256 {
            var text = toUnicode?.text(for: UInt32(code))
            if text == nil, let glyphName = names[code] { text = GlyphNames.text(for: glyphName, zapf: isZapf) }
            if text == nil, let symbolMap {
                let glyph = symbolMap[UInt32(0xF000 | code)] ?? symbolMap[UInt32(code)]
                if let glyph { text = glyphText[glyph] }
            }
            var width: Double
            if let widthArray {
                let index = code - firstChar
                if index >= 0, index < widthArray.count, let value = try file.resolve(widthArray[index]).numberValue, value.isFinite {
                    width = value
                } else {
                    width = missingWidth
                }
            } else {
                width = names[code].flatMap { standardWidths[$0] }.map(Double.init) ?? missingWidth
            }
            glyphs.append(TextFont.Glyph(text: text, width: width, isWordSpace: code == 32))
        }

        if isType3 {
            let matrix = TextMatrix(try file.resolve(font["FontMatrix"] ?? .null).arrayValue ?? []) ?? TextMatrix(0.001, 0, 0, 0.001, 0, 0)
            let box = (try file.resolve(font["FontBBox"] ?? .null).arrayValue ?? []).compactMap(\.numberValue)
            var ascent = box.count == 4 ? max(box[1], box[3]) : 0
            var descent = box.count == 4 ? min(box[1], box[3]) : 0
            if ascent - descent <= 0, matrix.d != 0 {
                ascent = 0.8 / abs(matrix.d)
                descent = -0.2 / abs(matrix.d)
            }
            return TextFont(name: name, fontMatrix: matrix, ascent: ascent, descent: descent, glyphs: glyphs)
        }
        let (ascent, descent) = verticalExtent(descriptor, standard: standard, program: embedded, flags: flags)
        if let gbk = try gbkFont(font, descriptor: descriptor, glyphs: glyphs, ascent: ascent, descent: descent) { return gbk }
        return TextFont(name: name, fontMatrix: TextMatrix(0.001, 0, 0, 0.001, 0, 0), ascent: ascent, descent: descent,
                        glyphs: glyphs)
    }

    private static func table(_ encoding: BaseEncoding) -> [UInt8: String] {
        var result: [UInt8: String] = [:]
        for (code, name) in encoding.names.enumerated() { if let name { result[UInt8(code)] = name } }
        return result
    }
}
