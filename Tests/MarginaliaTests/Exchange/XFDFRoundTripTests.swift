import Foundation
import Testing
@testable import Marginalia

extension XFDFTests {
    @Suite("Round trip")
    struct RoundTrip {
        @Test func everyKindWithEveryFieldSurvivesExportAndImport() throws {
            let original = XFDFFixtures.everyKind()
            let report = XFDFDocument.exportReport(original, sourceFileName: "source.pdf")
            #expect(report.skipped.isEmpty)
            #expect(report.exportedCount == original.count)
            let imported = try XFDFDocument.importAnnotations(from: Data(report.xml.utf8))
            try #require(imported.count == original.count)
            for (a, b) in zip(original, imported) {
                let differences = XFDFFixtures.differences(a, b)
                #expect(differences.isEmpty, "\(differences)")
            }
        }

        /// The comparison the round trip relies on notices a change in every field, so a
        /// field the writer or reader dropped would fail the test above.
        @Test func comparisonNoticesEveryField() {
            let base = XFDFFixtures.everyKind()
            let mutations: [(String, (inout PDFAnnotation) -> Void)] = [
                ("id", { $0.id += "x" }), ("page", { $0.pageIndex = 7 }),
                ("rect", { $0.rect.origin.x += 0.01 }), ("color", { $0.color = Color(hex: "#1A2B3E") }),
                ("interior", { $0.interiorColor = Color(hex: "#C0FFEF") }), ("opacity", { $0.opacity = 0.6 }),
                ("width", { $0.border.width = 3 }), ("style", { $0.border.style = .inset }),
                ("dash", { $0.border.dashPattern = [4, 2] }), ("contents", { $0.contents = "Line one" }),
                ("author", { $0.author = nil }), ("subject", { $0.subject = "Review" }),
                ("created", { $0.creationDate = XFDFFixtures.modified }), ("modified", { $0.modificationDate = nil }),
                ("flags", { $0.flags.remove(.locked) }),
            ]
            for (name, mutate) in mutations {
                var changed = base[0]
                mutate(&changed)
                #expect(!XFDFFixtures.differences(base[0], changed).isEmpty, "\(name)")
            }
            for (index, annotation) in base.enumerated() {
                var changed = annotation
                switch annotation.kind {
                case .ink(var ink): ink.pressures?[0][1] = 0.6; changed.kind = .ink(ink)
                case .square: changed.kind = .circle
                case .circle: changed.kind = .square
                case .line(var line): line.endEnding = .none; changed.kind = .line(line)
                case .polygon(var vertices): vertices[2].y += 0.01; changed.kind = .polygon(vertices: vertices)
                case .polyLine(var p): p.startEnding = .none; changed.kind = .polyLine(p)
                case .freeText(var text): text.richText = nil; changed.kind = .freeText(text)
                case .note(var note): note.isOpen = false; changed.kind = .note(note)
                case .stamp(var stamp): stamp.imageData = nil; changed.kind = .stamp(stamp)
                case .textMarkup(let markup, let quads): changed.kind = .textMarkup(markup, quads: Array(quads.dropLast(1)) + [quads[0]])
                case .redact(var redact):
                    if redact.quads.isEmpty { redact.overlayText = "changed" } else { redact.repeatsOverlayText.toggle() }
                    changed.kind = .redact(redact)
                case .other: break
                }
                if case .textMarkup(_, let quads) = annotation.kind, quads.count == 1 { continue }
                #expect(!XFDFFixtures.differences(annotation, changed).isEmpty, "kind data of fixture \(index)")
            }
        }

