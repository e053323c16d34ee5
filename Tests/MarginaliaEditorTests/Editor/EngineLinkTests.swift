import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor
@testable import MarginaliaCore

@Suite("Engine: links are followed by a tap of the Select tool")
struct EngineLinkTests {
    /// An editor in Select with a link over (100...300, 500...520) on page 1 and a square
    /// drawn across part of it.
    static func editor() throws -> Editor {
        let editor = try Editor.make()
        editor.select(.shape)
        var pen = ScriptedPointer(editor: editor)
        try pen.stroke([editor.view(250, 480), editor.view(280, 520), editor.view(320, 560)])
        editor.select(.select)
        editor.engine.links = [PageLink(id: "12R", pageIndex: 0, rect: CGRect(x: 100, y: 500, width: 200, height: 20))]
        return editor
    }

    static func press(_ editor: Editor, _ points: [CGPoint], kind: PointerEvent.Kind = .mouse) -> [EngineOutput] {
        var outputs: [EngineOutput] = []
        for (index, point) in points.enumerated() {
            let phase: PointerEvent.Phase = index == 0 ? .began : index == points.count - 1 ? .ended : .moved
            let sample = PointerSample(location: point, pressure: 0.5, timestamp: Double(index) / 60)
            outputs += editor.engine.handle(PointerEvent(pointerID: 3, kind: kind, phase: phase, sample: sample))
        }
        return outputs
    }

    @Test func aTapOnALinkFollowsIt() throws {
        let editor = try Self.editor()
        let point = editor.view(150, 510)
        #expect(Self.press(editor, [point, point]) == [.followLink(id: "12R")])
        #expect(Self.press(editor, [point, point], kind: .touch) == [.followLink(id: "12R")])
        #expect(Self.press(editor, [point, point], kind: .pen) == [.followLink(id: "12R")])
    }

    @Test func aDragFromALinkFollowsNothing() throws {
        let editor = try Self.editor()
        let outputs = Self.press(editor, [editor.view(150, 510), editor.view(170, 510), editor.view(190, 510)])
        #expect(!outputs.contains(.followLink(id: "12R")))
    }

    @Test func anAnnotationAboveALinkIsSelectedInstead() throws {
        let editor = try Self.editor()
        let square = editor.view(250, 510)  // the square's left edge, inside the link
        let outputs = Self.press(editor, [square, square])
        #expect(!outputs.contains(.followLink(id: "12R")))
        #expect(editor.engine.selection.count == 1)
    }

    @Test func otherToolsDoNotFollowLinks() throws {
        let editor = try Self.editor()
        editor.select(.draw)
        let point = editor.view(150, 510)
        #expect(!Self.press(editor, [point, point]).contains(.followLink(id: "12R")))
    }

    @Test func theBridgeTakesAPagesLinksAndAnswersFollowLink() throws {
        let bridge = EngineBridge()
        let call = { (text: String) in String(decoding: bridge.call(Array(text.utf8)), as: UTF8.self) }
        _ = call(#"{"call": "init", "pages": [{"box": [0, 0, 612, 792]}], "viewSize": [800, 900]}"#)
        #expect(!call(#"{"call": "setLinks", "pageIndex": 0, "links": [{"id": "9R", "rect": [100, 500, 300, 520]}]}"#).contains("error"))
        #expect(bridge.engine.links == [PageLink(id: "9R", pageIndex: 0, rect: CGRect(x: 100, y: 500, width: 200, height: 20))])
        _ = call(#"{"call": "setLinks", "pageIndex": 0, "links": []}"#)
        #expect(bridge.engine.links.isEmpty)
        #expect(JSONWriter.string(bridge.outputs([.followLink(id: "9R")])).contains(#""type":"followLink","id":"9R""#))
    }
}
