import Testing
import Foundation
import PDFCore
@testable import Marginalia

@Suite("PDF/A claims in XMP")
struct PDFAClaimTests {
    @Test func elementsAttributesAndNamespacedElementsAreRead() {
        let element = "<rdf:Description><pdfaid:part>2</pdfaid:part><pdfaid:conformance>U</pdfaid:conformance></rdf:Description>"
        #expect(PDFAClaim.read(fromXMP: element) == PDFAClaim(part: 2, conformance: "U"))
        let attributes = #"<rdf:Description pdfaid:part="1" pdfaid:conformance='B'/>"#
        #expect(PDFAClaim.read(fromXMP: attributes) == PDFAClaim(part: 1, conformance: "B"))
        let declared = #"<pdfaid:part xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">3</pdfaid:part>"#
        #expect(PDFAClaim.read(fromXMP: declared) == PDFAClaim(part: 3, conformance: nil))
        #expect(PDFAClaim(part: 1, conformance: "B").description == "PDF/A-1b")
    }

    /// The schema's prefix is found by `memmem` wherever the plain search finds it: at the
    /// start, at the end, cut short, after a partial match, in a packet of one byte or none,
    /// in a string's bytes and in a copy's.
    @Test(arguments: ["pdfaid:part", "x pdfaid:", "pdfaid", "ppdfaid:", "pdfapdfaid:x", "pdfai d:", "", "p", "é pdfaid:",
                      String(repeating: "pdfai", count: 1000) + "d:", String(repeating: "<x/>", count: 2000)])
    func theSchemaIsFoundWhereThePlainSearchFindsIt(text: String) {
        let expected = text.utf8.firstRange(of: "pdfaid:".utf8) != nil
        #expect(PDFAClaim.mentionsSchema(text.utf8) == expected)
        #expect(PDFAClaim.mentionsSchema(Array(text.utf8)) == expected)
        #expect(PDFAClaim.mentionsSchema(Array(text.utf8).lazy.map { $0 }) == expected)
    }

    /// A document whose XMP claims PDF/A reports it; one whose XMP claims nothing does not.
    @Test func aDocumentsClaimIsReadFromItsMetadata() throws {
        let plain = try TestDocuments.pages(1)
        #expect(plain.pdfaClaim == nil)
        let packet = #"<x:xmpmeta><rdf:Description pdfaid:part="2" pdfaid:conformance="B"/></x:xmpmeta>"#
        let metadata = plain.file.add(.stream(PDFStream(dictionary: PDFDictionary([("Type", .name("Metadata"))]),
                                                        rawBytes: Array(packet.utf8))))
        var catalog = try plain.file.catalog()
        catalog["Metadata"] = .reference(metadata)
        plain.file.update(try #require(plain.file.trailer["Root"]?.referenceValue), with: .dictionary(catalog))
        #expect(plain.pdfaClaim == PDFAClaim(part: 2, conformance: "B"))
    }

    @Test func noClaimOrANonsensePartIsNoClaim() {
        #expect(PDFAClaim.read(fromXMP: "<dc:title>PDF/A</dc:title>") == nil)
        #expect(PDFAClaim.read(fromXMP: "<pdfaid:part>99999999999999999999</pdfaid:part>") == nil)
        #expect(PDFAClaim.read(fromXMP: "<pdfaid:part>0</pdfaid:part>") == nil)
    }

    /// The check form fields, signatures and redaction overlays pass under a claim: a drawing
    /// naming a standard font (no program) is refused with the claim and what was not done; the
    /// font AppearanceTextFont chooses where every font must be embedded passes, and outside
    /// that need, WinAnsi text keeps the standard font.
    @Test func aDrawingInAStandardFontIsRefusedAndTheEmbeddedChoicePasses() throws {
        let document = try TestDocuments.pages(1)
        let claim = PDFAClaim(part: 2, conformance: "U")
        var standard = AppearanceStream(bounds: CGRect(x: 0, y: 0, width: 100, height: 20))
        let plain = AppearanceTextFont(for: ["Signed"], standard: .helvetica, embeds: false, in: &standard)
        #expect(plain.standard == .helvetica)
        standard.content.show(plain.font.encode("Signed").bytes)
        #expect {
            try claim.checkFontsEmbedded(in: standard.stream(), file: document.file, refusing: "field x was not filled")
        } throws: { error in
            "\(error)".contains("PDF/A-2u") && "\(error)".contains("/Helvetica is not") && "\(error)".contains("field x was not filled")
        }

        var embedded = AppearanceStream(bounds: CGRect(x: 0, y: 0, width: 100, height: 20))
        let chosen = AppearanceTextFont(for: ["Signed"], standard: .helvetica, embeds: true, in: &embedded)
        #expect(chosen.standard == nil && chosen.resource == AppearanceTextFont.embeddedResource)
        embedded.content.beginText()
        chosen.select(size: 12, in: &embedded.content)
        try chosen.show("Signed", x: 2, baseline: 5, size: 12, in: &embedded.content)
        embedded.content.endText()
        try chosen.finish(&embedded, add: { document.file.add($0) })
        // Something drawn in a font the check reads: the embedded one.
        let fonts = try #require(embedded.fonts[AppearanceTextFont.embeddedResource])
        #expect(try document.file.dictionary(fonts)?["BaseFont"]?.nameValue?.hasSuffix("+NimbusSans-Regular") == true
                    || ChosenFonts.path(for: .helvetica) == nil || !HarfBuzzFont.isAvailable)
        try claim.checkFontsEmbedded(in: embedded.stream(), file: document.file, refusing: "field x was not filled")
    }
}
