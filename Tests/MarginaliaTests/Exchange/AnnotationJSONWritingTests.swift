import Foundation
import Testing
@testable import Marginalia

/// The annotation JSON has one writing, the core's (``AnnotationJSONFields/write(to:)``), which
/// the operation log formats by hand (``AnnotationJSON/appendSortedJSON(of:to:)``) and the API
/// and the CLI through `JSONEncoder` (``PDFAnnotation/encode(to:)``): the two formats are the
/// same bytes, and both are the bytes the record that wrote annotations before them wrote
/// (``expectedSortedJSON``), since the server's log and every client read them.
@Suite struct AnnotationJSONWritingTests {
    /// What `JSONEncoder` with `.sortedKeys` writes of `annotation`.
    static func encoded(_ annotation: PDFAnnotation) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(annotation), as: UTF8.self)
    }

    static func written(_ annotation: PDFAnnotation) throws -> String {
        var output: [UInt8] = []
        try AnnotationJSON.appendSortedJSON(of: annotation, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Every kind with every field it has, and the fields the fixtures leave at their
    /// defaults: a dashed border, a fill, a reply in a group with a review state, a brush, a
    /// foreign appearance, text that needs escaping, numbers written with exponents, a cropped
    /// and turned picture.
    static func annotations() -> [PDFAnnotation] {
        var all = XFDFFixtures.everyKind()
        var square = XFDFFixtures.annotation(.square, id: "square/2", page: 3, rect: CGRect(x: 0.00001, y: -0.0, width: 1e16, height: 0.1))
        square.border = PDFBorder(width: 2.5, style: .dashed, dashPattern: [3, 1.5])
        square.interiorColor = Color(red: 1, green: 0.5, blue: 0)
        square.contents = "slash / quote \" backslash \\ tab \t bell \u{7} form \u{0C} back \u{08} é 東京 \u{2028}"
        all.append(square)
        var reply = XFDFFixtures.annotation(.note(PDFAnnotation.Note(icon: "Note", isOpen: false)), id: "reply-1", page: 0,
                                            rect: CGRect(x: 1, y: 2, width: 3, height: 4))
        reply.inReplyTo = "note-1"
        reply.replyType = .group
        reply.state = AnnotationState(model: AnnotationState.reviewModel, state: "Accepted")
        all.append(reply)
        let ink = PDFAnnotation.Ink(paths: [[CGPoint(x: 1.0 / 3, y: 2e-7), CGPoint(x: 123456.789, y: 1e21)]], brush: .marker)
        all.append(XFDFFixtures.annotation(.ink(ink), id: "ink-brush", page: 0, rect: CGRect(x: 0, y: 0, width: 10, height: 10)))
        let picture = PDFAnnotation.Stamp(name: "Picture", imageBytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
                                          crop: CGRect(x: 0.25, y: 0, width: 0.5, height: 1), rotation: 90)
        var stamp = XFDFFixtures.annotation(.stamp(picture), id: "picture", page: 1, rect: CGRect(x: 10, y: 20, width: 30, height: 40))
        stamp.hasForeignAppearance = true
        all.append(stamp)
        return all
    }

    /// A document's list (``PDFAnnotation/Listed``) writes each annotation's JSON and its
    /// object in the file as PDF writes a reference (`object`), which a viewer of the file
    /// pairs its annotations by; one without an object of its own is written as it encodes.
    @Test func aListedAnnotationNamesItsObject() throws {
        func members(_ value: some Encodable) throws -> NSDictionary? {
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? NSDictionary
        }
        var annotation = XFDFFixtures.annotation(.square, id: "listed", page: 0, rect: CGRect(x: 1, y: 2, width: 3, height: 4))
        let plain = try #require(try members(annotation))
        #expect(try members(PDFAnnotation.Listed(annotation)) == plain)
        annotation.reference = PDFReference(12, 3)
        let listed = try #require(try members(PDFAnnotation.Listed(annotation))?.mutableCopy() as? NSMutableDictionary)
        #expect(listed[PDFAnnotation.Listed.objectKey] as? String == "12 3 R")
        listed.removeObject(forKey: PDFAnnotation.Listed.objectKey)
        #expect(listed == plain)
        #expect(try members(annotation) == plain, "the annotation's own encoding (the log's, the commands') has no object")
    }

    @Test(arguments: annotations())
    func writesWhatTheEncoderWrites(annotation: PDFAnnotation) throws {
        #expect(try Self.written(annotation) == Self.encoded(annotation))
    }

    /// The bytes the encoder wrote of ``annotations()`` (keys sorted) before the core wrote
    /// them, by the `Codable` record that `AnnotationJSON` had (one line each): the log holds
    /// such lines, so the writing must not change them.
    @Test func writesTheBytesTheRecordWrote() throws {
        let expected = Self.expectedSortedJSON.split(separator: "\n").map(String.init)
        let annotations = Self.annotations()
        #expect(expected.count == annotations.count)
        for (annotation, line) in zip(annotations, expected) {
            #expect(try Self.written(annotation) == line)
        }
    }

    /// Every key of ``AnnotationJSONKey`` is written by some fixture above: a field the writing
    /// leaves out, or no fixture writes, fails here rather than going missing from the log.
    @Test func theFixturesWriteEveryKey() throws {
        var written: Set<String> = []
        for annotation in Self.annotations() {
            let object = try JSONSerialization.jsonObject(with: Data(try Self.written(annotation).utf8)) as? [String: Any]
            written.formUnion(object.map { Array($0.keys) } ?? [])
        }
        let keys = Set(AnnotationJSONKey.allCases.map { $0.rawValue })
        #expect(keys.count > 30)
        #expect(keys.subtracting(written).isEmpty, "keys no fixture writes: \(keys.subtracting(written).sorted())")
        #expect(written.subtracting(keys).isEmpty, "keys written but not in AnnotationJSONKey: \(written.subtracting(keys).sorted())")
    }

    /// The reading reads back every field the writing wrote (one list of keys for both):
    /// `foreignAppearance` aside, which is written only.
    @Test(arguments: annotations())
    func readsBackWhatItWrote(annotation: PDFAnnotation) throws {
        let read = try AnnotationJSONFields(json: JSONParser.parse(Array(try Self.written(annotation).utf8)), path: "annotation")
        #expect(read == AnnotationJSONFields(annotation.annotation, foreignAppearance: false))
    }

    /// The writer's key order is the encoder's here (swift-foundation sorts keys by their
    /// UTF-8 bytes); the keys give the same order sorted either way, so it holds where keys
    /// are compared as Apple's Foundation compares them too.
    @Test func theKeysSortTheSameByBytesAndByFoundation() {
        let fields = AnnotationJSONKey.allCases.map { $0.rawValue }
        let byBytes = fields.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let byFoundation = fields.sorted { $0.compare($1, options: [.numeric, .caseInsensitive, .forcedOrdering, .widthInsensitive]) == .orderedAscending }
        #expect(byBytes == byFoundation)
    }

    /// The writer finds each key's place from the last one's, in the writing's order; members
    /// handed over in another order come out sorted all the same.
    @Test func sortsMembersHandedOverInAnyOrder() throws {
        var writer = SortedMemberWriter()
        writer.write(.width, number: 2)
        writer.write(.author, string: "Ana")
        writer.write(.type, string: "ink")
        writer.write(.id, string: "a")
        writer.write(.repeatOverlayText, bool: true)
        writer.write(.color, string: "#000000")
        var output: [UInt8] = []
        try writer.finish(into: &output)
        #expect(String(decoding: output, as: UTF8.self)
            == ##"{"author":"Ana","color":"#000000","id":"a","repeatOverlayText":true,"type":"ink","width":2}"##)
    }

    @Test func refusesWhatTheEncoderRefuses() throws {
        let annotation = XFDFFixtures.annotation(.square, id: "nan", page: 0, rect: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
        #expect(throws: EncodingError.self) { try Self.encoded(annotation) }
        #expect(throws: JSONText.NonFiniteNumber.self) { try Self.written(annotation) }
    }
}
