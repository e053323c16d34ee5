import Foundation
import Testing
@testable import Marginalia

extension XFDFTests {
    @Suite("Import")
    struct Import {
        /// Written the way Acrobat's "Export Comments" writes XFDF: attributes in its order,
        /// popups, a default style, rich text as XHTML elements, the file and ids elements.
        static let acrobatSample = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve">
            <annots><ink color="#FF0000" creationdate="D:20240102093000+01'00'" flags="print" date="D:20240102093512+01'00'" name="0a8c6f1e-8e1b-4a35-9d3c-7b4c7f1f2a10" page="0" rect="98.5,195.25,305.75,402" subject="Pencil" title="Reviewer" width="2"><inklist><gesture>100.5,200.25;150,250.5;200.75,300;300,400</gesture><gesture>110,210;120,220</gesture></inklist><popup flags="print,nozoom,norotate" open="no" page="0" rect="612,292,792,412"/></ink>
            <highlight color="#FFFF00" creationdate="D:20240102094000Z" flags="print" date="D:20240102094100Z" name="5e0f2c1a-1111-4b2b-8c3c-000000000002" opacity="0.399994" page="1" rect="71.5,669.5,300.5,721" subject="Highlight" title="Reviewer" coords="72,720,300,720,72,700,300,700,72,690,200,690,72,670,200,670"><contents>Check this</contents><popup flags="print,nozoom,norotate" open="no" page="1" rect="612,600,792,720"/></highlight>
            <freetext color="#FFFFFF" creationdate="D:20240102095000-05'00'" flags="print" date="D:20240102095000-05'00'" name="9b1d5a60-2222-4c3d-9e4f-000000000003" page="0" rect="100,500,300,540" subject="Text Box" title="Reviewer" width="0" justification="centered"><contents-richtext><body xmlns="http://www.w3.org/1999/xhtml" xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/" xfa:APIVersion="Acrobat:23.8.0" xfa:spec="2.0.2" ><p dir="ltr"><span style="font-size:12.0pt;color:#0000FF;font-family:Helvetica">Hello &amp; welcome</span></p></body></contents-richtext><defaultappearance>0 0 1 rg /Helv 12 Tf</defaultappearance><defaultstyle>font: Helvetica 12pt; text-align:center; color:#0000FF</defaultstyle><contents>Hello &amp; welcome</contents></freetext>
            </annots>
            <f href="Sample.pdf"/>
            <ids original="6E1B7F3E5C1D4F0A8B2C9D0E1F2A3B4C" modified="0F1E2D3C4B5A69788796A5B4C3D2E1F0"/>
            </xfdf>
            """

        @Test func readsAnAcrobatExport() throws {
            let report = try XFDFDocument.importReport(from: Data(Import.acrobatSample.utf8))
            #expect(report.warnings.isEmpty)
            let annotations = report.annotations
            try #require(annotations.count == 3)

            let ink = annotations[0]
            #expect(ink.id == "0a8c6f1e-8e1b-4a35-9d3c-7b4c7f1f2a10")
            #expect(ink.pageIndex == 0)
            #expect(ink.rect == CGRect(x: 98.5, y: 195.25, width: 207.25, height: 206.75))
            #expect(ink.color == Color(hex: "#FF0000"))
            #expect(ink.interiorColor == nil)
            #expect(ink.opacity == 1)
            #expect(ink.border == PDFBorder(width: 2))
            #expect(ink.flags == [.print])
            #expect(ink.author == "Reviewer" && ink.subject == "Pencil" && ink.contents == nil)
            #expect(ink.creationDate == Date(timeIntervalSince1970: 1_704_184_200))
            #expect(ink.modificationDate == Date(timeIntervalSince1970: 1_704_184_512))
            #expect(ink.kind == .ink(PDFAnnotation.Ink(paths: [
                [CGPoint(x: 100.5, y: 200.25), CGPoint(x: 150, y: 250.5), CGPoint(x: 200.75, y: 300), CGPoint(x: 300, y: 400)],
                [CGPoint(x: 110, y: 210), CGPoint(x: 120, y: 220)],
            ])))

            let highlight = annotations[1]
            #expect(highlight.pageIndex == 1)
            #expect(highlight.contents == "Check this")
            #expect(abs(highlight.opacity - 0.4) < 1e-4)
            #expect(highlight.modificationDate == Date(timeIntervalSince1970: 1_704_188_460))
            #expect(highlight.kind == .textMarkup(.highlight, quads: [
                PDFAnnotation.Quad(points: [CGPoint(x: 72, y: 720), CGPoint(x: 300, y: 720), CGPoint(x: 72, y: 700), CGPoint(x: 300, y: 700)]),
                PDFAnnotation.Quad(rect: CGRect(x: 72, y: 670, width: 128, height: 20)),
            ]))

            let freeText = annotations[2]
            #expect(freeText.color == Color(hex: "#FFFFFF"))
            #expect(freeText.border.width == 0)
            #expect(freeText.contents == "Hello & welcome")
            #expect(freeText.creationDate == Date(timeIntervalSince1970: 1_704_207_000))
            #expect(freeText.kind == .freeText(PDFAnnotation.FreeText(
                text: "Hello & welcome", font: "Helvetica", fontSize: 12, textColor: Color(red: 0, green: 0, blue: 1),
                alignment: .center,
                richText: #"<body xmlns="http://www.w3.org/1999/xhtml" xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/" "#
                    + #"xfa:APIVersion="Acrobat:23.8.0" xfa:spec="2.0.2"><p dir="ltr"><span style="font-size:12.0pt;"#
                    + #"color:#0000FF;font-family:Helvetica">Hello &amp; welcome</span></p></body>"#)))
        }

        @Test func acceptsOtherPointListFormsAndDerivesAMissingRect() throws {
            let xml = """
                <xfdf xmlns="http://ns.adobe.com/xfdf/"><annots>
                <polygon page="2"><vertices>1,2,3,4, 5,6</vertices></polygon>
                <ink page="0"><inklist><gesture>1,2;3,4;</gesture></inklist></ink>
                </annots></xfdf>
                """
            let annotations = try XFDFDocument.importAnnotations(from: Data(xml.utf8))
            #expect(annotations[0].kind == .polygon(vertices: [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4), CGPoint(x: 5, y: 6)]))
            #expect(annotations[0].rect == CGRect(x: 1, y: 2, width: 4, height: 4))
            #expect(annotations[1].kind == .ink(PDFAnnotation.Ink(paths: [[CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)]])))
            #expect(annotations.allSatisfy { !$0.id.isEmpty && $0.color == nil && $0.flags.isEmpty })
            #expect(annotations[0].id != annotations[1].id, "annotations without a name get a fresh id each")
        }

        @Test func toleratesUnknownNamesWithWarnings() throws {
            let xml = """
                <xfdf xmlns="http://ns.adobe.com/xfdf/"><annots>
                <line page="0" rect="0,0,10,10" start="0,0" end="10,10" head="Wavy" style="cloudy" flags="print,sparkly" date="yesterday"/>
                </annots></xfdf>
                """
            let report = try XFDFDocument.importReport(from: Data(xml.utf8))
            #expect(report.annotations.first?.kind == .line(PDFAnnotation.Line(start: .zero, end: CGPoint(x: 10, y: 10))))
            #expect(report.annotations.first?.border.style == .solid)
            #expect(report.annotations.first?.flags == [.print])
            #expect(report.annotations.first?.modificationDate == nil)
            #expect(report.warnings == [
                "line 2, /xfdf/annots/line[1]: line ending head=\"Wavy\" read as None",
                "line 2, /xfdf/annots/line[1]: border style 'cloudy' read as solid",
                "line 2, /xfdf/annots/line[1]: unknown flag 'sparkly' ignored",
                "line 2, /xfdf/annots/line[1]: date=\"yesterday\" is not a PDF date; ignored",
            ])
        }

        @Test func skipsUnsupportedElementsWhenAsked() throws {
            let xml = """
                <xfdf xmlns="http://ns.adobe.com/xfdf/"><annots>
                <caret page="0" rect="0,0,10,10"><contents>insert</contents></caret>
                <square page="0" rect="0,0,10,10"/>
                </annots><fields><field name="x"><value>1</value></field></fields></xfdf>
                """
            let report = try XFDFDocument.importReport(from: Data(xml.utf8), unsupportedElements: .skip)
            #expect(report.annotations.map(\.subtype) == ["Square"])
            #expect(report.warnings == ["line 2, /xfdf/annots/caret[1]: <caret> skipped (not an annotation Marginalia imports)"])
        }

        @Test(arguments: [
            ("1,2.5,-3", [1, 2.5, -3] as [Double]?), (" 1 , 2 ", [1, 2]), ("+0.125,.5,5.", [0.125, 0.5, 5]),
            ("1e2,-2.5E-1", [100, -0.25]), ("12345678901234567890", [12345678901234567168]), ("", []),
            ("1,,2", nil), ("1,", nil), (",1", nil), ("nan", nil), ("inf", nil), ("0x10", nil), ("1e999", nil),
            ("1.2.3", nil), ("3x", nil), ("-", nil), (".", nil), ("1e", nil), ("1;2", nil),
        ])
        func numberLists(text: String, values: [Double]?) {
            #expect(XFDFNumberList.numbers(text) == values)
        }

        @Test func pointGroups() {
            #expect(XFDFNumberList.groups("1,2; 3,4 ;;5,6;")?.groupSizes == [2, 2, 2])
            #expect(XFDFNumberList.groups("1,2;3")?.groupSizes == [2, 1])
            #expect(XFDFNumberList.groups("1,;2") == nil)
        }

        @Test func aPrefixedXFDFNamespaceReadsTheSame() throws {
            let xml = #"<x:xfdf xmlns:x="http://ns.adobe.com/xfdf/"><x:annots><x:circle page="1" rect="1,2,3,4"/></x:annots></x:xfdf>"#
            let annotations = try XFDFDocument.importAnnotations(from: Data(xml.utf8))
            #expect(annotations.map(\.subtype) == ["Circle"])
            #expect(annotations.first?.pageIndex == 1)
        }
    }
}
