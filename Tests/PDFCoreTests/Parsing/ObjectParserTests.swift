import Testing
@testable import PDFCore

@Suite("Object parser")
struct ObjectParserTests {
    func parse(_ text: String, limits: PDFLimits = .default) throws -> PDFObject {
        var parser = ObjectParser(source: ByteSource(bytes: Array(text.utf8)), limits: limits)
        return try parser.parseObject()
    }

    @Test func scalars() throws {
        #expect(try parse("true") == .bool(true))
        #expect(try parse("false") == .bool(false))
        #expect(try parse("null") == .null)
        #expect(try parse("/N") == .name("N"))
        #expect(try parse("3.25") == .real(3.25))
    }

    @Test func references() throws {
        #expect(try parse("12 0 R") == .reference(PDFReference(12, 0)))
        #expect(try parse("[1 0 R 2 3 R 4 5]") == [.reference(PDFReference(1, 0)), .reference(PDFReference(2, 3)), 4, 5])
        #expect(try parse("[1 2]") == [1, 2])
    }

    /// References are recognised from the bytes after the object number; the spellings the
    /// lexer reads differently (signs, comments between the parts) read as they always did.
    @Test(arguments: [
        ("[5 0 R/N 6 65535 R]", [PDFObject.reference(PDFReference(5, 0)), .name("N"), .reference(PDFReference(6, 65535))]),
        ("[5 0]", [5, 0]), ("[5 0.5 R]", [5, 0.5]), ("[5 0 Rx 7]", [5, 0, 7]), ("[5 0R]", [5, 0]),
        ("[5\n0\r\nR]", [.reference(PDFReference(5, 0))]), ("[5 0 % note\n R]", [.reference(PDFReference(5, 0))]),
        ("[5 +0 R]", [.reference(PDFReference(5, 0))]), ("[5 -1 R]", [5, -1]), ("[-5 0 R]", [-5, 0]),
        ("[5 0 (R)]", [5, 0, .string([0x52])]),
    ])
    func referencesFromTheBytes(text: String, expected: [PDFObject]) throws {
        #expect(try parse(text) == .array(expected))
    }

    @Test func nestedDictionary() throws {
        let object = try parse("<</Type/Page/Kids[1 0 R]/Sub<</A(x)/B<0102>>>/Null null>>")
        let dictionary = try #require(object.dictionaryValue)
        #expect(dictionary.type == "Page")
        #expect(dictionary["Kids"] == [.reference(PDFReference(1, 0))])
        #expect(dictionary["Sub"]?.dictionaryValue?["B"] == .string([1, 2]))
        #expect(dictionary["Null"] == nil, "a null value means the key is absent (7.3.7)")
        #expect(dictionary.orderedKeys == ["Type", "Kids", "Sub"])
    }

    @Test func nestingLimit() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: PDFError.self) { try parse(deep) }
        let deepDictionaries = String(repeating: "<</A ", count: 10_000)
        #expect(throws: PDFError.self) { try parse(deepDictionaries) }
    }

    @Test func lenientDictionary() throws {
        // A value missing before >> and a non-name key are skipped.
        let object = try parse("<</A 1 /B>>")
        #expect(object.dictionaryValue?["A"] == 1)
        let skipped = try parse("<</A 1 (junk) /C 2>>")
        #expect(skipped.dictionaryValue?["C"] == 2)
    }

    func indirect(_ text: String, resolve: ((PDFReference) -> Int?)? = nil) throws -> (PDFReference, PDFObject) {
        var parser = ObjectParser(source: ByteSource(bytes: Array(text.utf8)), resolveLength: resolve)
        return try parser.parseIndirectObject(expected: nil)
    }

    @Test func streamWithCorrectLength() throws {
        let (reference, object) = try indirect("7 0 obj\n<</Length 5>>\nstream\r\nhello\nendstream\nendobj")
        #expect(reference == PDFReference(7, 0))
        #expect(object.streamValue?.rawBytes == Array("hello".utf8))
    }

    @Test func streamWithIndirectLength() throws {
        let (_, object) = try indirect("7 0 obj <</Length 8 0 R>> stream\nabc endstream endobj") { ref in
            ref.number == 8 ? 3 : nil
        }
        #expect(object.streamValue?.rawBytes == Array("abc".utf8))
    }

    @Test(arguments: ["<</Length 999>>", "<</Length 2>>", "<<>>", "<</Length 9 0 R>>", "<</Length 1099511627776>>"])
    func streamWithWrongLengthFindsEndstream(dictionary: String) throws {
        let (_, object) = try indirect("1 0 obj \(dictionary) stream\nthe data\nendstream\nendobj")
        #expect(object.streamValue?.rawBytes == Array("the data".utf8))
    }

    @Test func missingEndobjIsTolerated() throws {
        let (_, object) = try indirect("3 0 obj (text) 4 0 obj")
        #expect(object == .string(Array("text".utf8)))
    }

    @Test func wrongObjectNumberThrows() {
        var parser = ObjectParser(source: ByteSource(bytes: Array("5 0 obj 1 endobj".utf8)))
        #expect(throws: PDFError.self) { try parser.parseIndirectObject(expected: PDFReference(6, 0)) }
    }
}

@Suite("Object parser leniency")
struct ObjectParserLeniencyTests {
    @Test func strayKeywordsAreDropped() throws {
        var parser = ObjectParser(source: ByteSource(bytes: Array("<</A[1 bad 2]/B junk/C 3>>".utf8)))
        let dictionary = try #require(try parser.parseObject().dictionaryValue)
        #expect(dictionary["A"] == [1, 2])
        #expect(dictionary["B"] == nil)
        #expect(dictionary["C"] == 3)
    }
}
