import Foundation
import MarginaliaCore
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

/// The operation log's bytes of the annotation commands (`add`, `change`, `paste`): the log is
/// durable data (the server replays it at start), so what these commands log stays what it
/// was when they carried annotation JSON (`Tests/Fixtures/commands/annotation-commands.log`,
/// recorded from that code). `MARGINALIA_UPDATE_COMMAND_LOG=1` records it again after an
/// intended change.
@Suite("Annotation commands: the log's bytes")
struct AnnotationCommandLogTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/commands/annotation-commands.log").standardizedFileURL

    /// Commands as a client sends them, applied in order to a document with a square `sq`.
    static let commands: [String] = [
        ##"{"type": "add", "annotation": {"type": "square", "id": "s1", "pageIndex": 0, "rect": [10.5, 20.25, 110, 90], "color": "#FF0000", "fill": "#00FF0080", "opacity": 0.5, "width": 2.5, "borderStyle": "dashed", "dash": [3, 2], "contents": "A box", "author": "Ada", "subject": "Box", "creationDate": "2026-01-02T03:04:05Z", "modificationDate": "2026-01-02T03:04:06Z", "flags": ["print", "locked"]}}"##,
        ##"{"type": "add", "annotations": [{"type": "ink", "id": "i1", "pageIndex": 1, "paths": [[[10, 10], [20.125, 30], [40, 35]]], "pressures": [[0.2, 0.5, 0.9]], "brush": "pencil", "width": 3, "creationDate": "2026-01-02T03:04:05Z", "modificationDate": "2026-01-02T03:04:05Z"}, {"type": "freeText", "id": "t1", "pageIndex": 1, "rect": [100, 600, 300, 640], "text": "Hello\nthere", "font": "Times-Bold", "fontSize": 14, "textColor": "#0000FF", "alignment": "center", "creationDate": "2026-01-02T03:04:05Z", "modificationDate": "2026-01-02T03:04:05Z"}, {"type": "note", "id": "n1", "pageIndex": 1, "rect": [300, 300, 320, 320], "icon": "key", "open": true, "contents": "A note", "inReplyTo": "t1", "creationDate": "2026-01-02T03:04:05Z", "modificationDate": "2026-01-02T03:04:05Z"}]}"##,
        ##"{"type": "add", "annotation": {"type": "line", "id": "l1", "pageIndex": 2, "points": [[10, 10], [200, 150]], "lineEndings": ["openArrow", "circle"], "fill": "#00FF00", "creationDate": "2026-01-02T03:04:05Z", "modificationDate": "2026-01-02T03:04:05Z"}}"##,
        ##"{"type": "add", "annotation": {"type": "highlight", "id": "h1", "pageIndex": 2, "quads": [[10, 700, 200, 700, 10, 680, 200, 680]], "creationDate": "2026-01-02T03:04:05Z", "modificationDate": "2026-01-02T03:04:05Z"}}"##,
        ##"{"type": "change", "annotation": {"type": "square", "id": "sq", "pageIndex": 0, "rect": [100, 500, 220, 560], "color": "#336699", "contents": "Changed", "width": 4}}"##,
        ##"{"type": "change", "annotation": {"type": "square", "id": "s1", "pageIndex": 0, "rect": [10.5, 20.25, 110, 90], "color": "#FF0000", "fill": "#00FF0080", "opacity": 0.5, "width": 2.5, "borderStyle": "dashed", "dash": [3, 2], "contents": "New text", "author": "Ada", "subject": "Box", "creationDate": "2026-01-02T03:04:05Z", "flags": ["print", "locked"]}}"##,
        ##"{"type": "paste", "annotations": [{"type": "square", "pageIndex": 0, "rect": [100, 500, 220, 560], "color": "#336699", "author": "Grace", "inReplyTo": "x"}, {"type": "note", "pageIndex": 0, "rect": [300, 300, 320, 320], "inReplyTo": "sq", "state": "Accepted", "stateModel": "Review"}, {"type": "polygon", "pageIndex": 0, "points": [[10, 10], [50, 10], [30, 40]], "fill": "#123456"}], "dx": 12, "dy": -12}"##,
    ]

    static func document() throws -> PDFDocument {
        let document = try OperationTests.document()
        var square = PDFAnnotation(kind: .square, rect: CGRect(x: 100, y: 500, width: 120, height: 60), pageIndex: 0)
        square.id = "sq"
        square.author = "Ada"
        square.creationDate = Date(timeIntervalSince1970: 1_700_000_000)
        square.modificationDate = Date(timeIntervalSince1970: 1_700_000_000)
        try document.addAnnotation(square, toPage: 0)
        return document
    }

    /// The operation with what the clock and chance decide fixed: the dates a command leaves
    /// to now and the ids a paste makes.
    static func steady(_ operation: EditorOperation, ids: inout Int) -> EditorOperation {
        func fixed(_ annotation: PDFAnnotation, newID: Bool) -> PDFAnnotation {
            var annotation = annotation
            if newID {
                ids += 1
                annotation.id = "pasted-\(ids)"
                annotation.creationDate = Date(timeIntervalSince1970: 1_800_000_000)
            }
            annotation.modificationDate = Date(timeIntervalSince1970: 1_800_000_000)
            return annotation
        }
        switch operation {
        case .changeAnnotation(let before, let after): return .changeAnnotation(before: before, after: fixed(after, newID: false))
        case .group("paste", let steps):
            return .group(name: "paste", steps.map { step in
                guard case .addAnnotation(let a, _) = step else { return step }
                return .addAnnotation(fixed(a, newID: true))
            })
        default: return operation
        }
    }

    static func logText() throws -> String {
        let document = try Self.document()
        var lines: [String] = []
        var ids = 0
        for text in commands {
            let command = try EditorCommand(json: JSONField(try JSONParser.parse(Array(text.utf8)), path: "command"))
            for operation in try command.apply(to: document, author: nil) {
                lines.append(try steady(operation, ids: &ids).sortedJSON())
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func theCommandsLogWhatTheyLoggedWhenTheyCarriedJSON() throws {
        let text = try Self.logText()
        if ProcessInfo.processInfo.environment["MARGINALIA_UPDATE_COMMAND_LOG"] == "1" {
            try FileManager.default.createDirectory(at: Self.fixture.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: Self.fixture)
        }
        let recorded = try String(contentsOf: Self.fixture, encoding: .utf8)
        #expect(text == recorded)
        // Each logged line reads back as it was written (the server replays the log at start).
        for line in text.split(separator: "\n") {
            let operation = try JSONDecoder().decode(EditorOperation.self, from: Data(line.utf8))
            #expect(try operation.sortedJSON() == String(line))
        }
    }
}
