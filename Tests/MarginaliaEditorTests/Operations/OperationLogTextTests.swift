import Foundation
import Testing
import Marginalia
@testable import MarginaliaEditor

/// An operation's log text (``EditorOperation/sortedJSON()``) is what `JSONEncoder` with
/// `.sortedKeys` writes of it, whether written by hand (one annotation added, removed or
/// changed) or encoded (the rest); it is read back (``EditorOperation/reading(logText:)``) as
/// `JSONDecoder` reads it, whether by hand or decoded.
@Suite struct OperationLogTextTests {
    static let stroke: PDFAnnotation = {
        var annotation = PDFAnnotation(kind: .ink(PDFAnnotation.Ink(paths: [[CGPoint(x: 10.5, y: 20), CGPoint(x: 1e-05, y: 700.125)]])),
                                       rect: CGRect(x: 9, y: 19, width: 3, height: 682))
        annotation.id = "stroke-1"
        annotation.pageIndex = 0
        annotation.author = "Zoë / Ana"
        annotation.creationDate = Date(timeIntervalSince1970: 1_700_000_000)
        return annotation
    }()

    static let operations: [EditorOperation] = {
        var moved = stroke
        moved.rect.origin.x += 0.25
        moved.contents = "moved \"there\""
        return [
            .addAnnotation(stroke),
            .removeAnnotation(stroke),
            .removeAnnotation(stroke, annotationObject: 17),
            .addAnnotation(stroke, annotationObject: 17),
            .changeAnnotation(before: stroke, after: moved),
            .group(name: "paste", [.addAnnotation(stroke), .addAnnotation(moved)]),
            .rotatePage(index: 1, degrees: 90),
        ]
    }()

    @Test(arguments: operations)
    func isTheEncodersText(operation: EditorOperation) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try operation.sortedJSON() == String(decoding: try encoder.encode(operation), as: UTF8.self))
    }

    @Test(arguments: operations)
    func readsBackAsTheDecoderReadsIt(operation: EditorOperation) throws {
        let text = try operation.sortedJSON()
        let read = try EditorOperation.reading(logText: text)
        #expect(read == (try JSONDecoder().decode(EditorOperation.self, from: Data(text.utf8))))
        #expect(try read.sortedJSON() == text)
    }

    /// Stroke points of 16 and 17 significant digits (what a pen's samples are) come back
    /// as the doubles that were written, as the decoder reads them: the fast reading of
    /// long numbers (scaled from an integer) missed the last bit of about one in fourteen.
    @Test func longCoordinatesReadBackToTheBit() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<40 {
            let points = (0..<250).map { _ in
                CGPoint(x: Double.random(in: 0...800, using: &generator), y: Double.random(in: 0...1000, using: &generator))
            }
            var ink = PDFAnnotation(kind: .ink(PDFAnnotation.Ink(paths: [points])), rect: CGRect(x: 0, y: 0, width: 800, height: 1000))
            ink.id = "long-\(round)"
            ink.pageIndex = 0
            let operation = EditorOperation.addAnnotation(ink)
            let text = try operation.sortedJSON()
            let read = try EditorOperation.reading(logText: text)
            #expect(read == (try JSONDecoder().decode(EditorOperation.self, from: Data(text.utf8))), "round \(round)")
            #expect(try read.sortedJSON() == text, "round \(round)")
        }
    }

    /// An annotation logged without dates (a file's note that had none, removed and about to
    /// be put back by an undo) is read back without them, by hand and by the decoder, however
    /// often and whenever it is read: every replica writes the same revision.
    @Test func aValueWithoutDatesIsReadBackWithoutThem() throws {
        var undated = Self.stroke
        undated.creationDate = nil
        undated.modificationDate = nil
        var changed = undated
        changed.contents = "changed"
        let logged: [EditorOperation] = [.removeAnnotation(undated), .addAnnotation(undated, annotationObject: 17),
                                         .changeAnnotation(before: undated, after: changed)]
        for operation in logged {
            let text = try operation.sortedJSON()
            #expect(!text.contains("Date"), "\(text)")
            let first = try EditorOperation.reading(logText: text)
            let start = Date()
            while Date() == start {}  // the clock has moved on for the second reading
            let second = try EditorOperation.reading(logText: text)
            #expect(try first.sortedJSON() == text)
            #expect(try second.sortedJSON() == text)
            #expect(first == operation && second == operation)
        }
    }

    /// Another operation, and text the reading by hand refuses, go to the decoder, which
    /// reads the one and refuses the other.
    @Test func readsOtherOperationsAndRefusesWhatIsNoOperation() throws {
        let rotation = #"{"degrees":90,"index":1,"op":"rotatePage"}"#
        #expect(try EditorOperation.reading(logText: rotation) == .rotatePage(index: 1, degrees: 90))
        #expect(throws: DecodingError.self) { try EditorOperation.reading(logText: #"{"op":"addAnnotation","annotation":null}"#) }
        #expect(throws: DecodingError.self) { try EditorOperation.reading(logText: #"{"op":"addAnnotation"}"#) }
    }
}
