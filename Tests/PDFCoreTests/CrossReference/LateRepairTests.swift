import Testing
@testable import PDFCore

/// A repair that happens after opening (an object the table locates wrongly, found when it
/// is read) keeps what the file was opened with. The fuzzer found a file holding another
/// file spliced into it, whose trailer names an `/Encrypt`: the scan merged that into the
/// trailer, and a compact rewrite named an encryption dictionary it had not encrypted with,
/// so the rewritten file could not be opened.
@Suite("Repair after opening")
struct LateRepairTests {
    /// One page; object 4's table entry points at the spliced trailer (damage found only when
    /// object 4 is read); the spliced trailer names object 5 as `/Encrypt`, and the spliced
    /// file has an empty page tree of its own as object 2, after the file's.
    static func splicedFile() -> [UInt8] {
        var out = Array("%PDF-1.7\n".utf8)
        var offsets: [Int] = []
        for body in ["<</Type/Catalog/Pages 2 0 R>>", "<</Type/Pages/Kids[3 0 R]/Count 1>>",
                     "<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>>", "<</Title(Late)>>"] {
            offsets.append(out.count)
            out += Array("\(offsets.count) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let spliced = out.count
        out += Array(("trailer\n<</Root 1 0 R/Size 6/Encrypt 5 0 R>>\n5 0 obj\n<</Filter/Standard>>\nendobj\n"
                      + "2 0 obj\n<</Type/Pages/Kids[]/Count 0>>\nendobj\n").utf8)
        offsets[3] = spliced
        let start = out.count
        out += Array("xref\n0 5\n0000000000 65535 f \n".utf8)
        for offset in offsets { out += Array((String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n").utf8) }
        return out + Array("trailer\n<</Root 1 0 R/Size 5>>\nstartxref\n\(start)\n%%EOF\n".utf8)
    }

    @Test func aRepairAfterOpeningKeepsTheEncryptionTheFileWasOpenedWith() throws {
        let file = try PDFFile(source: ByteSource(bytes: Self.splicedFile()))
        #expect(!file.isRepaired && !file.isEncrypted)
        #expect(try file.dictionary(.reference(PDFReference(4, 0)))?["Title"] != nil)
        #expect(file.isRepaired)
        #expect(file.trailer["Encrypt"] == nil)
        let rewritten = try file.dataRepresentation(options: PDFWriteOptions(mode: .compact))
        let reopened = try PDFFile(source: ByteSource(bytes: rewritten))
        #expect(!reopened.isEncrypted)
        #expect(try reopened.catalog()["Pages"] != nil)
    }

    /// Only what the table located wrongly comes from the scan: the page tree the file was
    /// opened with stays, though the spliced file defines object 2 later (qpdf and MuPDF count
    /// such a file's pages by its own table).
    @Test func aRepairAfterOpeningKeepsTheEntriesTheTableHadRight() throws {
        let file = try PDFFile(source: ByteSource(bytes: Self.splicedFile()))
        #expect(try file.dictionary(.reference(PDFReference(2, 0)))?["Count"]?.integerValue == 1)
        #expect(try file.dictionary(.reference(PDFReference(4, 0)))?["Title"] != nil)
        #expect(file.isRepaired)
        #expect(try file.dictionary(.reference(PDFReference(2, 0)))?["Count"]?.integerValue == 1)
        #expect(try file.dictionary(.reference(PDFReference(5, 0)))?["Filter"] != nil, "what the table lacks comes from the scan")
    }
}
