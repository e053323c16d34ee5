import Foundation

/// Files made byte by byte for the kinds of damage and oddity that issue 35 found in the
/// peers' own test files, each a small document whose every page draws the word "page".
/// The same kinds are made in Python by Tests/oracles/damage_kinds.py, whose test compares
/// our reading with qpdf's and MuPDF's; these run with the Swift tests, no oracle needed.
enum DamageKindFiles {
    static let content = "BT /F1 12 Tf 20 100 Td (page) Tj ET"

    /// A page of 200 x 200 points under `parent`, drawing content object `contents`.
    static func page(parent: Int, contents: Int) -> String {
        "<< /Type /Page /Parent \(parent) 0 R /MediaBox [0 0 200 200] /Contents \(contents) 0 R"
            + " /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>"
    }

    /// A stream object's body holding `data` as it is, its dictionary given `extra`.
    static func stream(_ data: [UInt8], extra: String = "") -> [UInt8] {
        Array("<< /Length \(data.count) \(extra) >>\nstream\n".utf8) + data + Array("\nendstream".utf8)
    }

    /// `data` as a Brotli stream (RFC 7932) of one stored meta-block: a valid stream that
    /// any decoder reads, made without an encoder. At most 65,536 bytes.
    static func brotliStored(_ data: [UInt8]) -> [UInt8] {
        precondition(!data.isEmpty && data.count <= 65_536)
        let length = data.count - 1
        // WBITS 16 (one 0 bit), ISLAST 0, MNIBBLES 4 (00), MLEN-1 in 16 bits, ISUNCOMPRESSED 1.
        var bits = [0, 0, 0, 0] + (0..<16).map { (length >> $0) & 1 } + [1]
        while bits.count % 8 != 0 { bits.append(0) }
        let header = stride(from: 0, to: bits.count, by: 8).map { start in
            UInt8((0..<8).reduce(0) { $0 | bits[start + $1] << $1 })
        }
        return header + data + [0x03]  // ISLAST 1, ISLASTEMPTY 1
    }

