import Foundation
import Testing
@testable import MarginaliaCore

@Suite("The page-organising commands and the organiser's bridge calls")
struct PageCommandTests {
    static let document = "0123456789abcdef0123456789abcdef"

    func check(_ command: EditorCommand, pages: Int = 4) throws(CommandError) {
        try command.check(pageCount: pages) { _ in nil }
    }

    @Test func namedPagesMustExistAndCopiesLandInsideTheDocument() throws {
        try check(.duplicatePages(pages: [0, 3], to: 4))
        #expect(throws: CommandError.pageOutOfRange(4, pageCount: 4)) { try check(.duplicatePages(pages: [4], to: 0)) }
        #expect(throws: CommandError.pageOutOfRange(5, pageCount: 4)) { try check(.duplicatePages(pages: [1], to: 5)) }
        try check(.insertPages(index: 4, source: .document(Self.document), pages: [0]))
        #expect(throws: CommandError.pageOutOfRange(5, pageCount: 4)) { try check(.insertPages(index: 5, source: .upload(1), pages: nil)) }
        #expect(throws: CommandError.pageOutOfRange(7, pageCount: 4)) { try check(.rotatePages(pages: [1, 7], degrees: 90)) }
        try check(.movePages(pages: [0, 1], to: 2))
        #expect(throws: CommandError.pageOutOfRange(3, pageCount: 4)) { try check(.movePages(pages: [0, 1], to: 3)) }
    }

    @Test func aRemovalLeavesAtLeastOnePage() throws {
        try check(.removePages(pages: [0, 1, 2]))
        #expect(throws: CommandError.notAllowed("a document keeps at least one page")) { try check(.removePages(pages: [0, 1, 2, 3])) }
    }

