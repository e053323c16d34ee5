import Testing
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

    @Test func noClaimOrANonsensePartIsNoClaim() {
        #expect(PDFAClaim.read(fromXMP: "<dc:title>PDF/A</dc:title>") == nil)
        #expect(PDFAClaim.read(fromXMP: "<pdfaid:part>99999999999999999999</pdfaid:part>") == nil)
        #expect(PDFAClaim.read(fromXMP: "<pdfaid:part>0</pdfaid:part>") == nil)
    }
}
