import Foundation
import Marginalia

// libFuzzer target: text extraction. The first byte says what the rest is:
//   0  a page's content stream, drawn with a simple font with /Differences, a Type0 font
//      with a ToUnicode CMap and /W, a vertical Type0 font, a Type 3 font and a form XObject
//   1  the ToUnicode CMap (and the embedded encoding CMap) of a Type0 font
//   2  a CFF font program (/FontFile3 /Type1C) of a simple font without /Encoding
//   3  a Type 1 font program (/FontFile) of a simple font without /Encoding
//   4  a TrueType program (/FontFile2) of a Type0 font without ToUnicode
//   else: the whole input as a PDF (corpus files start with '%'); up to 8 pages are read.
// Every page's text is then searched, selected and measured, so the layout, the matcher and
// the string map run on whatever came out.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    var limits = PDFLimits()
    limits.maxContentOperations = 200_000
    limits.maxDecodedStreamSize = 16 << 20
    limits.maxDocumentDecodedSize = 64 << 20
    let pdf: [UInt8]
    switch bytes[0] {
    case 0: pdf = FuzzDocumentBytes.make(content: Array(bytes.dropFirst()))
    case 1: pdf = FuzzDocumentBytes.make(toUnicode: Array(bytes.dropFirst()))
    case 2: pdf = FuzzDocumentBytes.make(program: Array(bytes.dropFirst()), key: "FontFile3", subtype: "/Subtype/Type1C")
    case 3: pdf = FuzzDocumentBytes.make(program: Array(bytes.dropFirst()), key: "FontFile", subtype: "")
    case 4: pdf = FuzzDocumentBytes.make(trueType: Array(bytes.dropFirst()))
    default: pdf = bytes
    }
    guard let document = try? PDFDocument(data: Data(pdf), limits: limits), let pages = try? document.pageCount else { return 0 }
    for index in 0..<min(pages, 8) {
        guard let text = try? document.text(ofPage: index) else { continue }
        exercise(text)
    }
    _ = try? document.findString("the", options: [.caseInsensitive, .diacriticInsensitive, .wholeWords])
    return 0
}

func exercise(_ text: PageText) {
    let length = text.string.count
    precondition(text.words.allSatisfy { $0.characterEdges.count == $0.characterRange.count + 1 })
    for index in stride(from: -1, through: length, by: max(1, length / 64)) { _ = text.characterBounds(at: index) }
    if let word = text.words.first(where: { !$0.text.isEmpty }) {
        for selection in text.findString(String(word.text.prefix(3))) {
            precondition(!selection.quads(onPage: text.pageIndex).isEmpty || selection.string.isEmpty)
        }
    }
    let everything = text.blocks.reduce(CGRect.null) { $0.union($1.bounds) }
    if !everything.isNull, everything.width.isFinite, everything.height.isFinite {
        _ = text.selection(for: everything.insetBy(dx: -1, dy: -1))
    }
    _ = text.jsonRecord.rendered()
}

/// One-page documents around the fuzzed part.
enum FuzzDocumentBytes {
    static let cmap = """
        /CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange
        2 beginbfchar <0001> <0048> <0002> <00660066> endbfchar 1 beginbfrange <0010> <0012> [<0041> <0042> <D83DDE00>] endbfrange
        endcmap CMapName currentdict /CMap defineresource pop end end
        """

    static func stream(_ body: [UInt8], _ dictionary: String = "") -> [UInt8] {
        Array("<<\(dictionary)/Length \(body.count)>>\nstream\n".utf8) + body + Array("\nendstream".utf8)
    }

    static func file(_ objects: [Int: [UInt8]]) -> [UInt8] {
        var out = Array("%PDF-1.7\n".utf8)
        var offsets: [Int: Int] = [:]
        for number in objects.keys.sorted() {
            offsets[number] = out.count
            out += Array("\(number) 0 obj\n".utf8) + objects[number]! + Array("\nendobj\n".utf8)
        }
        let size = (objects.keys.max() ?? 0) + 1
        let start = out.count
        var table = "xref\n0 \(size)\n0000000000 65535 f\r\n"
        for number in 1..<size {
            let offset = String(offsets[number] ?? 0)
            table += String(repeating: "0", count: 10 - offset.count) + offset + (offsets[number] == nil ? " 00000 f\r\n" : " 00000 n\r\n")
        }
        return out + Array((table + "trailer\n<</Size \(size)/Root 1 0 R>>\nstartxref\n\(start)\n%%EOF\n").utf8)
    }

