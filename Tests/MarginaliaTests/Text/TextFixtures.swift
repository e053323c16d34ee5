import Foundation
import Marginalia

/// One-page documents for the text tests, written object by object: a page with the given
/// content, fonts and further objects, so each test states exactly what a producer wrote.
enum TextFixtures {
    /// A font dictionary for a standard font, not embedded, in WinAnsiEncoding.
    static func standardFont(_ name: String = "Helvetica") -> String {
        "<</Type/Font/Subtype/Type1/BaseFont/\(name)/Encoding/WinAnsiEncoding>>"
    }

    /// A document whose page 1 draws `content`.
    ///
    /// - Parameters:
    ///   - fonts: resource name to font object number; the objects themselves go in `objects`.
    ///   - objects: object number to body, for numbers 10 and up (1-9 are the document's).
    ///   - pageExtras: more entries of the page dictionary (`/Rotate 90`, `/Annots [...]`).
    static func document(content: String, fonts: [String: Int] = ["F1": 10], objects: [Int: String] = [10: standardFont()],
                         xObjects: [String: Int] = [:], mediaBox: String = "0 0 612 792", pageExtras: String = "",
                         pages: Int = 1) throws -> PDFDocument {
        var bodies: [Int: String] = objects
        let fontEntries = fonts.sorted { $0.key < $1.key }.map { "/\($0.key) \($0.value) 0 R" }.joined()
        let xObjectEntries = xObjects.sorted { $0.key < $1.key }.map { "/\($0.key) \($0.value) 0 R" }.joined()
        let resources = "<</Font<<\(fontEntries)>>/XObject<<\(xObjectEntries)>>>>"
        let kids = (0..<pages).map { "\(4 + 2 * $0) 0 R" }.joined(separator: " ")
        bodies[1] = "<</Type/Catalog/Pages 2 0 R>>"
        bodies[2] = "<</Type/Pages/Kids[\(kids)]/Count \(pages)>>"
        bodies[3] = resources
        for page in 0..<pages {
            bodies[4 + 2 * page] = "<</Type/Page/Parent 2 0 R/MediaBox[\(mediaBox)]/Resources 3 0 R/Contents \(5 + 2 * page) 0 R\(pageExtras)>>"
            bodies[5 + 2 * page] = stream(content)
        }
        return try PDFDocument(data: Data(file(bodies)))
    }

    /// A stream object body holding `content`.
    static func stream(_ content: String, dictionary: String = "") -> String {
        "<<\(dictionary)/Length \(content.utf8.count)>>\nstream\n\(content)\nendstream"
    }

    /// A stream object body holding `bytes`.
    static func stream(bytes: [UInt8], dictionary: String = "") -> [UInt8] {
        Array("<<\(dictionary)/Length \(bytes.count)>>\nstream\n".utf8) + bytes + Array("\nendstream".utf8)
    }

    /// The bytes of a file with these objects and a classic cross-reference table.
    static func file(_ bodies: [Int: String]) -> [UInt8] {
        file(bodies.mapValues { Array($0.utf8) })
    }

    static func file(_ bodies: [Int: [UInt8]]) -> [UInt8] {
        var out = Array("%PDF-1.7\n".utf8)
        var offsets: [Int: Int] = [:]
        for number in bodies.keys.sorted() {
            offsets[number] = out.count
            out += Array("\(number) 0 obj\n".utf8) + bodies[number]! + Array("\nendobj\n".utf8)
        }
        let size = (bodies.keys.max() ?? 0) + 1
        let start = out.count
        var table = "xref\n0 \(size)\n0000000000 65535 f\r\n"
        for number in 1..<size {
            let offset = offsets[number].map { String($0) } ?? "0"
            table += String(repeating: "0", count: 10 - offset.count) + offset + (offsets[number] == nil ? " 00000 f\r\n" : " 00000 n\r\n")
        }
        table += "trailer\n<</Size \(size)/Root 1 0 R>>\nstartxref\n\(start)\n%%EOF\n"
        return out + Array(table.utf8)
    }

    /// The words of page 1 as strings.
    static func words(_ document: PDFDocument, page: Int = 0) throws -> [String] {
        try document.text(ofPage: page).words.map(\.text)
    }
}
