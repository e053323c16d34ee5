@testable import PDFCore

/// Builds small PDFs of every cross-reference flavour for tests, byte by byte, so each test
/// knows exactly what the file holds.
enum TestPDF {
    enum Flavour: String, CaseIterable, CustomStringConvertible {
        case classic, xrefStream, objectStreams, hybrid, incremental
        case wrongOffsets, missingXref, truncatedXref, wrongStartxref, junkBeforeHeader
        var description: String { rawValue }
        var isDamaged: Bool { [.wrongOffsets, .missingXref, .truncatedXref, .wrongStartxref].contains(self) }
    }

    /// The objects of a three-page document; page 2 is 300x400 and inherits /Rotate 90 from
    /// an intermediate /Pages node, page 3 has a /CropBox. Object 9 is a content stream.
    static let objects: [(Int, String)] = [
        (1, "<</Type/Catalog/Pages 2 0 R>>"),
        (2, "<</Type/Pages/Kids[3 0 R 4 0 R]/Count 3/MediaBox[0 0 612 792]>>"),
        (3, "<</Type/Page/Parent 2 0 R/Contents 9 0 R/Resources<<>>>>"),
        (4, "<</Type/Pages/Parent 2 0 R/Kids[5 0 R 6 0 R]/Count 2/Rotate 90>>"),
        (5, "<</Type/Page/Parent 4 0 R/MediaBox[0 0 300 400]/Annots[7 0 R]>>"),
        (6, "<</Type/Page/Parent 4 0 R/CropBox[10 10 200 200]/Rotate 0>>"),
        (7, "<</Type/Annot/Subtype/Square/Rect[10 10 50 50]/Contents(A \\(square\\))>>"),
        (8, "<</Title(Test document)/Author(Marginalia tests)>>"),
    ]
    static let content = "BT /F1 12 Tf 72 720 Td (Hello) Tj ET"

    static func build(_ flavour: Flavour) -> [UInt8] {
        var out = Array("%PDF-1.7\n%\u{00E2}\n".utf8)
        if flavour == .junkBeforeHeader { out = Array("JUNK BEFORE HEADER\n".utf8) + out }
        let base = flavour == .junkBeforeHeader ? 19 : 0
        var offsets: [Int: Int] = [:]
        let packable = flavour == .objectStreams || flavour == .hybrid
        var packed: [(Int, String)] = []

        for (number, body) in objects {
            if packable && number != 1 && number != 2 {
                packed.append((number, body))
                continue
            }
            offsets[number] = out.count
            out += Array("\(number) 0 obj\n\(body)\nendobj\n".utf8)
        }
        offsets[9] = out.count
        out += Array("9 0 obj\n<</Length \(content.utf8.count)>>\nstream\n\(content)\nendstream\nendobj\n".utf8)

        var compressed: [Int: Int] = [:]
        if packable {
            var header = ""
            var body = ""
            for (index, (number, text)) in packed.enumerated() {
                header += "\(number) \(body.utf8.count) "
                body += text + "\n"
                compressed[number] = index
            }
            let data = header + "\n" + body
            offsets[10] = out.count
            out += Array("10 0 obj\n<</Type/ObjStm/N \(packed.count)/First \(header.utf8.count + 1)/Length \(data.utf8.count)>>\nstream\n\(data)\nendstream\nendobj\n".utf8)
        }

        let size = packable ? 12 : 10
        let trailerKeys = "/Size \(size)/Root 1 0 R/Info 8 0 R/ID[<00112233445566778899AABBCCDDEEFF><00112233445566778899AABBCCDDEEFF>]"
        switch flavour {
        case .xrefStream, .objectStreams:
            let start = out.count
            out += xrefStream(number: packable ? 11 : 10, offsets: offsets, compressed: compressed, at: start, trailer: trailerKeys)
            out += Array("startxref\n\(start)\n%%EOF\n".utf8)
        case .hybrid:
            let streamStart = out.count
            out += xrefStream(number: 11, offsets: [:], compressed: compressed, at: streamStart, trailer: trailerKeys)
            let start = out.count
            out += table(offsets, shift: 0, size: size)
            out += Array("trailer\n<<\(trailerKeys)/XRefStm \(streamStart)>>\nstartxref\n\(start)\n%%EOF\n".utf8)
        case .missingXref:
            out += Array("trailer\n<<\(trailerKeys)>>\n%%EOF\n".utf8)
        default:
            let start = out.count
            let shift = flavour == .wrongOffsets ? 7 : -base
            var section = table(offsets, shift: shift, size: size)
            if flavour == .truncatedXref { section = Array(section.prefix(section.count / 2)) }
            out += section
            if flavour != .truncatedXref {
                let startxref = flavour == .wrongStartxref ? start + 13 : start - base
                out += Array("trailer\n<<\(trailerKeys)>>\nstartxref\n\(startxref)\n%%EOF\n".utf8)
            }
            if flavour == .incremental {
                // An update that renames the document and rotates page 1.
                var update: [Int: Int] = [:]
                update[8] = out.count
                out += Array("8 0 obj\n<</Title(Updated title)/Author(Marginalia tests)>>\nendobj\n".utf8)
                update[3] = out.count
                out += Array("3 0 obj\n<</Type/Page/Parent 2 0 R/Contents 9 0 R/Resources<<>>/Rotate 180>>\nendobj\n".utf8)
                let second = out.count
                out += Array("xref\n3 1\n\(pad(update[3] ?? 0)) 00000 n\r\n8 1\n\(pad(update[8] ?? 0)) 00000 n\r\n".utf8)
                out += Array("trailer\n<<\(trailerKeys)/Prev \(start)>>\nstartxref\n\(second)\n%%EOF\n".utf8)
            }
        }
        return out
    }

    static func pad(_ value: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, 10 - text.count)) + text
    }

    static func table(_ offsets: [Int: Int], shift: Int, size: Int) -> [UInt8] {
        var text = "xref\n0 \(size)\n0000000000 65535 f\r\n"
        for number in 1..<size {
            if let offset = offsets[number] {
                text += "\(pad(offset + shift)) 00000 n\r\n"
            } else {
                text += "0000000000 00000 f\r\n"
            }
        }
        return Array(text.utf8)
    }

    static func xrefStream(number: Int, offsets: [Int: Int], compressed: [Int: Int], at start: Int, trailer: String) -> [UInt8] {
        var all = offsets
        all[number] = start
        var data: [UInt8] = []
        let size = max(number + 1, (all.keys.max() ?? 0) + 1, (compressed.keys.max() ?? 0) + 1)
        for n in 0..<size {
            if let offset = all[n] {
                data += [1] + be(offset, 4) + be(0, 2)
            } else if let index = compressed[n] {
                data += [2] + be(10, 4) + be(index, 2)
            } else {
                data += [0] + be(0, 4) + be(n == 0 ? 65535 : 0, 2)
            }
        }
        var out = Array("\(number) 0 obj\n<</Type/XRef/W[1 4 2]\(trailer)/Length \(data.count)>>\nstream\n".utf8)
        out += data
        out += Array("\nendstream\nendobj\n".utf8)
        return out
    }

    static func be(_ value: Int, _ width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    static func open(_ flavour: Flavour) throws -> PDFFile {
        try PDFFile(source: ByteSource(bytes: build(flavour)))
    }
}