    @Test(arguments: [
        (#"{"type":"rotatePages","pages":[0],"degrees":45}"#, "command.degrees: expected a multiple of 90"),
        (#"{"type":"removePages","pages":[]}"#, "command.pages: no pages named"),
        (#"{"type":"movePages","pages":[1,1],"to":0}"#, "command.pages[1]: page 1 is named twice"),
        (#"{"type":"duplicatePages","pages":[-1]}"#, "command.pages[0]"),
        (#"{"type":"insertPages","index":0,"source":{}}"#, "command.source: expected {\"document\": ID} or {\"upload\": N}"),
        (#"{"type":"insertPages","index":0,"source":{"document":"../etc"}}"#, "command.source.document: expected a document id"),
        (#"{"type":"insertPages","index":0,"source":{"upload":0}}"#, "command.source.upload"),
    ])
    func malformedPageCommandsNameTheirPath(text: String, message: String) throws {
        let error = try #require(throws: CommandError.self) {
            try EditorCommand(json: JSONField(try JSONParser.parse(text), path: "command"))
        }
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test func aDuplicateWithoutDestinationGoesAfterTheLastPageNamed() throws {
        let command = try EditorCommand(json: JSONField(try JSONParser.parse(#"{"type":"duplicatePages","pages":[2,0]}"#), path: "command"))
        #expect(command == .duplicatePages(pages: [2, 0], to: 3))
    }

    // MARK: - Bridge

    func call(_ bridge: EngineBridge, _ text: String) throws -> JSONValue {
        try JSONParser.parse(bridge.call(Array(text.utf8)))
    }

    func bridge(pages: Int) throws -> EngineBridge {
        let bridge = EngineBridge()
        let list = Array(repeating: #"{"box":[0,0,612,792]}"#, count: pages).joined(separator: ",")
        _ = try call(bridge, #"{"call":"init","pages":[\#(list)],"viewSize":[800,600]}"#)
        return bridge
    }

    @Test func selectPagesAnswersTheSelectionAndAnchor() throws {
        let bridge = try bridge(pages: 5)
        let answer = try call(bridge, #"{"call":"selectPages","page":4,"mode":"range","selection":[1],"anchor":1}"#)
        #expect(answer == .object([("selection", .array([1, 2, 3, 4].map { .integer($0) })), ("anchor", .integer(1))]))
        let bad = try call(bridge, #"{"call":"selectPages","page":1,"mode":"sideways"}"#)
        #expect(bad["error"] != nil)
    }

    @Test func pageDropSlotAnswersTheGap() throws {
        let bridge = try bridge(pages: 3)
        let answer = try call(bridge, #"{"call":"pageDropSlot","point":[150,10],"frames":[[0,0,100,100],[120,0,100,100],[240,0,100,100]]}"#)
        #expect(answer == .object([("slot", .integer(1))]))
    }

    @Test func pageCommandTurnsAnActionOnTheSelectionIntoACommand() throws {
        let bridge = try bridge(pages: 4)
        let rotate = try call(bridge, #"{"call":"pageCommand","action":"rotate","pages":[2,0,2],"degrees":-90}"#)
        #expect(rotate["command"] == EditorCommand.rotatePages(pages: [0, 2], degrees: -90).json)
        #expect(rotate["selection"] == .array([.integer(0), .integer(2)]))
        let duplicate = try call(bridge, #"{"call":"pageCommand","action":"duplicate","pages":[1,2]}"#)
        #expect(duplicate["command"] == EditorCommand.duplicatePages(pages: [1, 2], to: 3).json)
        #expect(duplicate["selection"] == .array([.integer(3), .integer(4)]))
        let move = try call(bridge, #"{"call":"pageCommand","action":"move","pages":[0],"slot":4}"#)
        #expect(move["command"] == EditorCommand.movePages(pages: [0], to: 3).json)
        let stay = try call(bridge, #"{"call":"pageCommand","action":"move","pages":[0],"slot":1}"#)
        #expect(stay == .object([]))
        let all = try call(bridge, #"{"call":"pageCommand","action":"remove","pages":[0,1,2,3]}"#)
        #expect(all == .object([("refused", .string("a document keeps at least one page"))]))
        let insert = try call(bridge, #"{"call":"pageCommand","action":"insert","pages":[3],"index":4,"source":{"upload":2},"sourcePages":[0,1]}"#)
        #expect(insert["command"] == EditorCommand.insertPages(index: 4, source: .upload(2), pages: [0, 1]).json)
        #expect(insert["selection"] == .array([.integer(4), .integer(5)]))
        let unknown = try call(bridge, #"{"call":"pageCommand","action":"fold","pages":[0]}"#)
        #expect(unknown["error"] == .string("action: unknown page action \"fold\" (rotate, duplicate, remove, move, insert)"))
    }

    /// "Add page after": a blank page the size of the page it follows (its crop box, upright:
    /// the new page has no /Rotate), Letter after no page, within the sizes a page may have.
    @Test func aBlankPageTakesTheSizeOfThePageItFollows() throws {
        let pages = [PageGeometry(size: CGSize(width: 595, height: 842)), PageGeometry(size: CGSize(width: 540, height: 720), rotation: 90),
                     PageGeometry(size: CGSize(width: 1, height: 20_000))]
        #expect(EditorCommand.blankPage(after: 0, pages: pages) == .insertPage(index: 1, width: 595, height: 842))
        #expect(EditorCommand.blankPage(after: 1, pages: pages) == .insertPage(index: 2, width: 540, height: 720))
        #expect(EditorCommand.blankPage(after: 2, pages: pages) == .insertPage(index: 3, width: 3, height: 14_400))
        #expect(EditorCommand.blankPage(after: 0, pages: []) == .insertPage(index: 0, width: 612, height: 792))
        // A page number from outside, past the pages or before them: at the end, at the start
        // (Int.max once trapped on `current + 1`, ending the browser's engine).
        #expect(EditorCommand.blankPage(after: Int.max, pages: pages) == .insertPage(index: 3, width: 612, height: 792))
        #expect(EditorCommand.blankPage(after: -5, pages: pages) == .insertPage(index: 0, width: 612, height: 792))
        // An insertPage naming no size inserts Letter too.
        #expect(try EditorCommand(json: JSONField(JSONParser.parse(#"{"type":"insertPage","index":0}"#), path: "command"))
                    == .insertPage(index: 0, width: 612, height: 792))
        let bridge = EngineBridge()
        _ = try call(bridge, #"{"call":"init","pages":[{"box":[0,0,612,792]},{"box":[10,20,430,615],"rotation":270}],"viewSize":[800,600]}"#)
        #expect(try call(bridge, #"{"call":"blankPage","after":1}"#)["command"]
                    == JSONParser.parse(#"{"type":"insertPage","index":2,"width":420,"height":595}"#))
        #expect(try call(bridge, #"{"call":"blankPage"}"#)["error"] != nil)
    }
}
