import Foundation
import PDFCore
import Testing
@testable import Marginalia

/// Combo boxes, list boxes, stamps' titles and the text fields' automatic size go through the
/// same choice of fonts per run as free text (``AppearanceTextFont``, docs/text-layout.md): the
/// family's URW font (Nimbus Sans for Helvetica) for what it has, the script's Noto font for
/// the rest, shaped and each embedded as a subset.
@Suite("Appearance font choice", .enabled(if: ChosenFonts.path(for: .helvetica) != nil && HarfBuzzFont.isAvailable
                                            && ScriptFonts.path(forScript: "Arab") != nil,
                                          "fonts-urw-base35, fonts-noto-core or HarfBuzz missing"))
struct AppearanceFontChoiceTests {
    static let arabic = "مرحبا بالعالم"
    static let hebrew = "שלום עולם"
    static let devanagari = "नमस्ते दुनिया"
    static let chinese = "你好世界"

    /// The base font names (subset tags dropped) each `Tf` of `stream` selects, in order, and
    /// whether every font it names is an embedded subset.
    static func selections(_ stream: PDFStream, in file: PDFFile) throws -> (names: [String], subsets: Bool) {
        let fonts = try #require(try file.dictionary(try file.dictionary(stream.dictionary["Resources"])?["Font"]))
        var names: [String] = []
        var subsets = true
        var parser = ContentStreamParser(bytes: try stream.decodedBytes())
        while let operation = try parser.next() {
            guard operation.name == "Tf", let resource = operation.operands.first?.nameValue else { continue }
            let base = try #require(try file.dictionary(fonts[resource])?["BaseFont"]?.nameValue)
            subsets = subsets && base.range(of: "^[A-Z]{6}\\+", options: .regularExpression) != nil
            names.append(String(base.split(separator: "+").last ?? ""))
        }
        return (names, subsets)
    }

    /// The normal appearance stream of field `name`'s first widget.
    static func appearance(of name: String, in document: PDFDocument) throws -> PDFStream {
        let widget = try #require(try document.acroForm().field(named: name)?.widgets.first?.reference)
        let ap = try #require(try document.file.dictionary(try document.file.dictionary(.reference(widget))?["AP"]))
        return try #require(try document.file.resolve(ap["N"] ?? .null).streamValue)
    }

    @Test func helveticaGoesToNimbusSansInItsWeightAndSlant() {
        #expect(ChosenFonts.path(for: .helvetica)?.hasSuffix("/NimbusSans-Regular.otf") == true)
        #expect(ChosenFonts.path(for: .helveticaBoldOblique)?.hasSuffix("/NimbusSans-BoldItalic.otf") == true)
        #expect(ChosenFonts.path(for: .zapfDingbats) == nil)
    }

    @Test(arguments: [(arabic, "NotoSansArabic-Regular"), (hebrew, "NotoSansHebrew-Regular"),
                      (devanagari, "NotoSansDevanagari-Regular"), (chinese, "NotoSansCJKsc-Regular")])
    func aComboBoxValueIsShapedInItsScriptFont(text: String, font: String) throws {
        let document = try FormTestDocuments.form()
        // The editable combo box takes a value of its own.
        try document.setValue(.text("Ref " + text), forField: "edit")
        let (names, subsets) = try Self.selections(Self.appearance(of: "edit", in: document), in: document.file)
        #expect(names == ["NimbusSans-Regular", font], "\(names)")
        #expect(subsets)
    }

    /// A form with one list box whose options are in four scripts and Latin, `/DA` in Helvetica.
    static func listForm() throws -> PDFDocument {
        func hex(_ text: String) -> String {
            "<FEFF" + text.utf16.map { String(format: "%04X", $0) }.joined() + ">"
        }
        let options = ["Latin", arabic, hebrew, devanagari, chinese].map(hex).joined(separator: " ")
        return try TestDocuments.assemble([
            1: "<</Type/Catalog/Pages 2 0 R/AcroForm 3 0 R>>",
            2: "<</Type/Pages/Kids[4 0 R]/Count 1/MediaBox[0 0 612 792]>>",
            3: "<</Fields[5 0 R]/DA(/Helv 10 Tf 0 g)/DR<</Font<</Helv<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>>>>>>>",
            4: "<</Type/Page/Parent 2 0 R/Annots[5 0 R]>>",
            5: "<</Type/Annot/Subtype/Widget/Rect[72 500 272 600]/P 4 0 R/F 4/MK<</BC[0 0 0]>>/T(scripts)/FT/Ch"
                + "/Opt[\(options)]>>",
        ])
    }

