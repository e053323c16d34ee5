import CZlib
import Foundation
import Testing
@testable import PDFCore

@Suite("Bad input ends in a typed error or a repaired document")
struct BadInputTests {
    /// A zlib stream of `megabytes` MiB of zeros built by repeating one sync-flushed deflate
    /// block: 10 MB of it inflates to about 10 GB, yet it takes milliseconds to build.
    static func flateBomb(repeats: Int) -> [UInt8] {
        var stream = z_stream()
        _ = deflateInit2_(&stream, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        defer { deflateEnd(&stream) }
        var zeros = [UInt8](repeating: 0, count: 1 << 20)
        var block = [UInt8](repeating: 0, count: 8192)
        let produced: Int = zeros.withUnsafeMutableBufferPointer { input in
            block.withUnsafeMutableBufferPointer { output in
                stream.next_in = input.baseAddress
                stream.avail_in = UInt32(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = UInt32(output.count)
                _ = deflate(&stream, Z_SYNC_FLUSH)
                return output.count - Int(stream.avail_out)
            }
        }
        let chunk = Array(block.prefix(produced))
        var bomb: [UInt8] = [0x78, 0xDA]
        bomb.reserveCapacity(2 + chunk.count * repeats)
        for _ in 0..<repeats { bomb += chunk }
        return bomb
    }

    @Test func tenMegabyteFlateBombStopsAtTheLimit() throws {
        let bomb = BadInputTests.flateBomb(repeats: 10_000)
        #expect(bomb.count < 12_000_000)
        var limits = PDFLimits()
        limits.maxDecodedStreamSize = 64 << 20
        let stream = PDFStream(dictionary: PDFDictionary(["Filter": .name("FlateDecode")]), rawBytes: bomb)
        let start = Date()
        #expect(throws: PDFError.self) { try stream.decodedBytes(limits: limits) }
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func bombInsideADocumentIsReportedNotDecoded() throws {
        let bomb = BadInputTests.flateBomb(repeats: 2_000)
        var bytes = Array("%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj\n3 0 obj <</Length \(bomb.count)/Filter/FlateDecode>>\nstream\n".utf8)
        bytes += bomb
        bytes += Array("\nendstream\nendobj\ntrailer <</Root 1 0 R>>\n".utf8)
        var limits = PDFLimits()
        limits.maxDecodedStreamSize = 16 << 20
        let file = try PDFFile(source: ByteSource(bytes: bytes), limits: limits)
        let stream = try #require(try file.object(for: PDFReference(3, 0)).streamValue)
        #expect(throws: PDFError.limitExceeded("decoded stream larger than \(16 << 20) bytes (maxDecodedStreamSize)",
                                               limit: .maxDecodedStreamSize, max: 16 << 20)) {
            try stream.decodedBytes(limits: limits)
        }
    }

    @Test(arguments: TestPDF.Flavour.allCases)
    func everyTruncationEndsCleanly(flavour: TestPDF.Flavour) {
        let bytes = TestPDF.build(flavour)
        for length in stride(from: 0, to: bytes.count, by: 7) {
            do {
                let file = try PDFFile(source: ByteSource(bytes: bytes.prefix(length)))
                for number in file.objectNumbers { _ = try? file.object(for: PDFReference(number, 0)) }
            } catch is PDFError {
                // A typed error is a fine answer for a truncated file.
            } catch {
                Issue.record("untyped error \(error) at length \(length)")
            }
        }
    }

    @Test func randomBytesNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789 obj endobj stream endstream xref trailer startxref << >> [ ] ( ) / R n f %PDF-1.7\n".utf8)
        for _ in 0..<300 {
            let count = Int.random(in: 0...2000, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            let file = try? PDFFile(source: ByteSource(bytes: bytes))
            if let file {
                for number in file.objectNumbers.prefix(50) { _ = try? file.object(for: PDFReference(number, 0)) }
            }
        }
    }
}

@Suite("Numbers at the edge of Int never trap")
struct HugeNumberTests {
    static let huge = "9223372036854775807"

    @Test(arguments: [
        "xref\n\(huge) \(huge)\n",
        "xref\n0 2\n0000000000 65535 f\r\n\(huge) 00000 n\r\n",
        "xref\n0 1\n0000000000 65535 f\r\ntrailer <</Root 1 0 R/Prev \(huge)/XRefStm \(huge)>>\n",
    ])
    func hugeCrossReferenceNumbers(section: String) {
        let body = "%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj\n"
        let text = body + section + "trailer <</Root 1 0 R/Size 3>>\nstartxref\n\(body.utf8.count)\n%%EOF"
        do {
            let file = try PDFFile(source: ByteSource(bytes: Array(text.utf8)))
            _ = try file.catalog()
        } catch {
            #expect(error is PDFError)
        }
    }

    @Test func hugeObjectStreamOffset() throws {
        let data = "5 \(Self.huge) 6 0 (x)"
        let stream = PDFStream(dictionary: PDFDictionary(["N": 2, "First": 12]), rawBytes: Array(data.utf8))
        let objectStream = try ObjectStream(dictionary: stream.dictionary, limits: .default) { try stream.decodedBytes() }
        #expect(throws: PDFError.self) { try objectStream.object(at: 0, number: 5) }
    }
}
