import Foundation
import PDFCore
import Testing
@testable import Marginalia

/// A family chosen for free text (Times, Courier) kept for every run of characters its font
/// has, the script fonts drawing only the rest (docs/text-layout.md, "A chosen family"), with
/// the fonts install-deps.sh installs (fonts-urw-base35, DejaVu Sans, Noto) and HarfBuzz.
@Suite("Chosen font family", .enabled(if: ChosenFonts.path(for: .timesRoman) != nil && HarfBuzzFont.isAvailable,
                                      "fonts-urw-base35 or HarfBuzz missing"))
struct ChosenFamilyTests {
    static let mixed = "Price 12 € — 東京"
    /// Square, so that the text is one line on the test page, which is turned (/Rotate 90).
    static let box = CGRect(x: 72, y: 300, width: 300, height: 300)

    @Test func familiesGoToTheirURWFaces() throws {
        #expect(ChosenFonts.path(for: .timesRoman)?.hasSuffix("/NimbusRoman-Regular.otf") == true)
        #expect(ChosenFonts.path(for: .courierBoldOblique)?.hasSuffix("/NimbusMonoPS-BoldItalic.otf") == true)
        // Sans serif, the default, goes to Nimbus Sans; Symbol and ZapfDingbats have no URW face here.
        #expect(ChosenFonts.path(for: .helveticaOblique)?.hasSuffix("/NimbusSans-Italic.otf") == true)
        #expect(ChosenFonts.path(for: .symbol) == nil)
    }

    @Test func theChosenFaceTakesWhatItHasAndTheScriptFontTheRest() throws {
        let faces = try #require(TextFaces.make(chosen: ChosenFonts.path(for: .timesRoman)))
        #expect(faces.chosen == 0)
        let scalars = Array(Self.mixed.unicodeScalars)
        let names = faces.assign(scalars).faces.map { faces[$0].font.fontName }
        let latin = scalars.count - 2
        #expect(names.prefix(latin).allSatisfy { $0 == "NimbusRoman-Regular" }, "\(names)")
        #expect(names.suffix(2).allSatisfy { $0.hasPrefix("NotoSansCJK") }, "\(names)")
        // Hebrew (none in Nimbus Mono PS) goes to its Noto font, its spaces with it; Greek,
        // which Nimbus Mono PS has, stays in it.
        let courier = try #require(TextFaces.make(chosen: ChosenFonts.path(for: .courier)))
        let other = Array("Ωμέγα שלום עולם".unicodeScalars)
        let otherNames = courier.assign(other).faces.map { courier[$0].font.fontName }
        #expect(otherNames.prefix(5).allSatisfy { $0 == "NimbusMonoPS-Regular" }, "\(otherNames)")
        #expect(otherNames.suffix(9).allSatisfy { $0 == "NotoSansHebrew-Regular" }, "\(otherNames)")
    }

    /// The free text's appearance stream and the base font name of each resource it selects
    /// with `Tf`, in the order selected, with the text shown after each selection.
    static func selections(_ annotation: PDFAnnotation, in document: PDFDocument) throws -> [(font: String, shows: Int)] {
        let stored = try document.addAnnotation(annotation, toPage: 0)
        let reopened = try TestDocuments.reopen(document)
        let read = try #require(try reopened.annotations(onPage: 0).first { $0.id == stored.id })
        let file = reopened.file
        let form = try #require(try file.resolve(read.dictionary["AP"]?.dictionaryValue?["N"] ?? .null).streamValue)
        let fonts = try #require(try file.dictionary(try file.dictionary(form.dictionary["Resources"])?["Font"]))
        var result: [(font: String, shows: Int)] = []
        var parser = ContentStreamParser(bytes: try form.decodedBytes())
        while let operation = try parser.next() {
            if operation.name == "Tf", let resource = operation.operands.first?.nameValue {
                let font = try #require(try file.dictionary(fonts[resource]))
                result.append((font["BaseFont"]?.nameValue ?? "", 0))
            } else if ["TJ", "Tj"].contains(operation.name), !result.isEmpty {
                result[result.count - 1].shows += 1
            }
        }
        return result
    }

    @Test func aTimesFreeTextKeepsNimbusRomanForItsLatinRuns() throws {
        let document = try TestDocuments.pages(1)
        let annotation = PDFAnnotation(kind: .freeText(.init(text: Self.mixed, font: "Times-Roman", fontSize: 14)),
                                       rect: Self.box)
        let selected = try Self.selections(annotation, in: document)
        let names = selected.map { String($0.font.split(separator: "+").last ?? "") }
        #expect(names.count == 2 && selected.allSatisfy { $0.shows > 0 }, "\(selected)")
        #expect(names.first == "NimbusRoman-Regular")
        #expect(names.last?.hasPrefix("NotoSansCJK") == true)
        #expect(!names.contains("DejaVuSans"))
        // Subset and tagged as such: six capitals and a plus.
        #expect(selected.allSatisfy { $0.font.range(of: "^[A-Z]{6}\\+", options: .regularExpression) != nil })
    }

    @Test func theDefaultFamilyDrawsItsLatinRunInNimbusSans() throws {
        // Helvetica (the default) embeds its URW clone for the Latin run, not DejaVu Sans.
        let document = try TestDocuments.pages(1)
        let annotation = PDFAnnotation(kind: .freeText(.init(text: Self.mixed, fontSize: 14)),
                                       rect: Self.box)
        let names = try Self.selections(annotation, in: document).map { String($0.font.split(separator: "+").last ?? "") }
        #expect(names.count == 2 && names.first == "NimbusSans-Regular", "\(names)")
        #expect(names.last?.hasPrefix("NotoSansCJK") == true && !names.contains("DejaVuSans"))
    }

    @Test func winAnsiTimesTextStaysAStandardFont() throws {
        // Nothing to embed: the standard font /DA names, as before.
        let document = try TestDocuments.pages(1)
        let annotation = PDFAnnotation(kind: .freeText(.init(text: "Price 12 € — Tokyo", font: "Times-Roman", fontSize: 14)),
                                       rect: Self.box)
        #expect(try Self.selections(annotation, in: document).map(\.font) == ["Times-Roman"])
    }

    @Test func aTimesFreeTextWhereEveryFontIsEmbeddedIsNimbusRomanOnly() throws {
        // A PDF/A document's Times text, WinAnsi only: drawn in Nimbus Roman, embedded, not in
        // DejaVu Sans, and the claim's check of embedded fonts passes.
        let document = try TestDocuments.pages(1)
        var builder = AppearanceBuilder(addObject: { document.file.add($0) })
        builder.embedsFonts = true
        let annotation = PDFAnnotation(kind: .freeText(.init(text: "Minutes", font: "Times-Bold", fontSize: 14)), rect: Self.box)
        guard case .freeText(let text) = annotation.kind else { return }
        let stream = try builder.freeText(annotation, text).stream()
        let fonts = try #require(try document.file.dictionary(try document.file.dictionary(stream.dictionary["Resources"])?["Font"]))
        let names = try fonts.map { try document.file.dictionary($0.value)?["BaseFont"]?.nameValue?.split(separator: "+").last.map(String.init) }
        #expect(names == ["NimbusRoman-Bold"])
        try PDFAClaim(part: 2, conformance: "U").checkFontsEmbedded(in: stream, file: document.file, refusing: "the note was not added")
    }
}