    @Test func listBoxOptionsAreShapedEachInItsScriptFont() throws {
        let document = try Self.listForm()
        try document.setValue(.text(Self.hebrew), forField: "scripts")
        let stream = try Self.appearance(of: "scripts", in: document)
        let (names, subsets) = try Self.selections(stream, in: document.file)
        #expect(names == ["NimbusSans-Regular", "NotoSansArabic-Regular", "NotoSansHebrew-Regular",
                          "NotoSansDevanagari-Regular", "NotoSansCJKsc-Regular"], "\(names)")
        #expect(subsets)
        // Shaped: glyphs placed by TJ; the Devanagari conjunct's cluster carries its text.
        let content = String(decoding: try stream.decodedBytes(), as: UTF8.self)
        #expect(content.contains("TJ") && content.contains("/ActualText"))
    }

    @Test func aListBoxOfWinAnsiOptionsKeepsTheStandardFont() throws {
        let document = try FormTestDocuments.form()
        try document.setValue(.text("dog"), forField: "pets")
        let content = try FormTestDocuments.appearance(document, field: "pets")
        #expect(content.contains("/Helv 12 Tf") && content.contains("(dog) Tj"))
    }

    /// A stamp's appearance drawn by an ``AppearanceBuilder`` that embeds every font or not.
    static func stamp(_ name: String, embeds: Bool, in document: PDFDocument) throws -> PDFStream {
        var builder = AppearanceBuilder(addObject: { document.file.add($0) })
        builder.embedsFonts = embeds
        let annotation = PDFAnnotation(kind: .stamp(.init(name: name)), rect: CGRect(x: 72, y: 600, width: 300, height: 60))
        guard case .stamp(let stamp) = annotation.kind else { throw CancellationError() }
        return try builder.stamp(annotation, stamp).stream()
    }

    @Test func aNamedStampWhereEveryFontIsEmbeddedIsNimbusSansBold() throws {
        let document = try TestDocuments.pages(1)
        let stream = try Self.stamp("NotForPublicRelease", embeds: true, in: document)
        let (names, subsets) = try Self.selections(stream, in: document.file)
        #expect(names == ["NimbusSans-Bold"] && subsets, "\(names)")
        try PDFAClaim(part: 2, conformance: "U").checkFontsEmbedded(in: stream, file: document.file, refusing: "no stamp")
        // Elsewhere the standard font, nothing embedded.
        #expect(try Self.selections(Self.stamp("Approved", embeds: false, in: document), in: document.file).names == ["Helvetica-Bold"])
    }

    /// The script's words in the bold weight of its Noto font, as the Latin ones are bold.
    @Test(arguments: [(arabic, "NotoSansArabic-Bold"), (hebrew, "NotoSansHebrew-Bold"),
                      (devanagari, "NotoSansDevanagari-Bold"), (chinese, "NotoSansCJKsc-Bold")])
    func aCustomStampKeepsItsLatinWordsInNimbusSansBold(text: String, font: String) throws {
        let document = try TestDocuments.pages(1)
        let (names, subsets) = try Self.selections(Self.stamp("Checked " + text, embeds: false, in: document), in: document.file)
        #expect(names == ["NimbusSans-Bold", font], "\(names)")
        #expect(subsets)
    }

    @Test func anAutoSizedFieldMeasuresTheFontsThatDrawIt() throws {
        // One line of Chinese in a field of /DA size 0, 150 points wide: the size chosen is the
        // one at which the text shaped in Noto Sans CJK fills the width (DejaVu Sans, which has
        // no such glyph, measured it by its .notdef).
        let document = try FormTestDocuments.form()
        let text = String(repeating: Self.chinese, count: 3)
        try document.setValue(.text(text), forField: "edit")
        let content = try FormTestDocuments.appearance(document, field: "edit")
        let selection = try #require(content.range(of: #"/MEmbedded\d* [0-9.]+ Tf"#, options: .regularExpression))
        let size = try #require(Double(content[selection].split(separator: " ")[1]))
        var scratch = AppearanceStream(bounds: .zero)
        let font = AppearanceTextFont(for: [text], standard: .helvetica, embeds: false, in: &scratch)
        // The field's area: 150 wide less the border (1) and the padding (2) each side.
        let width = try font.width(of: text, size: size)
        #expect(width <= 144.01 && width > 140, "\(size) pt draws it \(width) points wide")
    }
}