    /// The page, its fonts F1-F4 (simple, Type0 with ToUnicode, vertical Type0, Type 3) and form X.
    static func make(content: [UInt8], toUnicode: [UInt8]? = nil, font1: [Int: [UInt8]]? = nil) -> [UInt8] {
        var objects: [Int: [UInt8]] = [
            1: Array("<</Type/Catalog/Pages 2 0 R>>".utf8),
            2: Array("<</Type/Pages/Kids[3 0 R]/Count 1>>".utf8),
            3: Array("<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources 4 0 R/Contents 5 0 R>>".utf8),
            4: Array("<</Font<</F1 10 0 R/F2 11 0 R/F3 14 0 R/F4 16 0 R>>/XObject<</X 17 0 R>>>>".utf8),
            5: stream(content),
            10: Array("<</Type/Font/Subtype/Type1/BaseFont/Times-Roman/Encoding<</BaseEncoding/WinAnsiEncoding/Differences[1/fi/ffl/uni00AD/a.sc]>>>>".utf8),
            11: Array("<</Type/Font/Subtype/Type0/BaseFont/T/Encoding 18 0 R/DescendantFonts[12 0 R]/ToUnicode 13 0 R>>".utf8),
            12: Array("<</Type/Font/Subtype/CIDFontType2/BaseFont/T/DW 900/W[1[500 2000] 16 18 250]/DW2[880 -1000]/W2[1[-1000 250 880]]>>".utf8),
            13: stream(toUnicode ?? Array(cmap.utf8)),
            14: Array("<</Type/Font/Subtype/Type0/BaseFont/V/Encoding/UniJIS-UCS2-V/DescendantFonts[15 0 R]>>".utf8),
            15: Array("<</Type/Font/Subtype/CIDFontType0/BaseFont/V/DW 1000>>".utf8),
            16: Array("<</Type/Font/Subtype/Type3/FontBBox[0 -20 80 80]/FontMatrix[0.01 0 0 0.01 0 0]/CharProcs<<>>/Encoding<</Differences[97/a/b]>>/FirstChar 97/LastChar 98/Widths[50 100]/Resources<<>>>>".utf8),
            17: stream(Array("BT /F1 9 Tf 1 0 0 1 5 5 Tm (form) Tj ET /X Do".utf8), "/Subtype/Form/BBox[0 0 100 100]/Matrix[0 1 -1 0 300 300]/Resources 4 0 R"),
            18: stream(toUnicode ?? Array("1 begincodespacerange <00> <7F> <8000> <FFFF> endcodespacerange 1 begincidrange <00> <7F> 0 endcidrange /Identity-H usecmap".utf8), "/Type/CMap/CMapName/F/UseCMap/Identity-H"),
        ]
        for (number, body) in font1 ?? [:] { objects[number] = body }
        return file(objects)
    }

    static func make(toUnicode: [UInt8]) -> [UInt8] {
        make(content: Array("BT /F2 10 Tf 0 0 Td <0001000200100011001200030041> Tj <41 8001 7F> Tj ET".utf8), toUnicode: toUnicode)
    }

    static func make(program: [UInt8], key: String, subtype: String) -> [UInt8] {
        let font: [Int: [UInt8]] = [
            10: Array("<</Type/Font/Subtype/Type1/BaseFont/ABCDEF+P/FontDescriptor 19 0 R>>".utf8),
            19: Array("<</Type/FontDescriptor/FontName/P/Flags 4/FontBBox[0 0 0 0]/\(key) 20 0 R>>".utf8),
            20: stream(program, subtype + "/Length1 \(program.count)"),
        ]
        return make(content: Array("BT /F1 10 Tf 0 0 Td (ABC\\001\\256 xyz\\377) Tj ET".utf8), font1: font)
    }

    static func make(trueType: [UInt8]) -> [UInt8] {
        let font: [Int: [UInt8]] = [
            10: Array("<</Type/Font/Subtype/Type0/BaseFont/G/Encoding/Identity-H/DescendantFonts[21 0 R]>>".utf8),
            21: Array("<</Type/Font/Subtype/CIDFontType2/BaseFont/G/FontDescriptor 19 0 R/CIDToGIDMap 22 0 R>>".utf8),
            19: Array("<</Type/FontDescriptor/FontName/G/Flags 4/FontBBox[0 0 0 0]/FontFile2 20 0 R>>".utf8),
            20: stream(trueType),
            22: stream([0, 0, 0, 1, 0, 2, 0, 3, 0, 0x44, 0xFF, 0xFF]),
        ]
        return make(content: Array("BT /F1 10 Tf 0 0 Td <0000000100020003000400050044FFFF> Tj ET".utf8), font1: font)
    }
}
