import PDFCore

extension TextFontLoader {
    /// A simple font that holds GBK (code page 936) text while it says WinAnsi, read as GBK; nil
    /// for any other font.
    ///
    /// Some Chinese producers (S22PDF and its kin) write a simple font that is not embedded,
    /// name it after a Chinese system font in GBK bytes (`/BaseFont /#BA#DA#CC#E5`, 黑体),
    /// declare `/WinAnsiEncoding` and show GBK text, two bytes a character. Read as the font
    /// says, the text is the bytes in Latin-1 (`È«ÊÀ`); MuPDF and pdf.js read it as Chinese,
    /// and so does this, on what the file itself shows rather than a list of names: the font is
    /// a TrueType or Type 1 font, not embedded, with no `/ToUnicode` and no `/Differences`, and
    /// its name (`/BaseFont`, else the descriptor's `/FontName`) reads through GBK as Chinese
    /// characters, with nothing but ASCII besides.
    ///
    /// Codes are then cut by the predefined CMap `GBK-EUC-H` (9.7.5.2). A two-byte code's text
    /// is its Adobe-GB1 CID's character; a one-byte code keeps the glyph `simple` gave it (GBK's
    /// single bytes are ASCII). A code's advance is the sum of its bytes' widths: the layout
    /// the producer wrote, which gave each byte its own `/Widths` entry.
    func gbkFont(_ font: PDFDictionary, descriptor: PDFDictionary?, glyphs: [TextFont.Glyph],
                 ascent: Double, descent: Double) throws -> TextFont? {
        guard ["TrueType", "Type1"].contains(font["Subtype"]?.nameValue ?? ""), program(descriptor) == nil,
              font["ToUnicode"] == nil, glyphs.count == 256 else { return nil }
        if let encoding = font["Encoding"], try file.resolve(encoding).nameValue != "WinAnsiEncoding" { return nil }
        let fontName = try descriptor.map { try file.resolve($0["FontName"] ?? .null) }
        let witnesses = [try file.resolve(font["BaseFont"] ?? .null), fontName ?? .null].compactMap { $0.nameBytes ?? $0.stringBytes }
        // A name all in ASCII reads as ASCII through GBK (its two-byte codes begin at 0x81), so
        // it names no Chinese font: the CMap, whose reading costs more than the rest of the
        // font (Helvetica and every standard font is such a font), is not read for it.
        guard witnesses.contains(where: { $0.contains { $0 >= 0x80 } }),
              let (map, _) = PredefinedCMaps.cmap(named: "GBK-EUC-H"),
              let name = witnesses.lazy.compactMap({ Self.chineseName($0, map: map) }).first
        else { return nil }
        return TextFont(name: name, ascent: ascent, descent: descent, codeMap: map) { code, length in
            guard length == 2 else { return glyphs[Int(code & 0xFF)] }
            let text = map.cid(for: code).flatMap { PredefinedCMaps.text(cid: $0, ordering: "GB1") }
            return TextFont.Glyph(text: text, width: glyphs[Int(code >> 8 & 0xFF)].width + glyphs[Int(code & 0xFF)].width)
        }
    }

    /// `bytes` read as GBK through `map` (GBK-EUC-H), when they are Chinese: at least one
    /// ideograph, every byte outside ASCII part of a two-byte character Adobe-GB1 has; else nil.
    static func chineseName(_ bytes: [UInt8], map: CMap) -> String? {
        var text = ""
        var index = 0
        while index < bytes.count {
            let (code, length) = map.nextCode(in: bytes, at: index)
            index += length
            if length == 1, code < 0x80 {
                text.unicodeScalars.append(Unicode.Scalar(UInt8(code)))
            } else if length == 2, let cid = map.cid(for: code), let character = PredefinedCMaps.text(cid: cid, ordering: "GB1") {
                text += character
            } else {
                return nil
            }
        }
        return text.unicodeScalars.contains(where: \.properties.isIdeographic) ? text : nil
    }
}
