import Foundation
import Testing
@testable import MarginaliaCore

/// The monoline brush (issue 34, item 4): one even width from end to end whatever the pen's
/// pressure, round ends and joins; in the saved drawing, the live stroke and the stroke command.
@Suite("Monoline brush")
struct MonolineBrushTests {
    static let wave: [CGPoint] = (0..<40).map { CGPoint(x: 50 + Double($0) * 5, y: 300 + 20 * sin(Double($0) / 5)) }

    static func call(_ bridge: EngineBridge, _ json: String) throws -> JSONValue {
        try JSONParser.parse(bridge.call(Array(json.utf8)))
    }

    @Test(arguments: [nil, [0.05], [1.0], [0.1, 0.9, 0.3, 1.0]] as [[Double]?])
    func theWidthIsTheNominalOneWhateverThePressure(pressurePattern: [Double]?) throws {
        let pressures = pressurePattern.map { pattern in [Self.wave.indices.map { pattern[$0 % pattern.count] }] }
        let drawing = BrushDrawing.make(.monoline, paths: [Self.wave], pressures: pressures, width: 4)
        // One stroked line: no filled pressure outline, no texture layers.
        #expect(drawing.marks.count == 1)
        let mark = try #require(drawing.marks.first)
        #expect(mark.paint == .stroke(width: 4, cap: 1, dash: []), "the nominal width, round caps, solid")
        #expect(mark.alpha == 1)
        #expect(drawing.blendMode == nil)
        #expect(drawing.reach == 2, "half the width beyond the centreline, never more")
        // The same drawing as without pressure: pressure changes nothing.
        #expect(drawing == BrushDrawing.make(.monoline, paths: [Self.wave], pressures: nil, width: 4))
    }

    @Test func otherBrushesStillFollowPressure() {
        let light = [Self.wave.indices.map { _ in 0.1 }]
        let heavy = [Self.wave.indices.map { _ in 1.0 }]
        for brush in InkBrush.allCases where brush != .monoline {
            #expect(brush.followsPressure, "\(brush)")
            let a = BrushDrawing.make(brush, paths: [Self.wave], pressures: light, width: 4)
            let b = BrushDrawing.make(brush, paths: [Self.wave], pressures: heavy, width: 4)
            #expect(a != b, "\(brush): pressure changes the drawing")
        }
        #expect(!InkBrush.monoline.followsPressure)
    }

    @Test func aMonolinePenAppliesNoPressure() {
        var preset = InkPreset.pen
        #expect(preset.appliesPressure)
        preset.brush = .monoline
        #expect(preset.usesPressure && !preset.appliesPressure)
        let samples = [0.1, 0.9, 0.4].enumerated().map { StrokeSample(point: CGPoint(x: Double($0.offset) * 10, y: 0), pressure: $0.element, time: 0) }
        #expect(!StrokePreview.followsPressure(preset, first: samples.first, next: samples[1...]))
    }

    /// A pen stroke of varying pressure with the monoline: the live stroke's marks are one
    /// stroke of the preset's width, and the command names the brush (the server drops its pressures: StrokeFinishingTests).
    @Test func aLiveMonolineStrokeKeepsOneWidthAndItsCommandTheBrush() throws {
        let bridge = EngineBridge()
        _ = try Self.call(bridge, #"{"call": "init", "pages": [{"box": [0, 0, 600, 800]}], "viewSize": [600, 800]}"#)
        _ = try Self.call(bridge, #"{"call": "setPreferences", "preferences": {"currentInk": "pen", "pen": {"width": 5, "usesPressure": true, "brush": "monoline"}}}"#)
        _ = try Self.call(bridge, #"{"call": "setTool", "tool": "draw"}"#)
        var answer = try Self.call(bridge, #"{"call": "pointer", "events": [{"id": 1, "kind": "pen", "phase": "began", "x": 100, "y": 100, "pressure": 0.1, "t": 0}]}"#)
        for step in 1...20 {
            let pressure = step % 2 == 0 ? 1.0 : 0.15
            answer = try Self.call(bridge, #"{"call": "pointer", "events": [{"id": 1, "kind": "pen", "phase": "moved", "x": \#(100 + step * 10), "y": \#(100 + (step % 3) * 4), "pressure": \#(pressure), "t": \#(Double(step) * 0.01)}]}"#)
        }
        let preview = try #require(answer["preview"])
        #expect(preview["brush"]?.stringValue == "monoline")
        let marks = preview["marks"]?.arrayValue ?? []
        #expect(marks.count == 1)
        #expect(marks.first?["filled"]?.boolValue == false && marks.first?["width"]?.numberValue == 5
                && marks.first?["cap"]?.stringValue == "round")
        answer = try Self.call(bridge, #"{"call": "pointer", "events": [{"id": 1, "kind": "pen", "phase": "ended", "x": 310, "y": 100, "pressure": 0.5, "t": 0.3}]}"#)
        let command = try #require(answer["outputs"]?.arrayValue?.first { $0["type"]?.stringValue == "command" }?["command"])
        #expect(command["ink"]?["brush"]?.stringValue == "monoline")
        #expect(command["ink"]?["width"]?.numberValue == 5)
    }

    @Test func theBrushListIsTheEngines() throws {
        let answer = try Self.call(EngineBridge(), #"{"call": "brushes"}"#)
        let brushes = answer["brushes"]?.arrayValue ?? []
        #expect(brushes.map { $0["name"]?.stringValue ?? "" } == InkBrush.allCases.map(\.rawValue))
        let monoline = brushes.first { $0["name"]?.stringValue == "monoline" }
        #expect(monoline?["label"]?.stringValue == "Monoline" && monoline?["followsPressure"]?.boolValue == false)
        #expect(brushes.first?["followsPressure"]?.boolValue == true)
    }

    @Test func aMonolineInkIsHitOnlyWithinItsWidth() {
        let path = [CGPoint(x: 100, y: 100), CGPoint(x: 300, y: 100)]
        let pressures = [[1.0, 1.0]]
        let plain = Annotation(id: "m", pageIndex: 0, kind: .ink(.init(paths: [path], pressures: pressures, brush: .monoline)),
                                       rect: CGRect(x: 90, y: 90, width: 220, height: 20), border: AnnotationBorder(width: 10))
        let pen = Annotation(id: "p", pageIndex: 0, kind: .ink(.init(paths: [path], pressures: pressures, brush: .pen)),
                                     rect: CGRect(x: 90, y: 90, width: 220, height: 20), border: AnnotationBorder(width: 10))
        // 6.5 points from the centreline: outside a 10-point monoline, inside the pen's pressure outline.
        let point = CGPoint(x: 200, y: 106.5)
        #expect(!AnnotationShape(plain).contains(point, tolerance: 0))
        #expect(AnnotationShape(pen).contains(point, tolerance: 0))
    }
}
