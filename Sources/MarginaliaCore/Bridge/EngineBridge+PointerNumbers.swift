#if !hasFeature(Embedded)
import Foundation
#endif

// The binary path of pointer events (docs/engine.md, "Pointer events as numbers"): the browser
// writes one event as Float64 numbers into the module's memory and reads a pen stroke's preview
// back as a few numbers and the bytes of its path text, instead of JSON both ways. The event
// goes to the same `EditorEngine.handle` as the JSON call's, the preview's pieces come from the
// same `StrokePreview` and the same bookkeeping (`strokePieces`), written by the same writer of
// path text (`BezierPath.appendSVGPathData`); every other answer is the JSON call's own.

/// How ``EngineBridge/pointer(numbers:)`` answered.
public enum PointerAnswer: Equatable, Sendable {
    /// The bytes the JSON call `pointer` answers for the same event: outputs to carry out, a
    /// preview other than a pen stroke's, a view that moved, or `{"error": ...}`.
    case json([UInt8])
    /// Numbers, in ``EngineBridge/pointerAnswerNumbers``: `[0]` when nothing is in progress
    /// and nothing is to be done (the JSON call's `{"outputs": []}`), or a pen stroke's preview
    /// `[1, pageIndex, colour as 0xRRGGBB, opacity, reset (0 or 1), A, T]`, with the JSON's
    /// `append` and `tail` as the first A and the next T bytes of
    /// ``EngineBridge/pointerAnswerText`` (UTF-8).
    case numbers
}

extension EngineBridge {
    /// The numbers before an event's samples: `[id, kind, phase, t, x, y, pressure, tilt,
    /// flags, coalesced count, predicted count]`.
    public static let pointerHeaderCount = 11
    /// The most coalesced (and, separately, predicted) samples one event may carry: the JSON
    /// call's limit.
    public static let maximumPointerSamples = 10_000

    /// The latest binary answer's numbers (valid until the next event).
    public var pointerAnswerNumbers: [Double] { binaryAnswer }
    /// The latest binary answer's path text, `append` then `tail` (valid until the next event).
    public var pointerAnswerText: [UInt8] { binaryText }

    /// One pointer event given as numbers (the browser's binary path): `[id, kind (0 pen,
    /// 1 touch, 2 mouse), phase (0 began, 1 moved, 2 ended, 3 cancelled), t (seconds), x, y,
    /// pressure, tilt, flags (1 shift, 2 eraser end, 4 barrel button, 8 tilt given), C, P,
    /// C coalesced samples, P predicted samples]`, each sample `[x, y, pressure, t]`; view
    /// coordinates, as the JSON call's EVENT.
    ///
    /// Answers ``PointerAnswer/numbers`` for a pen stroke's preview (or nothing at all), and
    /// the JSON call's answer otherwise. Numbers that are not finite, a count that is not the
    /// header's, codes out of range or more than ``maximumPointerSamples`` samples in a list
    /// answer `{"error": ...}` naming the number or the limit; the engine is left as it was.
    public func pointer(numbers: UnsafeBufferPointer<Double>) -> PointerAnswer {
        let event: PointerEvent
        do throws(CommandError) {
            event = try Self.pointerEvent(numbers: numbers)
        } catch {
            return .json(Self.errorAnswer(error))
        }
        clock.now = event.sample.timestamp
        let outputs = engine.handle(event)
        if outputs.isEmpty, strokeAnswerNumbers() { return .numbers }
        return .json(JSONWriter.bytes(self.outputs(outputs)))
    }

    /// Writes the numbers of an answer with no outputs into `binaryAnswer` (and a stroke's
    /// path text into `binaryText`): nothing in progress, or a pen stroke's preview. False for
    /// any other.
    private func strokeAnswerNumbers() -> Bool {
        binaryAnswer.removeAll(keepingCapacity: true)
        binaryText.removeAll(keepingCapacity: true)
        guard let preview = engine.preview else {
            strokeDrawn = nil
            binaryAnswer.append(0)
            return true
        }
        guard case .stroke(let page, let stroke) = preview, stroke.preset.brush == .pen else { return false }
        let (reset, append) = strokePieces(stroke)
        append.appendSVGPathData(to: &binaryText)
        let appendCount = binaryText.count
        stroke.tail.appendSVGPathData(to: &binaryText)
        binaryAnswer += [1, Double(page), Self.rgbNumber(stroke.preset.paintHex), stroke.preset.opacity, reset ? 1 : 0,
                         Double(appendCount), Double(binaryText.count - appendCount)]
        return true
    }

