import Foundation
import Testing
@testable import MarginaliaServer

/// Saved signatures (docs/api.md, "Saved signatures"): a request's JSON read and checked with
/// refusals naming the member, an image's size read from the image (judged here by its PNG
/// header), and both stores keeping each user's rows to that user.
@Suite("Saved signatures")
struct SavedSignatureTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let limits = SavedSignatureLimits()

    /// A request body as the routes get it: JSON text read by JSONSerialization.
    private func read(_ json: String) throws -> SavedSignature {
        let body = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try SavedSignature.fromRequest(body, id: SavedSignature.makeID(), owner: "ana", now: now, limits: limits)
    }

    private func refusal(_ body: String) -> SavedSignatureError? {
        do {
            _ = try read(body)
            return nil
        } catch {
            return error as? SavedSignatureError
        }
    }

    @Test func eachDrawingReadsAndAnswersItsOwnJSON() throws {
        let ink = #"{"type": "ink", "padSize": [360, 120], "strokes": [[[1, 2, 0.5, 0], [3.5, 4, 0.75]]]}"#
        let drawn = try read(#"{"kind": "signature", "label": "Signature", "drawing": \#(ink)}"#)
        #expect(drawn.drawing == .ink(padWidth: 360, padHeight: 120, strokes: [[[1, 2, 0.5, 0], [3.5, 4, 0.75]]]))
        let typed = try read(#"{"version": 1, "kind": "initials", "drawing": {"type": "typed", "text": "A.S.", "font": "Z003"}}"#)
        #expect(typed.drawing == .typed(text: "A.S.", font: "Z003") && typed.kind == .initials && typed.label == "")
        // Read back from what it answers, as a store reads its own text.
        #expect(try SavedSignature.Drawing(stored: drawn.drawing.storedText) == drawn.drawing)
        #expect(drawn.json["version"] as? Int == 1 && drawn.json["kind"] as? String == "signature")
    }

    @Test func anImagesFormatAndSizeComeFromTheImage() throws {
        let png = try Fixtures.image("rgba.png")
        // PNG 11.2.2: IHDR's width and height, big-endian, at bytes 16 and 20.
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        let saved = try read(image(png, extra: #", "width": 1, "height": 1"#))
        #expect(saved.drawing == .image(format: .png, data: png, width: width, height: height))
        let jpeg = try read(image(try Fixtures.image("gray.jpg")))
        if case .image(let format, _, _, _) = jpeg.drawing { #expect(format == .jpeg) } else { Issue.record("not an image") }
        #expect(refusal(image(try Fixtures.image("first-frame.gif"))) == .unreadableImage("its bytes are neither a PNG's nor a JPEG's"))
        #expect(refusal(image(try Fixtures.image("huge-dimensions.png")))?.httpStatus == 413)
    }

    private func image(_ data: Data, extra: String = "") -> String {
        #"{"kind": "signature", "drawing": {"type": "image", "data": "\#(data.base64EncodedString())"\#(extra)}}"#
    }

    @Test func aRefusalNamesTheMemberAndTheLimit() {
        #expect(refusal(#"{"kind": "signature", "drawing": {"type": "ink", "padSize": [360, 120], "strokes": [[[1, 2, 0.5], [1, "x", 0.5]]]}}"#)
            == .malformed(path: "drawing.strokes[0][1][1]", reason: "expected a number within ±1000000"))
        #expect(refusal(#"{"kind": "signature", "drawing": {"type": "ink", "padSize": [0, 120], "strokes": [[[1, 2, 0.5]]]}}"#)?
            .description.hasPrefix("drawing.padSize:") == true)
        #expect(refusal(#"{"kind": "signature", "drawing": {"type": "ink", "padSize": [360, 120], "strokes": [[[1, 2, 0.5, 1e300]]]}}"#)?
            .description.hasPrefix("drawing.strokes[0][0][3]:") == true)
        #expect(refusal(#"{"kind": "autograph", "drawing": {"type": "typed", "text": "x", "font": "Z003"}}"#)?.description.hasPrefix("kind:") == true)
        #expect(refusal(#"{"kind": "signature", "drawing": {"type": "vector"}}"#)?.description.hasPrefix("drawing.type:") == true)
        #expect(refusal(#"{"kind": "signature", "version": 2, "drawing": {"type": "typed", "text": "x", "font": "Z003"}}"#)?
            .description.hasPrefix("version:") == true)
        let many = Array(repeating: "[[1, 2, 0.5]]", count: limits.maxStrokes + 1).joined(separator: ", ")
        #expect(refusal(#"{"kind": "signature", "drawing": {"type": "ink", "padSize": [360, 120], "strokes": [\#(many)]}}"#)
            == .overLimit(found: "the drawing has \(limits.maxStrokes + 1) strokes", limit: limits.maxStrokes, name: "maxStrokes"))
        let long = String(repeating: "a", count: limits.maxTextLength + 1)
        #expect(refusal(#"{"kind": "signature", "drawing": {"type": "typed", "text": "\#(long)", "font": "Z003"}}"#)?.httpStatus == 413)
    }

    @Test(arguments: StoreKind.allCases) func eachUsersRowsAreTheirsOnly(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let store = try #require(try place.open() as? any SavedSignatureStore)
        let mine = SavedSignature(id: SavedSignature.makeID(), owner: "ana", kind: .signature, label: "Ana",
                                  drawing: .typed(text: "Ana", font: "Z003"), created: now, modified: now)
        try store.addSavedSignature(mine, maxSaved: 2)
        #expect(try store.savedSignatures(of: "ben").isEmpty)
        #expect(throws: SavedSignatureError.notFound(id: mine.id, owner: "ben")) { try store.removeSavedSignature(mine.id, of: "ben") }
        var theirs = mine
        theirs.owner = "ben"
        theirs.label = "taken"
        #expect(throws: SavedSignatureError.notFound(id: mine.id, owner: "ben")) { try store.replaceSavedSignature(theirs) }
        // Another store object (a restart, another replica) reads it unchanged.
        let other = try #require(try place.open() as? any SavedSignatureStore)
        #expect(try other.savedSignatures(of: "ana") == [mine])

        var replaced = mine
        replaced.label = "Ana Silva"
        replaced.modified = now.addingTimeInterval(60)
        replaced.created = now.addingTimeInterval(99)  // not changed by a replacement
        #expect(try store.replaceSavedSignature(replaced).created == now)
        try store.addSavedSignature(SavedSignature(id: SavedSignature.makeID(), owner: "ana", kind: .initials, label: "A",
                                                   drawing: .typed(text: "A", font: "Z003"), created: now, modified: now), maxSaved: 2)
        #expect(throws: SavedSignatureError.full(limit: 2)) {
            try store.addSavedSignature(SavedSignature(id: SavedSignature.makeID(), owner: "ana", kind: .initials, label: "B",
                                                       drawing: .typed(text: "B", font: "Z003"), created: now, modified: now), maxSaved: 2)
        }
        try store.removeSavedSignature(mine.id, of: "ana")
        #expect(try store.savedSignatures(of: "ana").map(\.label) == ["A"])
    }
}
