import Testing

@testable import PDFCore

/// ``PDFTextString/decode(_:)`` of PDFDocEncoding (ISO 32000-2, annex D.2): its shortcut for
/// ASCII text reads every byte as the code table does.
@Suite("PDF text strings")
struct PDFTextStringTests {
    /// The table's reading, a byte at a time.
    static func byTable(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            scalars.append(Unicode.Scalar(PDFTextString.docEncodingToUnicode[Int(byte)]) ?? "\u{FFFD}")
        }
        return String(scalars)
    }

    @Test("every byte, alone and among ASCII letters, as the code table reads it")
    func everyByte() {
        for byte in UInt8.min...UInt8.max {
            for bytes in [[byte], [0x41, byte, 0x42], [byte, byte, 0x0A]] {
                #expect(PDFTextString.decode(bytes) == Self.byTable(bytes), "byte \(byte)")
            }
        }
        #expect(PDFTextString.decode(Array("Value p1.text1".utf8)) == "Value p1.text1")
        #expect(PDFTextString.decode([0x18, 0x61]) == "\u{02D8}a")
        #expect(PDFTextString.decode([0x80, 0xA0]) == "\u{2022}\u{20AC}")
        #expect(PDFTextString.decode([]) == "")
    }

    /// The table's writing: every scalar's code, or UTF-16BE when one has none.
    static func encodedByTable(_ text: String) -> [UInt8] {
        let codes = text.unicodeScalars.map { PDFTextString.docEncodingCodes[$0.value] }
        if codes.allSatisfy({ $0 != nil }) { return codes.compactMap { $0 } }
        return [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    @Test("every scalar up to U+2FFF, alone and among ASCII letters, written as the code table writes it")
    func everyScalarWritten() {
        for value in UInt32(0)..<0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "A\(scalar)b\tc\n", "\(scalar)\(scalar)\r"] {
                #expect(PDFTextString.encode(text) == Self.encodedByTable(text), "U+\(String(value, radix: 16))")
            }
        }
        #expect(PDFTextString.encode("Value p1.text1") == Array("Value p1.text1".utf8))
        #expect(PDFTextString.encode("") == [])
    }

    @Test("a byte order mark chooses UTF-16BE or UTF-8")
    func byteOrderMarks() {
        #expect(PDFTextString.decode([0xFE, 0xFF, 0x00, 0x41, 0x03, 0xA9]) == "AΩ")
        #expect(PDFTextString.decode([0xEF, 0xBB, 0xBF] + Array("é".utf8)) == "é")
    }
}