    /// Objects numbered from 1 in order, a classic cross-reference table (or none, or one
    /// whose subsection claims `claimed` entries) and a trailer holding `trailer` and /Size.
    static func file(_ objects: [[UInt8]], trailer: String = "/Root 1 0 R", header: String = "%PDF-1.7\n",
                     xref: Bool = true, claimed: Int? = nil) -> [UInt8] {
        var out = Array(header.utf8)
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(index + 1) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        let start = out.count
        if xref {
            out += Array("xref\n0 \(claimed ?? objects.count + 1)\n0000000000 65535 f \n".utf8)
            for offset in offsets { out += Array((String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n").utf8) }
        }
        out += Array("trailer\n<< /Size \(objects.count + 1) \(trailer) >>\n".utf8)
        if xref { out += Array("startxref\n\(start)\n".utf8) }
        return out + Array("%%EOF\n".utf8)
    }

    static func text(_ bodies: [String]) -> [[UInt8]] { bodies.map { Array($0.utf8) } }

    /// Objects 1-5: the catalog, /Pages with two pages, and their content.
    static var twoPages: [[UInt8]] {
        text(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
              page(parent: 2, contents: 5), page(parent: 2, contents: 5)]) + [stream(Array(content.utf8))]
    }

    /// Everything but the content in an object stream, the content and both the object and
    /// the cross-reference stream `/BrotliDecode`-compressed.
    static func brotliStreams() -> [UInt8] {
        let packed = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
                      page(parent: 2, contents: 5), page(parent: 2, contents: 5)]
        var table = "", bodies = ""
        for (index, body) in packed.enumerated() {
            table += "\(index + 1) \(bodies.utf8.count) "
            bodies += body + "\n"
        }
        let objectStream = brotliStored(Array((table + "\n" + bodies).utf8))
        var out = Array("%PDF-1.7\n".utf8)
        var offsets: [Int] = []
        func add(_ number: Int, _ body: [UInt8]) {
            offsets.append(out.count)
            out += Array("\(number) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        add(5, stream(brotliStored(Array(content.utf8)), extra: "/Filter /BrotliDecode"))
        add(6, stream(objectStream, extra: "/Type /ObjStm /N 4 /First \(table.utf8.count + 1) /Filter /BrotliDecode"))
        let xrefOffset = out.count
        // W [1 4 2]: object 0 free, 1-4 in object stream 6, 5-7 in the file.
        var entries: [UInt8] = [0, 0, 0, 0, 0, 0xFF, 0xFF]
        for index in 0..<4 { entries += [2, 0, 0, 0, 6, 0, UInt8(index)] }
        for offset in offsets + [xrefOffset] {
            entries += [1] + (0..<4).reversed().map { UInt8((offset >> ($0 * 8)) & 0xFF) } + [0, 0]
        }
        add(7, stream(brotliStored(entries), extra: "/Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R /Filter /BrotliDecode"))
        return out + Array("startxref\n\(xrefOffset)\n%%EOF\n".utf8)
    }

    /// One kind: its file, the pages qpdf and MuPDF count in it, and what `marginalia check`
    /// must say of it (nil for a valid file).
    struct Kind: CustomStringConvertible, Sendable {
        let description: String
        let bytes: [UInt8]
        let pages: Int
        let problem: String?
    }

    static let kinds: [Kind] = [
        Kind(description: "direct /Pages", bytes: file(text([
            "<< /Type /Catalog /Pages << /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >> >>",
            page(parent: 1, contents: 4), page(parent: 1, contents: 4)]) + [stream(Array(content.utf8))]),
             pages: 2, problem: "/Pages is a direct dictionary"),
        Kind(description: "direct /Root", bytes: file(text([
            "<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",
            page(parent: 1, contents: 4), page(parent: 1, contents: 4)]) + [stream(Array(content.utf8))],
            trailer: "/Root << /Type /Catalog /Pages 1 0 R >>"), pages: 2, problem: nil),
        Kind(description: "deep tree", bytes: deepTree(levels: 5_000), pages: 1, problem: nil),
        Kind(description: "repeated kid", bytes: file(text([
            "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 3 0 R] /Count 2 >>",
            page(parent: 2, contents: 4)]) + [stream(Array(content.utf8))]),
             pages: 2, problem: "object 3 is listed as a page more than once"),
        Kind(description: "shared node", bytes: sharedNode(), pages: 4, problem: "node 5 is reached from more than one parent"),
        Kind(description: "kid pointing back", bytes: file(text([
            "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 2 0 R 4 0 R] /Count 2 >>",
            page(parent: 2, contents: 5), page(parent: 2, contents: 5)]) + [stream(Array(content.utf8))]),
             pages: 2, problem: "node 2 is met again (a loop)"),
        Kind(description: "huge subsection", bytes: file(twoPages, claimed: 9_000_000),
             pages: 2, problem: "subsection claims 9000000 entries"),
        Kind(description: "stray keyword", bytes: file(text([
            "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Count 2 endstream /Kids [3 0 R 4 0 R] >>",
            page(parent: 2, contents: 5), page(parent: 2, contents: 5)]) + [stream(Array(content.utf8))]),
             pages: 2, problem: "stray keyword"),
        Kind(description: "no header, pages outside the tree", bytes: file(twoPages + text([
            page(parent: 2, contents: 5), page(parent: 2, contents: 5), page(parent: 2, contents: 5)]),
            header: "", xref: false), pages: 2, problem: "no %PDF- header"),
        Kind(description: "Brotli content", bytes: file(Array(twoPages.prefix(4))
            + [stream(brotliStored(Array(content.utf8)), extra: "/Filter /BrotliDecode")]), pages: 2, problem: nil),
        Kind(description: "Brotli object and cross-reference streams", bytes: brotliStreams(), pages: 2, problem: nil),
    ]

    /// One page under `levels` nested /Pages nodes of one kid each.
    static func deepTree(levels: Int) -> [UInt8] {
        var bodies = ["<< /Type /Catalog /Pages 2 0 R >>"]
        for level in 0..<levels {
            let parent = level == 0 ? "" : "/Parent \(level + 1) 0 R "
            bodies.append("<< /Type /Pages \(parent)/Kids [\(level + 3) 0 R] /Count 1 >>")
        }
        bodies.append(page(parent: levels + 1, contents: levels + 3))
        return file(text(bodies) + [stream(Array(content.utf8))])
    }

    /// A root whose two kids are the same /Pages node of two pages: four pages, as qpdf and
    /// MuPDF count them.
    static func sharedNode() -> [UInt8] {
        file(text(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [5 0 R 5 0 R] /Count 4 >>",
                   page(parent: 5, contents: 6), page(parent: 5, contents: 6),
                   "<< /Type /Pages /Parent 2 0 R /Kids [3 0 R 4 0 R] /Count 2 >>"]) + [stream(Array(content.utf8))])
    }
}
