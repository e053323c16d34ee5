import Foundation
import PDFCore
import Testing
@testable import Marginalia

/// The `/CIDSet` of every embedded CIDFont (ISO 32000-2 9.8.3; PDF/A-1 6.3.5): a bit per CID,
/// high-order bit first, set for exactly the CIDs the embedded program holds.
@Suite("CIDSet of embedded subsets")
struct CIDSetTests {
    @Test func bitsAreHighOrderFirstAndNoLongerThanTheLargestCIDNeeds() {
        #expect(CIDSet.bits([0]) == [0x80])
        #expect(CIDSet.bits([7]) == [0x01])
        #expect(CIDSet.bits([0, 1, 9]) == [0xC0, 0x40])
        #expect(CIDSet.bits(0..<16) == [0xFF, 0xFF])
        #expect(CIDSet.bits([16]) == [0, 0, 0x80])
        #expect(CIDSet.bits([]) == [])
    }

    /// The CIDs a font's descriptor sets, and the descriptor, from the Type0 font `reference`.
    static func written(_ reference: PDFReference, in file: PDFFile) throws -> (cids: Set<Int>, cidFont: PDFDictionary, descriptor: PDFDictionary) {
        let type0 = try #require(try file.dictionary(.reference(reference)))
        let cidFont = try #require(try file.dictionary(try file.resolve(type0["DescendantFonts"] ?? .null).arrayValue?.first))
        let descriptor = try #require(try file.dictionary(cidFont["FontDescriptor"]))
        let stream = try #require(try file.resolve(descriptor["CIDSet"] ?? .null).streamValue)
        var cids: Set<Int> = []
        for (index, byte) in try stream.decodedBytes().enumerated() {
            for bit in 0..<8 where byte & (0x80 >> UInt8(bit)) != 0 { cids.insert(index * 8 + bit) }
        }
        return (cids, cidFont, descriptor)
    }

    @Test(.enabled(if: TrueTypeFixtures.hasDejaVu, "DejaVu Sans is not installed"))
    func aTrueTypeSubsetSetsEveryGlyphOfItsProgramComponentsIncluded() throws {
        let font = try TrueTypeFixtures.dejaVuSans()
        // Ǖ (U+01D5) is a composite of U and a composite mark: glyphs no content shows.
        _ = font.encode("AǕ")
        let file = try PDFFile.newDocument()
        let (cids, _, descriptor) = try Self.written(try font.makeFontDictionary(add: file.add), in: file)
        let program = try #require(try file.resolve(descriptor["FontFile2"] ?? .null).streamValue).decodedBytes()
        let glyphs = try FontProgram(program).numGlyphs
        #expect(glyphs > 3, "the components are in the program")
        #expect(cids == Set(0..<glyphs))
    }

    @Test(.enabled(if: HarfBuzzFont.isAvailable && ChosenFonts.path(for: .helvetica) != nil
                   && FileManager.default.fileExists(atPath: ScriptFonts.cjkCollection), "HarfBuzz, URW or Noto CJK missing"))
    func cffSubsetsSetTheirCharsetsOrEveryKeptGlyphID() throws {
        let faces = try #require(TextFaces.make(chosen: ChosenFonts.path(for: .helvetica)))
        let scalars = Array("Az 東京".unicodeScalars)
        var shown: [Int: Set<Int>] = [:]
        for (scalar, index) in zip(scalars, faces.assign(scalars).faces) {
            let face = faces.use(index)
            let glyph = try #require(face.font.glyphID(for: scalar))
            _ = face.font.encode(glyph: glyph, for: scalar)
            shown[index, default: []].insert(glyph)
        }
        let file = try PDFFile.newDocument()
        for (name, font) in try faces.fontResources(add: file.add) {
            let (cids, cidFont, _) = try Self.written(try #require(font.referenceValue), in: file)
            let base = cidFont["BaseFont"]?.nameValue ?? ""
            let index = try #require(faces.faces.firstIndex { $0.resource == name })
            let glyphs = try #require(shown[index])
            if base.hasSuffix("NimbusSans-Regular") {
                // Name-keyed, subset keeping glyph IDs: every ID up to the largest shown.
                #expect(cids == Set(0...glyphs.max()!), "\(base)")
            } else {
                // Noto Sans CJK: CID-keyed, its CIDs its glyph IDs: .notdef, what is shown, and
                // what HarfBuzz's closure kept (京's 'locl' variant, CID 9721), as its charset says.
                #expect(base.contains("NotoSansCJK"), "\(base)")
                #expect(glyphs.union([0]).isSubset(of: cids), "\(base)")
                #expect(cids.count <= glyphs.count + 3, "\(base): \(cids.sorted())")
            }
        }
    }
}