    /// `"#RRGGBB"` as the number 0xRRGGBB (the browser writes it back as the same text).
    static func rgbNumber(_ hex: String) -> Double {
        var value = 0
        for byte in hex.utf8.dropFirst() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value * 16 + Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = value * 16 + Int(byte - UInt8(ascii: "A")) + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value * 16 + Int(byte - UInt8(ascii: "a")) + 10
            default: break
            }
        }
        return Double(value)
    }

    /// Reads one event from its numbers (``pointer(numbers:)``), checking every number.
    static func pointerEvent(numbers n: UnsafeBufferPointer<Double>) throws(CommandError) -> PointerEvent {
        let header = pointerHeaderCount
        let most = header + 2 * 4 * maximumPointerSamples
        guard n.count <= most else {
            throw CommandError.tooLarge("pointer numbers: \(n.count) numbers, more than the limit of \(most) "
                                        + "(\(maximumPointerSamples) coalesced and \(maximumPointerSamples) predicted samples)",
                                        .pointerSamples(count: (n.count - header + 3) / 4, max: 2 * maximumPointerSamples))
        }
        guard n.count >= header else {
            throw CommandError.malformed("pointer numbers: expected at least \(header) numbers (the event before its samples), found \(n.count)")
        }
        for index in n.indices where !n[index].isFinite {
            throw CommandError.malformed("pointer numbers[\(index)]: expected a finite number, found \(n[index].isNaN ? "NaN" : "an infinity")")
        }
        func code(_ index: Int, _ what: String, _ range: ClosedRange<Int>) throws(CommandError) -> Int {
            guard let value = Int(checking: n[index], in: range) else {
                throw CommandError.malformed("pointer numbers[\(index)] (\(what)): expected a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
        let id = try code(0, "id", Int(Int32.min)...Int(Int32.max))
        let kind = PointerEvent.Kind.allCases[try code(1, "kind", 0...PointerEvent.Kind.allCases.count - 1)]
        let phase = PointerEvent.Phase.allCases[try code(2, "phase", 0...PointerEvent.Phase.allCases.count - 1)]
        let flags = try code(8, "flags", 0...15)
        let coalescedCount = try code(9, "coalesced count", 0...Int(Int32.max))
        let predictedCount = try code(10, "predicted count", 0...Int(Int32.max))
        for (count, what) in [(coalescedCount, "coalesced"), (predictedCount, "predicted")] where count > maximumPointerSamples {
            throw CommandError.tooLarge("pointer numbers: \(count) \(what) samples, more than the limit of \(maximumPointerSamples)",
                                        .pointerSamples(count: count, max: maximumPointerSamples))
        }
        guard n.count == header + 4 * (coalescedCount + predictedCount) else {
            throw CommandError.malformed("pointer numbers: \(coalescedCount) coalesced and \(predictedCount) predicted samples take "
                                         + "\(header + 4 * (coalescedCount + predictedCount)) numbers, found \(n.count)")
        }
        func samples(from start: Int, count: Int) -> [PointerSample] {
            (0..<count).map { i in
                let s = start + 4 * i
                return PointerSample(location: CGPoint(x: n[s], y: n[s + 1]), pressure: n[s + 2], timestamp: n[s + 3])
            }
        }
        let time = n[3]
        let sample = PointerSample(location: CGPoint(x: n[4], y: n[5]), pressure: n[6], tilt: flags & 8 != 0 ? n[7] : nil, timestamp: time)
        return PointerEvent(pointerID: id, kind: kind, phase: phase, sample: sample,
                            coalesced: samples(from: header, count: coalescedCount),
                            predicted: samples(from: header + 4 * coalescedCount, count: predictedCount),
                            isEraserEnd: flags & 2 != 0, barrelButton: flags & 4 != 0, shiftKey: flags & 1 != 0)
    }
}
