import Testing
@testable import MarginaliaCore

/// A file's annotation may hold values a new one may not (a text box set at 1,500 points, a
/// border 1,500 points wide): the operation log reads them back (the kept reading), a change may
/// keep a box's size, and what a command adds, pastes or changes to is held to the new sizes
/// (Annotation+NewValues.swift, review 9, item 1).
@Suite("Annotation new values")
struct AnnotationNewValuesTests {
    static func read(_ text: String, _ reading: AnnotationJSONReading = .checked) throws -> Annotation {
        let json = try JSONParser.parse(text)
        return try Annotation(checking: AnnotationJSONFields(json: json, path: "annotation", reading: reading), path: "annotation",
                              reading: reading)
    }

    static func box(id: String, size: Double) throws -> Annotation {
        try read(#"{"type": "freeText", "id": ""# + id + #"", "pageIndex": 0, "rect": [0, 0, 4000, 2000], "text": "Hi", "fontSize": "#
                 + JSONWriter.number(size) + "}")
    }

    static let expectation = "annotation.fontSize: expected a size above 0 and at most 1000 points (a file's larger box may keep its size)"

    @Test func theCheckedReadingTakesABoxAtAnySizeItDrawsAsGiven() throws {
        for size in [1000.0, 1000.5, 1500, 1_000_000] {
            guard case .freeText(let text) = try Self.box(id: "b", size: size).kind else { Issue.record("not free text"); continue }
            #expect(text.fontSize == size)
        }
        for size in [0.0, -1, 1_000_000.5] {
            do { _ = try Self.box(id: "b", size: size); Issue.record("read \(size)") } catch {
                #expect(String(describing: error) == Self.expectation)
            }
        }
    }

    @Test func theKeptReadingTakesAFilesWiderValuesTheCheckedOneRefuses() throws {
        let square = #"{"type": "square", "rect": [0, 0, 10, 10], "width": 1500, "opacity": 1.5}"#
        do { _ = try Self.read(square); Issue.record("checked read a width of 1500") } catch {
            #expect(String(describing: error) == "annotation.opacity: expected a number from 0 to 1")
        }
        let kept = try Self.read(square, .kept)
        #expect(kept.border.width == 1500 && kept.opacity == 1.5)
        #expect(kept.color == nil && kept.flags.isEmpty)  // nothing made up for what was left out
        let written = #"{"type": "freeText", "rect": [0, 0, 10, 10], "text": "Hi", "flags": ["print"]}"#
        #expect(try Self.read(written, .kept).contents == nil)
        #expect(try Self.read(written).contents == "Hi")
    }

    @Test func aCommandAddsOrPastesNoBoxAboveTheNewSize() throws {
        let pages: (String) -> Annotation? = { _ in nil }
        try EditorCommand.add([Self.box(id: "", size: 1000)]).check(pageCount: 1, annotation: pages)
        for command in [EditorCommand.add([try Self.box(id: "", size: 1000.5)]),
                        .paste(annotations: [try Self.box(id: "", size: 1500)], dx: 0, dy: 0)] {
            do { try command.check(pageCount: 1, annotation: pages); Issue.record("checked \(command)") } catch {
                #expect(String(describing: error).contains(Self.expectation), "\(error)")
            }
        }
    }

    @Test func aChangeKeepsAFilesBoxSizeButGivesNoBoxALargerOne() throws {
        let held = [try Self.box(id: "large", size: 1500), try Self.box(id: "small", size: 12)]
        let find: (String) -> Annotation? = { id in held.first { $0.id == id } }
        try EditorCommand.change(Self.box(id: "large", size: 1500)).check(pageCount: 1, annotation: find)
        try EditorCommand.change(Self.box(id: "large", size: 900)).check(pageCount: 1, annotation: find)
        for (id, size) in [("large", 1500.5), ("small", 1500)] {
            do {
                try EditorCommand.change(Self.box(id: id, size: size)).check(pageCount: 1, annotation: find)
                Issue.record("changed \(id) to \(size)")
            } catch {
                let expected = CommandError.invalidAnnotation(AnnotationJSONError(path: "annotation.fontSize", message: AnnotationKind.FreeText.fontSizeExpectation))
                #expect(error as? CommandError == expected)
                #expect(String(describing: error).contains(Self.expectation), "\(error)")
            }
        }
    }

    @Test func aChangeKeepsAFilesWiderBorderButGivesNoBorderAWiderOne() throws {
        let wide = try Self.read(#"{"type": "square", "id": "wide", "pageIndex": 0, "rect": [0, 0, 10, 10], "width": 1500, "#
                                 + #""borderStyle": "dashed", "dash": [2000, 3]}"#)
        let thin = try Self.read(#"{"type": "square", "id": "thin", "pageIndex": 0, "rect": [0, 0, 10, 10]}"#)
        let find: (String) -> Annotation? = { id in [wide, thin].first { $0.id == id } }
        try EditorCommand.change(wide).check(pageCount: 1, annotation: find)
        var widened = wide
        widened.id = "thin"
        var redashed = wide
        redashed.border.dashPattern = [3000]
        var regrown = wide
        regrown.border.width = 1501
        let refusals: [(EditorCommand, String)] = [
            (.change(widened), "annotation.width: expected a width from 0 to 1000 points"),
            (.add([wide]), "annotation.width: expected a width from 0 to 1000 points"),
            (.change(regrown), "annotation.width: expected a width from 0 to 1000 points"),
            (.change(redashed), "annotation.dash: expected lengths from 0 to 1000 points"),
        ]
        for (command, message) in refusals {
            do { try command.check(pageCount: 1, annotation: find); Issue.record("checked \(command)") } catch {
                #expect(String(describing: error).contains(message), "\(error)")
            }
        }
    }
}
