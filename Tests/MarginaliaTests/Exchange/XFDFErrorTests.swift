import Foundation
import Testing
@testable import Marginalia

extension XFDFTests {
    @Suite("Errors")
    struct Errors {
        static let head = "<?xml version=\"1.0\"?>\n<xfdf xmlns=\"http://ns.adobe.com/xfdf/\">\n<annots>\n"
        static let tail = "</annots>\n</xfdf>\n"

        /// The error importing `body` (placed from line 4 on, inside `<annots>`) raises.
        static func error(_ body: String, whole: Bool = false) -> XFDFError? {
            let xml = whole ? body : head + body + tail
            do {
                _ = try XFDFDocument.importAnnotations(from: Data(xml.utf8))
                return nil
            } catch let error as XFDFError {
                return error
            } catch {
                return nil
            }
        }

        @Test func notXML() {
            #expect(Errors.error("this is not XML", whole: true)
                == .notXML(message: "the data does not start with an XML element", path: "", line: 1))
            let mismatched = Errors.error("<square page=\"0\" rect=\"0,0,1,1\">\n</annots>\n</xfdf>", whole: false)
            #expect(mismatched == .notXML(message: "an end tag does not match the open element", path: "/xfdf/annots/square[1]", line: 5))
            #expect(mismatched?.description
                == "XFDF line 5, /xfdf/annots/square[1]: not well-formed XML: an end tag does not match the open element")
        }

        @Test func documentTypeDeclarationsAreRefused() {
            let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE xfdf [<!ENTITY a \"aaaaaaaaaa\">]>\n<xfdf><annots/></xfdf>"
            #expect(Errors.error(xml, whole: true)
                == .notXML(message: "a document type declaration (<!DOCTYPE>) is not accepted", path: "", line: 2))
        }

        /// Found by fuzzing (FuzzXFDF): Foundation's XMLParser crashed on a processing
        /// instruction without data; it is refused before parsing.
        @Test func processingInstructionsWithoutDataAreRefusedNotCrashedOn() {
            let expected = XFDFError.notXML(message: "a processing instruction without data (<?name?>) is not accepted", path: "", line: 1)
            #expect(Errors.error("<?x?><xfdf xmlns=\"httpeots></Characterxfdf>", whole: true) == expected)
            #expect(Errors.error("<?x   ?><xfdf><annots/></xfdf>", whole: true) == expected)
            #expect(Errors.error("<?xml version=\"1.0\"?>\n<xfdf><annots/>\n<?pi?></xfdf>", whole: true)
                == .notXML(message: "a processing instruction without data (<?name?>) is not accepted", path: "", line: 3))
            // A processing instruction with data is fine.
            #expect(Errors.error("<?xml version=\"1.0\"?><?app data?><xfdf><annots/></xfdf>", whole: true) == nil)
        }

        /// Found by fuzzing (FuzzXFDF): libxml2 read leading NULs as UCS-4 and crashed.
        @Test func onlyUTF8OrUTF16WithAByteOrderMarkReachTheParser() throws {
            let nul = XFDFError.notXML(message: "a NUL byte is not allowed in XML", path: "", line: 1)
            #expect(throws: nul) { try XFDFDocument.importAnnotations(from: Data([0, 0, 0, 0x3C, 0x3F, 0x6D, 0, 0])) }
            #expect(throws: XFDFError.self) { try XFDFDocument.importAnnotations(from: Data([0x3C, 0x78, 0xC3, 0x28, 0x3E])) }
            let utf16 = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><xfdf><annots><square page=\"0\" rect=\"1,1,9,9\"/></annots></xfdf>"
            var bytes = Data([0xFF, 0xFE])
            bytes.append(utf16.data(using: .utf16LittleEndian)!)
            #expect(try XFDFDocument.importAnnotations(from: bytes).count == 1)
        }

        @Test func rootMustBeXFDF() {
            #expect(Errors.error("<?xml version=\"1.0\"?>\n<fdf><annots/></fdf>", whole: true) == .missingRoot(found: "fdf", line: 2))
            #expect(Errors.error("", whole: true) == .missingRoot(found: nil, line: 0))
            #expect(XFDFError.missingRoot(found: "fdf", line: 2).description == "XFDF line 2: the root element is <fdf>, not <xfdf>")
        }

        @Test func unknownAnnotationElementsAreErrorsByDefault() {
            let error = Errors.error("<square page=\"0\" rect=\"0,0,1,1\"/>\n<caret page=\"0\" rect=\"0,0,1,1\"/>\n")
            #expect(error == .unsupportedElement(name: "caret", path: "/xfdf/annots/caret[1]", line: 5))
            #expect(error?.description == "XFDF line 5, /xfdf/annots/caret[1]: <caret> is not an annotation Marginalia imports")
        }

        @Test func badCoordinatesNameTheElementAndLine() {
            let body = "<ink page=\"0\" rect=\"0,0,9,9\">\n<inklist>\n<gesture>1,2;3,4</gesture>\n<gesture>1,2;3,x</gesture>\n</inklist>\n</ink>\n"
            let error = Errors.error(body)
            #expect(error == .invalidValue(name: "gesture", value: "1,2;3,x", expected: "a list of at least 1 point x,y;x,y;...",
                                           path: "/xfdf/annots/ink[1]/inklist/gesture[2]", line: 7))
            #expect(error?.description == "XFDF line 7, /xfdf/annots/ink[1]/inklist/gesture[2]: "
                + "gesture=\"1,2;3,x\" is not a list of at least 1 point x,y;x,y;...")
        }

        @Test(arguments: [
            ("<highlight page=\"0\" rect=\"0,0,1,1\" coords=\"1,2,3,4,5,6,7\"/>", "coords", "8 numbers per quadrilateral"),
            ("<square page=\"0\" rect=\"0,0,NaN,1\"/>", "rect", "four numbers x1,y1,x2,y2"),
            ("<square page=\"0\" rect=\"0,0,1\"/>", "rect", "four numbers x1,y1,x2,y2"),
            ("<square page=\"0\" rect=\"0,0,1,1\" opacity=\"inf\"/>", "opacity", "a finite number"),
            ("<square page=\"0\" rect=\"0,0,1,1\" width=\"-2\"/>", "width", "a width of 0 or more"),
            ("<square page=\"0\" rect=\"0,0,1,1\" color=\"red\"/>", "color", "a colour #RRGGBB"),
            ("<square page=\"0\" rect=\"0,0,1,1\" interior-color=\"#-00001\"/>", "interior-color", "a colour #RRGGBB"),
            ("<line page=\"0\" rect=\"0,0,1,1\" start=\"0,0,0\" end=\"1,1\"/>", "start", "a point x,y"),
            ("<polyline page=\"0\" rect=\"0,0,1,1\"><vertices>1,2</vertices></polyline>", "vertices", "a list of at least 2 points x,y;x,y;..."),
            ("<ink page=\"0\" rect=\"0,0,1,1\"><inklist><gesture pressures=\"0.5\">1,2;3,4</gesture></inklist></ink>", "pressures",
             "one number per point (2)"),
            ("<stamp page=\"0\" rect=\"0,0,1,1\"><imagedata>data:image/png;base64,@@@</imagedata></stamp>", "imagedata", "base64 image data"),
            ("<freetext page=\"0\" rect=\"0,0,1,1\" justification=\"justified\"/>", "justification", "left, centered or right"),
            ("<square page=\"-1\" rect=\"0,0,1,1\"/>", "page", "a page index of 0 or more"),
            ("<square page=\"one\" rect=\"0,0,1,1\"/>", "page", "a page index of 0 or more"),
        ])
        func badValues(element: String, name: String, expected: String) throws {
            let error = try #require(Errors.error(element + "\n"))
            guard case .invalidValue(let reported, _, let text, _, let line) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reported == name)
            #expect(text == expected)
            #expect(line == 4)
            #expect(error.path?.hasPrefix("/xfdf/annots/") == true)
        }

        @Test(arguments: [
            ("<square rect=\"0,0,1,1\"/>", "the page attribute"),
            ("<square page=\"0\"/>", "the rect attribute"),
            ("<ink page=\"0\" rect=\"0,0,1,1\"/>", "<inklist>"),
            ("<ink page=\"0\" rect=\"0,0,1,1\"><inklist/></ink>", "<gesture>"),
            ("<line page=\"0\" rect=\"0,0,1,1\" start=\"0,0\"/>", "the end attribute"),
            ("<polygon page=\"0\" rect=\"0,0,1,1\"/>", "<vertices>"),
            ("<underline page=\"0\" rect=\"0,0,1,1\"/>", "the coords attribute"),
        ])
        func missingParts(element: String, name: String) {
            let error = Errors.error(element + "\n")
            guard case .missing(let reported, _, let line)? = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(reported == name)
            #expect(line == 4)
        }

        @Test func missingPageMessage() {
            #expect(Errors.error("<square rect=\"0,0,1,1\"/>\n")?.description
                == "XFDF line 4, /xfdf/annots/square[1]: the page attribute is missing")
        }

        @Test func tooManyAnnotations() {
            let count = XFDFDocument.maximumAnnotations + 1
            let body = String(repeating: "<circle page=\"0\" rect=\"0,0,1,1\" name=\"c\"/>\n", count: count)
            #expect(Errors.error(body) == .limitExceeded(what: "annotations", limit: XFDFDocument.maximumAnnotations,
                                                         path: "/xfdf/annots/circle[\(count)]", line: 3 + count))
        }

        @Test func tooManyPoints() {
            // Two gestures of half the limit each are fine; one more point in a third is not.
            let half = XFDFDocument.maximumPoints / 2
            let gesture = "<gesture>" + String(repeating: "1,2;", count: half) + "</gesture>"
            let fine = "<ink page=\"0\" rect=\"0,0,1,1\"><inklist>\(gesture)\(gesture)</inklist></ink>\n"
            #expect(Errors.error(fine) == nil)
            let over = "<ink page=\"0\" rect=\"0,0,1,1\"><inklist>\(gesture)</inklist></ink>\n"
                + "<ink page=\"0\" rect=\"0,0,1,1\"><inklist>\(gesture)<gesture>1,2;3,4</gesture></inklist></ink>\n"
            #expect(Errors.error(over) == .limitExceeded(what: "points", limit: XFDFDocument.maximumPoints,
                                                         path: "/xfdf/annots/ink[2]/inklist/gesture[2]", line: 5))
        }
    }
}
