import Foundation
import Marginalia

/// Small documents built for tests with the object-level API.
enum TestDocuments {
    /// A document of `count` pages, letter-sized, each with one content stream naming its page,
    /// built as a two-level page tree (inner nodes of up to 3 pages) so edits cross nodes.
    static func pages(_ count: Int, xmp: String? = nil) throws -> PDFDocument {
        var text = "%PDF-1.7\n"
        var offsets: [Int: Int] = [:]
        func object(_ number: Int, _ body: String) {
            offsets[number] = text.utf8.count
            text += "\(number) 0 obj\n\(body)\nendobj\n"
        }
        let groups = stride(from: 0, to: count, by: 3).map { Array($0..<min($0 + 3, count)) }
        // 1 catalog, 2 root, 3 info, 4 metadata, then per group a node, then per page a page and a content stream.
        var next = 5
        var groupNumbers: [Int] = []
        var pageNumbers: [Int] = []
        for group in groups {
            groupNumbers.append(next)
            next += 1
            for _ in group {
                pageNumbers.append(next)
                next += 2
            }
        }
        let metadataEntry = xmp == nil ? "" : "/Metadata 4 0 R"
        object(1, "<</Type/Catalog/Pages 2 0 R\(metadataEntry)/PageLabels<</Nums[0<</S/r>> 2<</S/D/P(P-)/St 10>>]>>>>")
        object(2, "<</Type/Pages/Kids[\(groupNumbers.map { "\($0) 0 R" }.joined(separator: " "))]/Count \(count)/MediaBox[0 0 612 792]>>")
        object(3, "<</Title(Original title)/Author(Tester)/Producer(Hand)/Custom(kept)>>")
        if let xmp { object(4, "<</Type/Metadata/Subtype/XML/Length \(xmp.utf8.count)>>\nstream\n\(xmp)\nendstream") }
        var pageIndex = 0
        for (g, group) in groups.enumerated() {
            let kids = group.map { "\(pageNumbers[$0]) 0 R" }.joined(separator: " ")
            object(groupNumbers[g], "<</Type/Pages/Parent 2 0 R/Kids[\(kids)]/Count \(group.count)/Rotate 90/Resources<</Inherited true>>>>")
            for _ in group {
                let number = pageNumbers[pageIndex]
                let content = "% page \(pageIndex + 1)"
                object(number, "<</Type/Page/Parent \(groupNumbers[g]) 0 R/Contents \(number + 1) 0 R>>")
                object(number + 1, "<</Length \(content.utf8.count)>>\nstream\n\(content)\nendstream")
                pageIndex += 1
            }
        }
        let start = text.utf8.count
        text += "xref\n0 \(next)\n0000000000 65535 f\r\n"
        for n in 1..<next {
            if let o = offsets[n] {
                let s = String(o)
                text += String(repeating: "0", count: 10 - s.count) + s + " 00000 n\r\n"
            } else {
                text += "0000000000 00000 f\r\n"
            }
        }
        text += "trailer\n<</Size \(next)/Root 1 0 R/Info 3 0 R>>\nstartxref\n\(start)\n%%EOF\n"
        return try PDFDocument(data: Data(text.utf8))
    }

    /// The marker comment in the page's content stream: which original page this is.
    static func marker(_ document: PDFDocument, _ index: Int) throws -> String {
        let page = try document.page(at: index)
        guard case .stream(let stream) = try document.file.resolve(page.dictionary["Contents"] ?? .null) else { return "?" }
        return String(decoding: try stream.decodedBytes(), as: UTF8.self)
    }

    static func markers(_ document: PDFDocument) throws -> [String] {
        try (0..<document.pageCount).map { try marker(document, $0) }
    }

    /// Saves and reopens, so tests see what another reader would.
    static func reopen(_ document: PDFDocument, options: PDFWriteOptions = PDFWriteOptions()) throws -> PDFDocument {
        try PDFDocument(data: try document.dataRepresentation(options: options))
    }

    /// A PDF of the given object bodies (object 1 the catalog) with a classic
    /// cross-reference table, for tests that need exact control of every object.
    static func assemble(_ objects: [Int: String], limits: PDFLimits = .default) throws -> PDFDocument {
        var text = "%PDF-1.7\n"
        var offsets: [Int: Int] = [:]
        for number in objects.keys.sorted() {
            offsets[number] = text.utf8.count
            text += "\(number) 0 obj\n\(objects[number]!)\nendobj\n"
        }
        let size = (objects.keys.max() ?? 0) + 1
        let start = text.utf8.count
        text += "xref\n0 \(size)\n0000000000 65535 f\r\n"
        for number in 1..<size {
            guard let offset = offsets[number] else {
                text += "0000000000 00000 f\r\n"
                continue
            }
            let digits = String(offset)
            text += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n\r\n"
        }
        text += "trailer\n<</Size \(size)/Root 1 0 R>>\nstartxref\n\(start)\n%%EOF\n"
        return try PDFDocument(data: Data(text.utf8), limits: limits)
    }
}