        @Test func writesTheElementsAndAttributesOfTheSpec() {
            var square = PDFAnnotation(kind: .square, rect: CGRect(x: 10.5, y: 20, width: 100.123456, height: 50), pageIndex: 3)
            square.id = "sq-1"
            square.color = Color(hex: "#FF0000")
            square.interiorColor = Color(hex: "#00FF00")
            square.opacity = 0.5
            square.border = PDFBorder(width: 2, style: .dashed, dashPattern: [3, 1.5])
            square.author = "A \"B\" <C>"
            square.subject = nil
            square.creationDate = XFDFFixtures.created
            square.modificationDate = XFDFFixtures.modified
            square.flags = [.print, .noZoom]
            square.contents = "x\ry"
            let xml = XFDFDocument.export([square], sourceFileName: "a&b.pdf")
            #expect(xml == """
                <?xml version="1.0" encoding="UTF-8"?>
                <xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve">
                <annots>
                <square page="3" rect="10.5,20,110.6235,70" color="#FF0000" interior-color="#00FF00" opacity="0.5" \
                width="2" style="dash" dashes="3,1.5" flags="print,nozoom" name="sq-1" title="A &quot;B&quot; &lt;C&gt;" \
                date="D:20231114231523+00'00'" creationdate="D:20231114221320+00'00'">
                <contents>x&#13;y</contents>
                </square>
                </annots>
                <f href="a&amp;b.pdf"/>
                </xfdf>

                """)
        }

        @Test func writesKindElements() {
            let xml = XFDFDocument.export(XFDFFixtures.everyKind(), sourceFileName: nil)
            #expect(xml.contains(#"<gesture pressures="0.25,0.5,0.75">10.125,20.5;30.0625,40.75;55,12</gesture>"#))
            #expect(xml.contains(#"start="10,10.5" end="200.25,150" head="Circle" tail="RClosedArrow""#))
            #expect(xml.contains("<vertices>10,10;110,10;110,90.5;10,90.5</vertices>"))
            #expect(xml.contains(#"head="Diamond" tail="Slash""#))
            #expect(xml.contains(#"justification="right""#))
            #expect(xml.contains("<defaultappearance>/TiBo 14.5 Tf 0.2 0.4 0.6 rg</defaultappearance>"))
            #expect(xml.contains("<contents-richtext>\(XFDFFixtures.richText)</contents-richtext>"))
            #expect(xml.contains(#"icon="Comment""#) && xml.contains(#"<popup open="yes" page="0""#))
            #expect(xml.contains(#"icon="Approved""#) && xml.contains("<imagedata>data:image/png;base64,iVBORw0KGgo"))
            #expect(xml.contains(#"coords="72,720.5,300.25,720.5,72,700,300.25,700,72,690,200,690,72,670,200,670""#))
            for element in ["<ink ", "<square ", "<circle ", "<line ", "<polygon ", "<polyline ", "<freetext ", "<text ",
                            "<stamp ", "<highlight ", "<underline ", "<strikeout ", "<squiggly "] {
                #expect(xml.contains(element), "\(element)")
            }
            #expect(!xml.contains("<f "), "no file element without a source file name")
        }

        @Test(arguments: [
            (1.23456, "1.2346"), (100, "100"), (-0.00001, "0"), (0.5, "0.5"), (-2.25, "-2.25"),
            (1e20, "100000000000000000000"), (612.0000001, "612"), (0.00005, "0.0001"), (-12345.6789, "-12345.6789"),
        ])
        func numbersAreCompact(value: Double, text: String) {
            #expect(XFDFSyntax.number(value) == text)
        }

        @Test func annotationsThatCannotBeWrittenAreSkippedAndReported() throws {
            let link = PDFAnnotation(kind: .other(subtype: "Link"), rect: CGRect(x: 0, y: 0, width: 10, height: 10), pageIndex: 0)
            let nowhere = PDFAnnotation(kind: .square, rect: CGRect(x: 0, y: 0, width: 10, height: 10), pageIndex: nil)
            let broken = PDFAnnotation(kind: .polygon(vertices: [CGPoint(x: 0, y: 0), CGPoint(x: CGFloat.nan, y: 1)]),
                                       rect: CGRect(x: 0, y: 0, width: 10, height: 10), pageIndex: 0)
            let empty = PDFAnnotation(kind: .ink(PDFAnnotation.Ink(paths: [])), rect: .zero, pageIndex: 0)
            let fine = PDFAnnotation(kind: .circle, rect: CGRect(x: 0, y: 0, width: 10, height: 10), pageIndex: 0)
            let report = XFDFDocument.exportReport([link, nowhere, broken, empty, fine], sourceFileName: nil)
            #expect(report.exportedCount == 1)
            #expect(report.skipped.map(\.id) == [link.id, nowhere.id, broken.id, empty.id])
            #expect(report.skipped.map(\.subtype) == ["Link", "Square", "Polygon", "Ink"])
            #expect(report.skipped[0].reason.contains("/Link"))
            let imported = try XFDFDocument.importAnnotations(from: Data(report.xml.utf8))
            #expect(imported.map(\.id) == [fine.id])
        }

        @Test func textThatXMLCannotCarryIsDroppedNotBroken() throws {
            var note = PDFAnnotation(kind: .note(PDFAnnotation.Note()), rect: CGRect(x: 0, y: 0, width: 20, height: 20), pageIndex: 0)
            note.contents = "bell\u{7} tab\t line\n"
            note.author = "x\u{1}y"
            let imported = try XFDFDocument.importAnnotations(from: Data(XFDFDocument.export([note], sourceFileName: nil).utf8))
            #expect(imported.first?.contents == "bell tab\t line\n")
            #expect(imported.first?.author == "xy")
        }

        @Test func richTextThatIsNotXMLIsWrittenAsText() throws {
            let text = PDFAnnotation.FreeText(text: "a < b", richText: "<?xml version=\"1.0\"?><p>a < b</p>")
            let annotation = PDFAnnotation(kind: .freeText(text), rect: CGRect(x: 0, y: 0, width: 50, height: 20), pageIndex: 0)
            let xml = XFDFDocument.export([annotation], sourceFileName: nil)
            #expect(xml.contains("<contents-richtext>&lt;?xml version=\"1.0\"?&gt;&lt;p&gt;a &lt; b&lt;/p&gt;</contents-richtext>"))
            let imported = try XFDFDocument.importAnnotations(from: Data(xml.utf8))
            guard case .freeText(let read)? = imported.first?.kind else {
                Issue.record("not free text")
                return
            }
            #expect(read.text == "a < b")
            #expect(read.richText == "&lt;?xml version=\"1.0\"?&gt;&lt;p&gt;a &lt; b&lt;/p&gt;", "rich text is XML: the string comes back escaped")
        }

        @Test func richTextDeclarationIsDroppedAndMarkupKept() throws {
            let rich = "<?xml version=\"1.0\"?><body xmlns=\"http://www.w3.org/1999/xhtml\"><p>Hi</p></body>"
            #expect(XFDFRichText.embeddable(rich) == "<body xmlns=\"http://www.w3.org/1999/xhtml\"><p>Hi</p></body>")
        }
    }
}
