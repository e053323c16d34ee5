import Foundation
@testable import MarginaliaEditor

/// Sends scripted pointer events to an editor: strokes as one began, moves carrying four
/// coalesced samples each, and an end; taps as a began and an end. Timestamps advance 1/120 s
/// per sample unless given.
struct ScriptedPointer {
    let editor: Editor
    var kind: PointerEvent.Kind = .pen
    var pointerID = 1
    var time: TimeInterval = 0
    var isEraserEnd = false

    init(editor: Editor, kind: PointerEvent.Kind = .pen, pointerID: Int = 1) {
        self.editor = editor
        self.kind = kind
        self.pointerID = pointerID
    }

    private mutating func sample(_ point: CGPoint) -> PointerSample {
        time += 1.0 / 120
        return PointerSample(location: point, pressure: 0.6, timestamp: time)
    }

    private func event(_ phase: PointerEvent.Phase, _ sample: PointerSample, coalesced: [PointerSample] = []) -> PointerEvent {
        PointerEvent(pointerID: pointerID, kind: kind, phase: phase, sample: sample, coalesced: coalesced, isEraserEnd: isEraserEnd)
    }

    mutating func down(_ point: CGPoint) throws {
        try editor.handle(event(.began, sample(point)))
    }

    mutating func move(_ points: [CGPoint]) throws {
        for chunk in stride(from: 0, to: points.count, by: 4) {
            var samples: [PointerSample] = []
            for point in points[chunk..<min(chunk + 4, points.count)] { samples.append(sample(point)) }
            try editor.handle(event(.moved, samples[samples.count - 1], coalesced: samples))
        }
    }

    /// Lifts the pointer at `point`, `after` seconds after the last sample.
    @discardableResult
    mutating func up(_ point: CGPoint, after: TimeInterval = 1.0 / 120) throws -> [EditorOperation] {
        time += after
        return try editor.handle(event(.ended, PointerSample(location: point, pressure: 0.6, timestamp: time)))
    }

    @discardableResult
    mutating func stroke(_ points: [CGPoint], holdAtEnd: TimeInterval = 0) throws -> [EditorOperation] {
        guard let first = points.first, let last = points.last else { return [] }
        try down(first)
        try move(Array(points.dropFirst()))
        return try up(last, after: holdAtEnd > 0 ? holdAtEnd : 1.0 / 120)
    }

    @discardableResult
    mutating func tap(_ point: CGPoint) throws -> [EditorOperation] {
        try down(point)
        return try up(point)
    }
}
