import Foundation
import Testing
@testable import MarginaliaCore

@Suite("The command protocol's JSON and rules")
struct EditorCommandTests {
    /// An annotation as a command carries it: `json` read by the checked reading.
    static func annotation(_ json: String) -> Annotation {
        do {
            return try Annotation(checking: AnnotationJSONFields(json: try JSONParser.parse(Array(json.utf8)), path: "annotation"),
                                  path: "annotation")
        } catch {
            Issue.record("\(error)")
            return Annotation(id: "", pageIndex: nil, kind: .square, rect: .zero)
        }
    }

    static func square(page: Int) -> Annotation {
        annotation(#"{"type": "square", "pageIndex": \#(page), "rect": [1, 2, 4, 6]}"#)
    }

    static let commands: [EditorCommand] = [
        .add([square(page: 0)]),
        .add([square(page: 0), annotation(##"{"type": "ink", "id": "i", "pageIndex": 0, "paths": [[[1, 2], [3.5, 4]]], "color": "#FF0000", "creationDate": "2026-01-02T03:04:05Z"}"##)]),
        .change(annotation(#"{"type": "note", "id": "n", "pageIndex": 1, "rect": [0, 0, 20, 20], "contents": "Hi"}"#)),
        .remove(ids: ["a", "b"]),
        .unlock(ids: ["a"]),
        .move(ids: ["a"], dx: -3.5, dy: 2),
        .resize(id: "a", rect: CGRect(x: 10, y: 20, width: 30, height: 40)),
        .restyle(ids: ["a"], style: .init(color: .red, width: 3, opacity: 0.5, fill: EditorCommand.Restyle.Fill.none, fontSize: 12, bold: true)),
        .restyle(ids: ["a"], style: .init(fill: .color(.blue))),
        .restyle(ids: ["t"], style: .init(italic: true, family: .times, alignment: .center)),
        .restyle(ids: ["n", "m"], style: .init(icon: .key)),
        .stroke(.init(pageIndex: 2, samples: [StrokeSample(point: CGPoint(x: 1, y: 2), pressure: 0.25, time: 0.5)], ink: .marker,
                      zoom: 2, recognizeShape: true, author: "Ada")),
        .erase(.init(pageIndex: 0, mode: .segment, size: 8, points: [CGPoint(x: 5, y: 6)])),
        .fill(name: "city", value: .text("Paris")),
        .fill(name: "agree", value: .bool(true)),
        .fill(name: "fruits", value: .choices(["pear", "fig"])),
        .insertPage(index: 1, width: 595, height: 842),
        .removePage(index: 3),
        .rotatePage(index: 0, degrees: -90),
        .movePage(from: 2, to: 0),
        .paste(annotations: [square(page: 1)], dx: 12, dy: -12),
        .arrange(ids: ["a", "b"], toFront: true),
        .arrange(ids: ["a"], toFront: false),
        .reply(.init(to: "a", text: "Why?", author: "Ada", id: "r1")),
        .reply(.init(to: "a", text: "No author", author: nil)),
        .setState(.init(to: "a", state: .rejected, author: "Grace")),
        .editReply(id: "r1", text: "Why not?", author: "Ada"),
        .deleteReply(id: "r1", author: nil),
        .duplicatePages(pages: [2, 0], to: 1),
        .insertPages(index: 1, source: .document("0123456789abcdef0123456789abcdef"), pages: [3, 1]),
        .insertPages(index: 0, source: .upload(2), pages: nil),
        .rotatePages(pages: [0, 1], degrees: 270),
        .movePages(pages: [3, 1], to: 0),
        .removePages(pages: [1, 2]),
        .undo, .redo,
    ]

    @Test(arguments: commands)
    func everyCommandRoundTripsThroughItsJSON(command: EditorCommand) throws {
        let text = JSONWriter.string(command.json)
        let decoded = try EditorCommand(json: JSONField(try JSONParser.parse(text), path: "command"))
        #expect(decoded == command, "\(text)")
        #expect(command.json["type"] == .string(command.typeName))
    }

    /// The annotations of `add`, `change` and `paste` are checked as the command is read, with
    /// the checked reading's words and the path the server has always named them by.
    @Test func aBadAnnotationFieldIsRefusedWhenTheCommandIsRead() throws {
        func read(_ text: String) throws -> EditorCommand {
            try EditorCommand(json: JSONField(try JSONParser.parse(Array(text.utf8)), path: "command"))
        }
        let opacity = CommandError.invalidAnnotation(AnnotationJSONError(path: "annotation.opacity", message: "expected a number from 0 to 1"))
        #expect(throws: opacity) {
            try read(#"{"type": "add", "annotations": [{"type": "square", "pageIndex": 0, "rect": [1, 1, 9, 9]}, {"type": "square", "pageIndex": 0, "rect": [1, 1, 9, 9], "opacity": 2}]}"#)
        }
        #expect(opacity.message == "annotation.opacity: expected a number from 0 to 1")
        #expect(throws: CommandError.invalidAnnotation(AnnotationJSONError(path: "annotation.rect", message: "missing (only ink, lines, polygons, polylines and text markup may leave it out)"))) {
            try read(#"{"type": "change", "annotation": {"type": "square", "id": "a", "pageIndex": 0}}"#)
        }
        #expect(throws: CommandError.malformed("command.annotations[0].pageIndex: missing")) {
            try read(#"{"type": "paste", "annotations": [{"type": "square", "rect": [1, 1, 9, 9]}]}"#)
        }
        // Read once: the value carries what the reading gave, defaults included.
        guard case .add(let added) = try read(#"{"type": "add", "annotation": {"type": "note", "pageIndex": 1, "rect": [0, 0, 20, 20]}}"#) else {
            Issue.record("not an add"); return
        }
        #expect(added.first?.flags == [.print, .noZoom, .noRotate] && added.first?.pageIndex == 1 && added.first?.id == "")
        #expect(EditorCommand.add(added).json["annotation"]?["id"] == nil, "no id is sent while it has none")
    }

    @Test func everyTypeNameIsListed() {
        #expect(Set(Self.commands.map(\.typeName)) == Set(EditorCommand.typeNames))
    }

    static let locked = Annotation(id: "l", pageIndex: 0, kind: .square, rect: CGRect(x: 0, y: 0, width: 10, height: 10), flags: [.locked])
    static let readOnly = Annotation(id: "r", pageIndex: 0, kind: .square, rect: CGRect(x: 0, y: 0, width: 10, height: 10), flags: [.readOnly])
    static let link = Annotation(id: "k", pageIndex: 0, kind: .other(subtype: "Link"), rect: CGRect(x: 0, y: 0, width: 10, height: 10))

    func check(_ command: EditorCommand, pages: Int = 2) throws(CommandError) {
        let known = [Self.locked, Self.readOnly, Self.link]
        try command.check(pageCount: pages) { id in known.first { $0.id == id } }
    }

    @Test func lockedAndReadOnlyAnnotationsAreRefusedWithTheAction() {
        #expect(throws: CommandError.locked(id: "l", action: "moved")) { try check(.move(ids: ["l"], dx: 1, dy: 1)) }
        #expect(throws: CommandError.locked(id: "l", action: "deleted")) { try check(.remove(ids: ["l"])) }
        #expect(throws: CommandError.locked(id: "l", action: "resized")) { try check(.resize(id: "l", rect: .zero)) }
        #expect(throws: CommandError.locked(id: "l", action: "restyled")) { try check(.restyle(ids: ["l"], style: .init(width: 2))) }
        #expect(throws: CommandError.readOnly(id: "r", action: "moved")) { try check(.move(ids: ["r"], dx: 1, dy: 1)) }
        #expect(throws: CommandError.readOnly(id: "r", action: "changed")) {
            try check(.change(Self.annotation(#"{"type": "square", "id": "r", "pageIndex": 0, "rect": [0, 0, 10, 10]}"#)))
        }
        #expect(throws: CommandError.unknownAnnotation("k")) { try check(.remove(ids: ["k"])) }
        #expect(throws: CommandError.unknownAnnotation("nope")) { try check(.move(ids: ["nope"], dx: 1, dy: 1)) }
    }

    @Test func pasteLandsOnOnePageAndArrangeKeepsToWhatMayChange() throws {
        func square(page: Int) -> Annotation { Self.square(page: page) }
        try check(.paste(annotations: [square(page: 1), square(page: 1)], dx: 0, dy: 0))
        #expect(throws: CommandError.malformed("paste: the annotations pasted together must be on one page")) {
            try check(.paste(annotations: [square(page: 0), square(page: 1)], dx: 0, dy: 0))
        }
        #expect(throws: CommandError.pageOutOfRange(5, pageCount: 2)) { try check(.paste(annotations: [square(page: 5)], dx: 0, dy: 0)) }
        #expect(throws: CommandError.locked(id: "l", action: "rearranged")) { try check(.arrange(ids: ["l"], toFront: true)) }
        #expect(throws: CommandError.unknownAnnotation("k")) { try check(.arrange(ids: ["k"], toFront: false)) }
    }

    @Test func pagesMustExistAndOneMustRemain() throws {
        #expect(throws: CommandError.pageOutOfRange(2, pageCount: 2)) { try check(.removePage(index: 2)) }
        #expect(throws: CommandError.pageOutOfRange(-1, pageCount: 2)) { try check(.rotatePage(index: -1, degrees: 90)) }
        #expect(throws: CommandError.notAllowed("a document keeps at least one page")) { try check(.removePage(index: 0), pages: 1) }
        try check(.insertPage(index: 2, width: 612, height: 792))
        #expect(throws: CommandError.pageOutOfRange(3, pageCount: 2)) { try check(.insertPage(index: 3, width: 612, height: 792)) }
    }

    @Test(arguments: [
        (#"{"type":"explode"}"#, "command.type: unknown command \"explode\""),
        (#"{"type":"move","ids":["a"],"dx":"far","dy":0}"#, "command.dx: expected a finite number"),
        (#"{"type":"erase","pageIndex":0,"size":-1,"points":[[1,2]]}"#, "command.size: expected a positive number"),
        (#"{"type":"add","annotations":[]}"#, "command: expected \"annotation\" or a non-empty \"annotations\""),
        (#"{"type":"stroke","pageIndex":0,"points":[[1,2,3,4,5]]}"#, "command.points[0]: expected [x, y]"),
        (#"{"type":"fill","name":"x","value":{"a":1}}"#, "command.value: expected a string"),
        (#"{"type":"fill","name":"x","value":["a",1]}"#, "command.value: expected a string"),
        (#"{"type":"arrange","ids":["a"],"to":"middle"}"#, "command.to: expected \"front\" or \"back\""),
        (#"{"type":"paste","annotations":[],"dx":0,"dy":0}"#, "command.annotations: nothing to paste"),
        // A restyle's limits, spelled from the ranges its reading checks (Restyle.widthRange...).
        (#"{"type":"restyle","ids":["a"],"width":200.5}"#, "command.width: expected 0 to 200 points"),
        (#"{"type":"restyle","ids":["a"],"opacity":1.01}"#, "command.opacity: expected 0 to 1"),
        (#"{"type":"restyle","ids":["a"],"fontSize":0.5}"#, "command.fontSize: expected 1 to 400 points"),
    ])
    func malformedCommandsNameTheirPath(text: String, message: String) throws {
        let error = try #require(throws: CommandError.self) {
            try EditorCommand(json: JSONField(try JSONParser.parse(text), path: "command"))
        }
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    /// A range as a refusal spells it: each end as the JSON writer writes numbers (no trailing
    /// zeros, up to six decimals; the browser's engine cannot interpolate a Double).
    @Test func aRangeIsSpelledWithItsEndsAsNumbersAreWritten() {
        #expect((0.0...200).spelled == "0 to 200")
        #expect((0.5...30).spelled == "0.5 to 30")
        #expect((0.05...1).spelled == "0.05 to 1")
        #expect((1.0...10_000).spelled == "1 to 10000")
        #expect((-2.25...0.000001).spelled == "-2.25 to 0.000001")
    }
}
