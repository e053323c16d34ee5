import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

/// The operation log's JSON (docs/operations.md): the bytes version 2 writes, each name of
/// ``LoggedOperationName`` written and read back, and version 1 entries still read. The
/// expected JSON is spelled out here, apart from the enum, as the documentation spells it.
@Suite("The operation log's JSON")
struct OperationLogJSONTests {
    /// The log's text of `operation`, as the server writes it (``EditorOperation/sortedJSON()``:
    /// annotation operations by hand, the others through the encoder with sorted keys).
    static func logged(_ operation: EditorOperation) throws -> String {
        try operation.sortedJSON()
    }

    static func read(_ json: String) throws -> EditorOperation {
        try JSONDecoder().decode(EditorOperation.self, from: Data(json.utf8))
    }

    /// One operation of each name, annotations aside.
    static let written: [(EditorOperation, String)] = [
        (.arrangeAnnotation(id: "a", pageIndex: 0, from: 3, to: 0), #"{"from":3,"id":"a","op":"arrangeAnnotation","pageIndex":0,"to":0}"#),
        (.insertPage(index: 1, width: 612, height: 792), #"{"height":792,"index":1,"op":"insertPage","width":612}"#),
        (.removePage(index: 2, pageObject: 17), #"{"index":2,"op":"removePage","pageObject":17}"#),
        (.removePage(index: 2, pageObject: nil), #"{"index":2,"op":"removePage"}"#),
        (.restorePage(index: 2, pageObject: 17), #"{"index":2,"op":"restorePage","pageObject":17}"#),
        (.rotatePage(index: 0, degrees: 90), #"{"degrees":90,"index":0,"op":"rotatePage"}"#),
        (.movePage(from: 3, to: 0), #"{"from":3,"op":"movePage","to":0}"#),
        (.copyPages(PageCopy(pages: [1, 2], upload: 3, index: 4, annotationIDs: ["x"], pageObjects: [41, 42])),
         #"{"annotationIDs":["x"],"index":4,"op":"copyPages","pageObjects":[41,42],"pages":[1,2],"upload":3}"#),
        (.fillField(name: "address.city", before: .text(""), after: .text("Paris")),
         #"{"after":"Paris","before":"","name":"address.city","op":"fillField"}"#),
        (.fillField(name: "agree", before: .bool(false), after: .bool(true)), #"{"after":true,"before":false,"name":"agree","op":"fillField"}"#),
        (.fillField(name: "fruit", before: .choices([]), after: .choices(["a", "b"])),
         #"{"after":["a","b"],"before":[],"name":"fruit","op":"fillField"}"#),
        (.group(name: "pages", [.rotatePage(index: 0, degrees: -90), .movePage(from: 0, to: 1)]),
         #"{"name":"pages","op":"group","operations":[{"degrees":-90,"index":0,"op":"rotatePage"},{"from":0,"op":"movePage","to":1}]}"#),
    ]

    @Test(arguments: 0..<written.count)
    func version2IsWrittenWithTheDocumentedKeys(_ index: Int) throws {
        let (operation, json) = Self.written[index]
        #expect(try Self.logged(operation) == json)
        #expect(try Self.read(json) == operation)
    }

    @Test func annotationOperationsCarryTheAnnotationJSON() throws {
        let ink = OperationTests.ink("a", page: 1)
        let annotation = String(decoding: try { let e = JSONEncoder(); e.outputFormatting = [.sortedKeys]; return try e.encode(ink) }(), as: UTF8.self)
        #expect(try Self.logged(.addAnnotation(ink)) == #"{"annotation":"# + annotation + #","op":"addAnnotation"}"#)
        #expect(try Self.logged(.removeAnnotation(ink)) == #"{"annotation":"# + annotation + #","op":"removeAnnotation"}"#)
        #expect(try Self.logged(.changeAnnotation(before: ink, after: ink))
                == #"{"after":"# + annotation + #","before":"# + annotation + #","op":"changeAnnotation"}"#)
    }

    /// The object an annotation's removal left in the file, as its entry carries it.
    static func annotationObject(_ operation: EditorOperation) -> Int? {
        switch operation {
        case .addAnnotation(_, let object), .removeAnnotation(_, let object): return object
        default: return nil
        }
    }

    /// A removal records the object it left in the file (`annotationObject`), and its inverse,
    /// an addition, carries it on; both are written and read back with it, by hand and by the
    /// decoder. An entry written before (without the key) reads as one without an object.
    @Test func theObjectARemovalLeftIsWrittenAndReadBack() throws {
        let ink = OperationTests.ink("a", page: 1)
        let annotation = String(decoding: try { let e = JSONEncoder(); e.outputFormatting = [.sortedKeys]; return try e.encode(ink) }(), as: UTF8.self)
        let removal = EditorOperation.removeAnnotation(ink, annotationObject: 17)
        for (operation, op) in [(removal, "removeAnnotation"), (removal.inverse, "addAnnotation")] {
            let json = #"{"annotation":"# + annotation + #","annotationObject":17,"op":""# + op + #""}"#
            #expect(try Self.logged(operation) == json)
            for read in [try Self.read(json), try EditorOperation.reading(logText: json)] {
                #expect(read.logName == operation.logName && Self.annotationObject(read) == 17)
            }
        }
        #expect(Self.annotationObject(removal.inverse.inverse) == 17)
        for old in [#"{"annotation":"# + annotation + #","op":"removeAnnotation"}"#, #"{"removeAnnotation":{"_0":"# + annotation + "}}"] {
            for read in [try Self.read(old), try EditorOperation.reading(logText: old)] {
                guard case .removeAnnotation(let removed, nil) = read else {
                    Issue.record("\(old) is read as \(read)")
                    continue
                }
                #expect(removed.id == "a")
            }
        }
    }

    @Test func everyNameIsWrittenAndReadBack() throws {
        let ink = OperationTests.ink("a", page: 1)
        let samples = Self.written.map(\.0) + [.addAnnotation(ink), .removeAnnotation(ink), .changeAnnotation(before: ink, after: ink)]
        #expect(Set(samples.map(\.logName)) == Set(LoggedOperationName.allCases))
        for operation in samples {
            let json = try Self.logged(operation)
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            #expect(object?["op"] as? String == operation.logName.rawValue)
            #expect(try Self.read(json).logName == operation.logName)
        }
    }

    @Test func anUnknownOperationIsRefusedNamingIt() {
        #expect { try Self.read(#"{"op":"renamePage","index":0}"#) } throws: { "\($0)".contains("unknown operation \"renamePage\"") }
    }

    // MARK: - Version 1

    @Test func version1EntriesAreStillRead() throws {
        #expect(try Self.read(#"{"insertPage":{"index":1,"width":612,"height":792}}"#) == .insertPage(index: 1, width: 612, height: 792))
        #expect(try Self.read(#"{"removePage":{"index":2}}"#) == .removePage(index: 2, pageObject: nil))
        #expect(try Self.read(#"{"restorePage":{"index":2,"pageObject":17}}"#) == .restorePage(index: 2, pageObject: 17))
        #expect(try Self.read(#"{"fillField":{"name":"agree","before":false,"after":["a"]}}"#)
                == .fillField(name: "agree", before: .bool(false), after: .choices(["a"])))
        #expect(try Self.read(#"{"group":{"name":"erase","_1":[{"removePage":{"index":0,"pageObject":5}}]}}"#)
                == .group(name: "erase", [.removePage(index: 0, pageObject: 5)]))
        let ink = OperationTests.ink("a", page: 1)
        let annotation = String(decoding: try JSONEncoder().encode(ink), as: UTF8.self)
        guard case .addAnnotation(let added, _) = try Self.read(#"{"addAnnotation":{"_0":"# + annotation + "}}") else {
            Issue.record("a version 1 add is not read as an add")
            return
        }
        #expect(added.id == "a" && added.kind == ink.kind)
        guard case .changeAnnotation(_, let after) = try Self.read(#"{"changeAnnotation":{"before":"# + annotation + #","after":"# + annotation + "}}") else {
            Issue.record("a version 1 change is not read as a change")
            return
        }
        #expect(after.kind == ink.kind)
    }

    @Test func anOperationOfVersion2IsRefusedInVersion1Form() {
        #expect { try Self.read(#"{"movePage":{"from":1,"to":0}}"#) } throws: { "\($0)".contains(#"names "movePage", which only version 2 logs have"#) }
    }

    // MARK: - Form values

    @Test func aFormValueThatIsNoneOfTheThreeFormsIsRefused() {
        #expect(throws: DecodingError.self) { try Self.read(#"{"op":"fillField","name":"n","before":"","after":5}"#) }
        #expect(throws: DecodingError.self) { try Self.read(#"{"op":"fillField","name":"n","before":"","after":["a",1]}"#) }
    }
}
