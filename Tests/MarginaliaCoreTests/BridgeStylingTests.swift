import Foundation
import Testing
@testable import MarginaliaCore

/// The bridge calls behind issue 20's browser parts: brush pictures and brushed ink drawn from
/// the engine's BrushDrawing (the appearance stream's marks), the brushed live stroke, and the
/// Fine / Medium / Thick weights.
@Suite("Engine bridge: brushes and weights")
struct BridgeStylingTests {
    static func call(_ bridge: EngineBridge, _ json: String) throws -> JSONValue {
        try JSONParser.parse(bridge.call(Array(json.utf8)))
    }

    static func marks(_ answer: JSONValue?) -> [JSONValue] {
        answer?["paths"]?.arrayValue ?? answer?["marks"]?.arrayValue ?? []
    }

    @Test func aBrushSampleIsTheBrushsLayers() throws {
        let bridge = EngineBridge()
        for brush in InkBrush.allCases {
            let answer = try Self.call(bridge, #"{"call": "brushSample", "brush": "\#(brush.rawValue)", "width": 3, "size": [84, 26]}"#)
            let marks = Self.marks(answer)
            let (points, _) = EngineBridge.samplePath(width: 84, height: 26, inset: 4.25)
            let drawing = BrushDrawing.make(brush, paths: [points], pressures: nil, width: 3)
            #expect(marks.count == drawing.marks.filter { !$0.path.isEmpty }.count, "\(brush)")
            #expect(!marks.isEmpty, "\(brush)")
            #expect(answer["viewBox"] == .array([0, 0, 84, 26].map { .number($0) }))
        }
        let pencil = Self.marks(try Self.call(bridge, #"{"call": "brushSample", "brush": "pencil", "width": 3}"#))
        #expect(pencil.filter { $0["dash"]?.arrayValue?.isEmpty == false }.count >= 2, "the pencil's grain is dashed")
        let marker = Self.marks(try Self.call(bridge, #"{"call": "brushSample", "brush": "marker", "width": 6}"#))
        #expect(marker.allSatisfy { $0["blendMode"] == nil }, "the marker is laid over the page")
        let watercolor = Self.marks(try Self.call(bridge, #"{"call": "brushSample", "brush": "watercolor", "width": 6}"#))
        #expect(watercolor.allSatisfy { $0["blendMode"]?.stringValue == "multiply" })
        let error = try Self.call(bridge, #"{"call": "brushSample", "brush": "charcoal"}"#)
        #expect(error["error"]?.stringValue?.contains("brush") == true)
        #expect(try Self.call(bridge, #"{"call": "brushSample", "brush": "pen", "width": -1}"#)["error"] != nil)
    }

    @Test func brushedInkIsDrawnWithItsLayers() throws {
        let bridge = EngineBridge()
        let plain = try Self.call(bridge, #"{"call": "inkPaths", "annotation": {"type": "ink", "id": "a", "pageIndex": 0, "width": 4, "paths": [[[10, 10], [60, 30], [120, 12]]]}}"#)
        #expect(Self.marks(plain).count == 1 && plain["brush"] == nil)
        let pencil = try Self.call(bridge, #"{"call": "inkPaths", "annotation": {"type": "ink", "id": "a", "pageIndex": 0, "width": 4, "brush": "pencil", "paths": [[[10, 10], [60, 30], [120, 12]]]}}"#)
        let drawing = BrushDrawing.make(.pencil, paths: [[CGPoint(x: 10, y: 10), CGPoint(x: 60, y: 30), CGPoint(x: 120, y: 12)]],
                                        pressures: nil, width: 4)
        #expect(Self.marks(pencil).count == drawing.marks.count)
        #expect(pencil["brush"]?.stringValue == "pencil")
        let first = Self.marks(pencil).first
        #expect(first?["d"]?.stringValue == drawing.marks[0].path.svgPathData(decimals: 3))
    }

    @Test func aBrushedLiveStrokeIsTheBrushOverItsSamples() throws {
        let bridge = EngineBridge()
        _ = try Self.call(bridge, #"{"call": "init", "pages": [{"box": [0, 0, 600, 800]}], "viewSize": [600, 800]}"#)
        _ = try Self.call(bridge, #"{"call": "setPreferences", "preferences": {"currentInk": "pencil", "pencil": {"width": 5, "usesPressure": false, "brush": "pencil"}}}"#)
        _ = try Self.call(bridge, #"{"call": "setTool", "tool": "draw"}"#)
        var answer = try Self.call(bridge, #"{"call": "pointer", "events": [{"id": 1, "kind": "pen", "phase": "began", "x": 100, "y": 100, "t": 0}]}"#)
        for step in 1...20 {
            answer = try Self.call(bridge, #"{"call": "pointer", "events": [{"id": 1, "kind": "pen", "phase": "moved", "x": \#(100 + step * 10), "y": \#(100 + (step % 3) * 4), "t": \#(Double(step) * 0.01)}]}"#)
        }
        let preview = answer["preview"]
        #expect(preview?["reset"]?.boolValue == true && preview?["brush"]?.stringValue == "pencil")
        let marks = Self.marks(preview)
        #expect(marks.count >= 3 && marks.contains { $0["dash"]?.arrayValue?.isEmpty == false })
        // The wobble does not depend on the stroke's length: the layers drawn for the first
        // samples stay where they were as the stroke grows (only the last point's neighbourhood moves).
        let short = BrushDrawing.make(.pencil, paths: [[CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 2), CGPoint(x: 20, y: 0), CGPoint(x: 30, y: 3)]],
                                      pressures: nil, width: 5)
        let long = BrushDrawing.make(.pencil, paths: [[CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 2), CGPoint(x: 20, y: 0), CGPoint(x: 30, y: 3),
                                                       CGPoint(x: 40, y: 1), CGPoint(x: 50, y: 4)]], pressures: nil, width: 5)
        for (a, b) in zip(short.marks, long.marks) {
            guard case .move(let start)? = a.path.elements.first, case .move(let other)? = b.path.elements.first else { continue }
            #expect(abs(start.x - other.x) < 1e-9 && abs(start.y - other.y) < 1e-9)
        }
        answer = try Self.call(bridge, #"{"call": "pointer", "events": [{"id": 1, "kind": "pen", "phase": "ended", "x": 300, "y": 100, "t": 0.3}]}"#)
        let command = answer["outputs"]?.arrayValue?.first { $0["type"]?.stringValue == "command" }?["command"]
        #expect(command?["ink"]?["brush"]?.stringValue == "pencil")
    }

    @Test func weightsAreTheEnginesLineWeights() throws {
        let bridge = EngineBridge()
        let weights = try Self.call(bridge, #"{"call": "lineWeights"}"#)
        #expect(weights["current"]?.stringValue == "medium")
        #expect(weights["weights"]?.arrayValue?.map { $0["width"]?.numberValue ?? 0 } == [1, 2, 4])
        var preferences = try Self.call(bridge, #"{"call": "setLineWeight", "weight": "thick"}"#)
        #expect(preferences["pen"]?["width"]?.numberValue == 4)
        _ = try Self.call(bridge, #"{"call": "setPreferences", "preferences": {"currentInk": "highlighter"}}"#)
        preferences = try Self.call(bridge, #"{"call": "setLineWeight", "weight": "fine"}"#)
        #expect(preferences["highlighter"]?["width"]?.numberValue == 8)
        #expect(try Self.call(bridge, #"{"call": "lineWeights"}"#)["current"]?.stringValue == "fine")
        preferences = try Self.call(bridge, #"{"call": "setLineWeight", "tool": "shape", "weight": "thick"}"#)
        #expect(preferences["shape"]?["width"]?.numberValue == 4)
        #expect(try Self.call(bridge, #"{"call": "lineWeights", "tool": "shape"}"#)["current"]?.stringValue == "thick")
        _ = try Self.call(bridge, #"{"call": "setPreferences", "preferences": {"shape": {"width": 3}}}"#)
        #expect(try Self.call(bridge, #"{"call": "lineWeights", "tool": "shape"}"#)["current"] == .null)
        #expect(try Self.call(bridge, #"{"call": "setLineWeight", "weight": "bold"}"#)["error"] != nil)
        #expect(try Self.call(bridge, #"{"call": "lineWeights", "tool": "text"}"#)["error"] != nil)
    }

    @Test func noteIconsAreTheAppearancesMarks() throws {
        let bridge = EngineBridge()
        for icon in NoteIcon.allCases {
            let answer = try Self.call(bridge, #"{"call": "noteIcon", "icon": "\#(icon.rawValue)"}"#)
            let marks = icon.marks(in: CGRect(x: 0, y: 0, width: 20, height: 20))
            #expect(answer["icon"]?.stringValue == icon.rawValue)
            #expect(answer["marks"]?.arrayValue?.map { $0["d"]?.stringValue ?? "" } == marks.map { $0.path.svgPathData(decimals: 3) })
            #expect(answer["marks"]?.arrayValue?.map { $0["paint"]?.stringValue ?? "" } == marks.map { $0.paint.rawValue })
            #expect(marks.contains { $0.paint == .body }, "every icon has a body in the note's colour")
        }
        // A viewer's own name draws as Note, as the appearance stream does.
        #expect(try Self.call(bridge, #"{"call": "noteIcon", "icon": "Star"}"#)["icon"]?.stringValue == "Note")
        #expect(try Self.call(bridge, #"{"call": "noteIcon"}"#)["error"] != nil)
        #expect(try Self.call(bridge, #"{"call": "noteIcon", "icon": "Key"}"#)["ink"]?.stringValue == "#404040")
    }

    @Test func imagesArePlacedAsTheirAppearanceDrawsThem() throws {
        let bridge = EngineBridge()
        _ = try Self.call(bridge, #"{"call": "init", "pages": [{"box": [0, 0, 600, 800]}, {"box": [0, 0, 600, 800], "rotation": 90}], "viewSize": [600, 800]}"#)
        let plain = try Self.call(bridge, #"{"call": "imageLayout", "annotation": {"type": "stamp", "pageIndex": 0, "rect": [100, 100, 300, 200]}}"#)
        #expect(plain["matrix"] == .array([200, 0, 0, 100, 100, 100].map { .number($0) }), "the unit square fills the rect")
        #expect(plain["clip"] == .array([100, 100, 300, 200].map { .number($0) }) && plain["frame"] == nil)
        // No frame drawn, yet the colour one would be drawn in (the Select tool's frame swatch): black.
        #expect(plain["frameColor"] == .string("#000000"))
        // The left half kept, a quarter turn, a 4-point frame; on the turned page the page's turn too.
        for page in [0, 1] {
            let answer = try Self.call(bridge, #"{"call": "imageLayout", "annotation": {"type": "stamp", "pageIndex": \#(page), "rect": [100, 100, 300, 200], "crop": [0, 0, 0.5, 1], "rotation": 90, "width": 4}}"#)
            let t = ImageFit.imageToPage(rect: CGRect(x: 100, y: 100, width: 200, height: 100), crop: CGRect(x: 0, y: 0, width: 0.5, height: 1),
                                         rotation: 90, pageRotation: page == 1 ? 90 : 0)
            #expect(answer["matrix"] == .array([t.m11, t.m12, t.m21, t.m22, t.tX, t.tY].map { .number(Double($0)) }))
            #expect(answer["frame"]?["rect"] == .array([102, 102, 298, 198].map { .number($0) }) && answer["frame"]?["width"]?.numberValue == 4)
            // Naming no colour, the frame is black, as the appearance stream strokes it.
            #expect(answer["frame"]?["color"] == .string("#000000"))
        }
        let blue = try Self.call(bridge, ##"{"call": "imageLayout", "annotation": {"type": "stamp", "pageIndex": 0, "rect": [100, 100, 300, 200], "width": 2, "color": "#0000FF"}}"##)
        #expect(blue["frame"]?["color"] == .string("#0000FF") && blue["frameColor"] == .string("#0000FF"))
        #expect(try Self.call(bridge, #"{"call": "imageLayout", "annotation": {"type": "stamp"}}"#)["error"] != nil)
    }

    /// The preferences' ranges (a value outside is clamped), those a restyle accepts (a value
    /// outside is refused), as docs/api.md states them, and the part the sliders offer.
    @Test func theSlidersAreToldTheRangesTheEngineAccepts() throws {
        let answer = try Self.call(EngineBridge(), #"{"call": "settingRanges"}"#)
        func range(_ group: String, _ name: String) -> [Double]? { answer[group]?[name]?.arrayValue?.compactMap { $0.numberValue } }
        #expect(range("inkPreset", "width") == [0.1, 200] && range("inkPreset", "opacity") == [0.05, 1])
        #expect(range("shape", "width") == [0.1, 200] && range("text", "fontSize") == [4, 400] && range("eraser", "size") == [1, 200])
        #expect(range("restyle", "width") == [0, 200] && range("restyle", "opacity") == [0, 1] && range("restyle", "fontSize") == [1, 400])
        // What the sliders offer: the usual values, each within what the engine accepts.
        func offered(_ group: String, _ name: String) -> [Double]? {
            answer["offered"]?[group]?[name]?.arrayValue?.compactMap { $0.numberValue }
        }
        #expect(offered("inkPreset", "width") == [0.5, 30] && offered("inkPreset", "opacity") == [0.1, 1])
        #expect(offered("shape", "width") == [0.5, 20])
        #expect(offered("restyle", "width") == [0.5, 30] && offered("restyle", "opacity") == [0.1, 1] && offered("restyle", "frameWidth") == [0, 20])
        for (group, name, accepted) in [("inkPreset", "width", "width"), ("inkPreset", "opacity", "opacity"), ("shape", "width", "width"),
                                        ("restyle", "width", "width"), ("restyle", "opacity", "opacity"), ("restyle", "frameWidth", "width")] {
            let inner = try #require(offered(group, name)), outer = try #require(range(group, accepted))
            #expect(outer[0] <= inner[0] && inner[1] <= outer[1], "\(group).\(name)")
        }
        // The restyle's ends are the ones its reading keeps to: just past them is refused.
        func command(_ json: String) throws -> EditorCommand { try EditorCommand(json: JSONField(JSONParser.parse(json), path: "")) }
        #expect(throws: CommandError.self) { try command(#"{"type": "restyle", "ids": ["a"], "width": 200.5}"#) }
        #expect(throws: CommandError.self) { try command(#"{"type": "restyle", "ids": ["a"], "fontSize": 0.5}"#) }
        #expect(try command(#"{"type": "restyle", "ids": ["a"], "width": 200, "fontSize": 1, "opacity": 0}"#)
                    == .restyle(ids: ["a"], style: .init(width: 200, opacity: 0, fontSize: 1)))
    }

    @Test func theTextToolsFontIsTheOneItsBoxesAreWrittenIn() throws {
        let bridge = EngineBridge()
        let bold = try Self.call(bridge, #"{"call": "textToolFont", "bold": true}"#)
        #expect(bold["font"]?.stringValue == "Helvetica-Bold")
        #expect(bold["face"] == .object([("family", .string("Helvetica")), ("bold", .bool(true)), ("italic", .bool(false))]))
        let regular = try Self.call(bridge, #"{"call": "textToolFont", "bold": false}"#)
        #expect(regular["font"]?.stringValue == "Helvetica")
        #expect(regular["face"]?["bold"] == .bool(false))
        // The box the tool makes is written in the font answered.
        for isBold in [true, false] {
            let style = TextToolSettings(fontSize: 14, bold: isBold, textColor: .black, backgroundColor: nil)
            let box = AnnotationDraft.textBox(in: CGRect(x: 0, y: 0, width: 100, height: 20), text: "a", style: style, pageIndex: 0)
            #expect(box["font"]?.stringValue == (isBold ? "Helvetica-Bold" : "Helvetica"))
        }
        #expect(try Self.call(bridge, #"{"call": "textToolFont"}"#)["error"]?.stringValue?.contains("bold") == true)
    }
}

