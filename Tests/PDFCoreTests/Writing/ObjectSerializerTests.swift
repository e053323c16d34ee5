import Testing
@testable import PDFCore

@Suite("Object serializer")
struct ObjectSerializerTests {
    func text(_ object: PDFObject) -> String {
        String(decoding: ObjectSerializer().bytes(of: object), as: UTF8.self)
    }

    @Test(arguments: [
        (0.0, "0"), (1.0, "1"), (-1.5, "-1.5"), (0.1, "0.1"), (612.0, "612"), (1e-7, "0"), (-1e-7, "0"),
        (123456.1234567, "123456.123457"), (0.000001, "0.000001"), (2.5e10, "25000000000"),
        (Double.nan, "0"), (Double.infinity, "0"), (1.5e27, "1499999999999999882492379136"), (-1e19, "-10000000000000000000"),
    ])
    func reals(value: Double, expected: String) {
        #expect(ObjectSerializer.format(value) == expected)
    }

    @Test func goldenDictionary() {
        var dictionary = PDFDictionary()
        dictionary["Type"] = .name("Annot")
        dictionary["Rect"] = [10, 20.5, 30, .real(40.25)]
        dictionary["Contents"] = .string(Array("a (b) \\ c".utf8))
        dictionary["P"] = .reference(PDFReference(4, 0))
        dictionary["F"] = 4
        dictionary["Open"] = false
        dictionary["N"] = .name("A B#/C")
        #expect(text(.dictionary(dictionary))
            == "<</Type/Annot/Rect[10 20.5 30 40.25]/Contents(a \\(b\\) \\\\ c)/P 4 0 R/F 4/Open false/N/A#20B#23#2FC>>")
    }

    @Test func binaryStringsAreHex() {
        #expect(text(.string([0xFE, 0xFF, 0x00, 0x41])) == "<FEFF0041>")
        #expect(text(.string(Array("line\r\nbreak".utf8))) == "(line\\r\\nbreak)")
    }

    @Test func indirectStreamGetsLength() {
        var out: [UInt8] = []
        let stream = PDFStream(dictionary: PDFDictionary(["Length": 999]), rawBytes: Array("q Q".utf8))
        ObjectSerializer().writeIndirect(.stream(stream), reference: PDFReference(5, 0), to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "5 0 obj\n<</Length 3>>\nstream\nq Q\nendstream\nendobj\n")
    }

    @Test(arguments: [
        "<</A[1 2.5 -3 (str) <00FF> /Name true false null 7 0 R]/B<</C/D>>>>",
        "[(nested (parens) and \\\\ backslash) /Caf#C3#A9 /Latin#E9 0.000001]",
    ])
    func parseWriteParseIsIdentity(source: String) throws {
        var parser = ObjectParser(source: ByteSource(bytes: Array(source.utf8)))
        let object = try parser.parseObject()
        let written = ObjectSerializer().bytes(of: object)
        var again = ObjectParser(source: ByteSource(bytes: written))
        #expect(try again.parseObject() == object)
    }
}
