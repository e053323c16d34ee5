import Foundation
import Testing
@testable import MarginaliaCore

/// What the locks keep, compared on annotation values (``AnnotationLock/check(change:of:id:)``):
/// a locked annotation's change may alter only its text, and every other property the
/// annotation JSON gives it is seen; LockedContents keeps the text and lets the rest change.
@Suite("Annotation locks compare values")
struct AnnotationLockTests {
    static func annotation(_ json: String) -> Annotation { EditorCommandTests.annotation(json) }

    static let square = annotation(##"{"type": "square", "id": "s", "pageIndex": 0, "rect": [10, 10, 90, 60], "color": "#FF0000", "fill": "#00FF00", "opacity": 0.5, "width": 2, "borderStyle": "dashed", "dash": [3, 1], "contents": "text", "author": "Ada", "subject": "Box", "creationDate": "2026-01-02T03:04:05Z", "modificationDate": "2026-01-02T03:04:05Z", "flags": ["print", "locked"]}"##)
    static let ink = annotation(#"{"type": "ink", "id": "i", "pageIndex": 0, "paths": [[[1, 2], [3, 4]]], "pressures": [[0.5, 1]], "brush": "pencil", "flags": ["locked"]}"#)

    /// Each property of a locked annotation but its text, altered one at a time, with the key
    /// the refusal names.
    static let alterations: [(String, Annotation, @Sendable (inout Annotation) -> Void)] = [
        ("pageIndex", square, { $0.pageIndex = 1 }),
        ("rect", square, { $0.rect.origin.x += 0.5 }),
        ("color", square, { $0.color = .blue }),
        ("fill", square, { $0.interiorColor = nil }),
        ("opacity", square, { $0.opacity = 0.25 }),
        ("width", square, { $0.border.width = 3 }),
        ("borderStyle", square, { $0.border.style = .beveled }),
        ("dash", square, { $0.border.dashPattern = [2, 2] }),
        ("subject", square, { $0.subject = "Other" }),
        ("creationDate", square, { $0.creationDate = AnnotationTimestamp(iso8601: "2027-01-01T00:00:00Z") }),
        ("flags", square, { $0.flags.insert(.readOnly) }),
        ("inReplyTo", square, { $0.inReplyTo = "x" }),
        ("paths", ink, { $0.kind = .ink(.init(paths: [[CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 5)]], pressures: [[0.5, 1]], brush: .pencil)) }),
        ("pressures", ink, { $0.kind = .ink(.init(paths: [[CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)]], pressures: [[0.5, 0.75]], brush: .pencil)) }),
        ("brush", ink, { $0.kind = .ink(.init(paths: [[CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)]], pressures: [[0.5, 1]], brush: .pen)) }),
    ]

    @Test(arguments: 0..<alterations.count)
    func aLockedAnnotationKeepsEveryPropertyButItsText(_ index: Int) {
        let (key, before, alter) = Self.alterations[index]
        var after = before
        alter(&after)
        #expect(throws: CommandError.locked(id: before.id, action: "changed except for its text (the change alters \(key))")) {
            try AnnotationLock.check(change: after, of: before, id: before.id)
        }
    }

    @Test func aLockedAnnotationsTextAuthorAndModificationDateMayChange() throws {
        var after = Self.square
        after.contents = "other text"
        after.author = "Grace"
        after.modificationDate = AnnotationTimestamp(iso8601: "2027-01-01T00:00:00Z")
        try AnnotationLock.check(change: after, of: Self.square, id: "s")
        let box = Self.annotation(#"{"type": "freeText", "id": "t", "pageIndex": 0, "rect": [0, 0, 90, 20], "text": "a", "flags": ["locked"]}"#)
        var typed = box
        if case .freeText(var text) = typed.kind { text.text = "b"; typed.kind = .freeText(text) }
        typed.contents = "b"
        try AnnotationLock.check(change: typed, of: box, id: "t")
        var bigger = typed
        if case .freeText(var text) = bigger.kind { text.fontSize += 1; bigger.kind = .freeText(text) }
        #expect(throws: CommandError.locked(id: "t", action: "changed except for its text (the change alters fontSize)")) {
            try AnnotationLock.check(change: bigger, of: box, id: "t")
        }
    }

    @Test func lockedContentsKeepsTheTextAndLetsTheRestChange() throws {
        var before = Self.square
        before.flags = [.print, .lockedContents]
        var restyled = before
        restyled.color = .blue
        restyled.rect.origin.y += 5
        try AnnotationLock.check(change: restyled, of: before, id: "s")
        var retold = before
        retold.contents = "new"
        #expect(throws: CommandError.locked(id: "s", action: "given another contents (its contents are locked)")) {
            try AnnotationLock.check(change: retold, of: before, id: "s")
        }
    }

    @Test func aChangeKeepsBothLockFlags() {
        var unlocked = Self.square
        unlocked.flags = [.print]
        #expect(throws: CommandError.locked(id: "s", action: "unlocked by a change (the unlock command clears locked)")) {
            try AnnotationLock.check(change: unlocked, of: Self.square, id: "s")
        }
    }
}
