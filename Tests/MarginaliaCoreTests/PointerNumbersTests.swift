import Foundation
import Testing
@testable import MarginaliaCore

/// The binary path of pointer events (``EngineBridge/pointer(numbers:)``, docs/engine.md
/// "Pointer events as numbers"): the same events answer the same preview as the JSON call
/// `pointer`, and bad numbers answer a clear error, never a trap.
@Suite("Pointer events as numbers")
struct PointerNumbersTests {
    static func call(_ bridge: EngineBridge, _ json: String) throws -> JSONValue {
        try JSONParser.parse(bridge.call(Array(json.utf8)))
    }

    /// A bridge with one letter page, the draw tool and `preferences`.
    static func drawing(_ preferences: String = "{}") throws -> EngineBridge {
        let bridge = EngineBridge()
        _ = try call(bridge, #"{"call": "init", "pages": [{"box": [0, 0, 612, 792]}], "viewSize": [800, 1000], "preferences": \#(preferences)}"#)
        _ = try call(bridge, #"{"call": "setTool", "tool": "draw"}"#)
        return bridge
    }

    /// One event: its JSON (the `pointer` call's EVENT) and its numbers (the binary layout).
    struct Event {
        var id = 3, kind = 0, phase = 1, t = 0.0, x = 0.0, y = 0.0, pressure = 0.5
        var coalesced: [[Double]] = [], predicted: [[Double]] = []

        var json: String {
            let kinds = ["pen", "touch", "mouse"], phases = ["began", "moved", "ended", "cancelled"]
            func list(_ samples: [[Double]]) -> String { "[" + samples.map { "[" + $0.map { "\($0)" }.joined(separator: ",") + "]" }.joined(separator: ",") + "]" }
            return #"{"call": "pointer", "events": [{"id": \#(id), "kind": "\#(kinds[kind])", "phase": "\#(phases[phase])", "#
                + #""t": \#(t), "x": \#(x), "y": \#(y), "pressure": \#(pressure), "coalesced": \#(list(coalesced)), "predicted": \#(list(predicted))}]}"#
        }

        var numbers: [Double] {
            [Double(id), Double(kind), Double(phase), t, x, y, pressure, 0, 0, Double(coalesced.count), Double(predicted.count)]
                + coalesced.flatMap { $0 } + predicted.flatMap { $0 }
        }
    }

    static func answer(_ bridge: EngineBridge, _ numbers: [Double]) -> PointerAnswer {
        numbers.withUnsafeBufferPointer { bridge.pointer(numbers: $0) }
    }

    /// A spiral drawn with a pen whose pressure varies, with coalesced and predicted samples.
    static func spiral() -> [Event] {
        func at(_ i: Int) -> [Double] {
            let a = Double(i) / 9
            return [300 + (20 + Double(i) / 4) * cos(a), 400 + (20 + Double(i) / 4) * sin(a), 0.5 + 0.4 * sin(Double(i) / 7), 1 + Double(i) / 240]
        }
        var events: [Event] = []
        for step in 0..<60 {
            let i = step * 3
            let s = at(i)
            var event = Event(phase: step == 0 ? 0 : step == 59 ? 2 : 1, t: s[3], x: s[0], y: s[1], pressure: s[2])
            if step > 0 && step < 59 {
                event.coalesced = [at(i - 2), at(i - 1), s]
                event.predicted = [at(i + 1), at(i + 2)]
            }
            events.append(event)
        }
        return events
    }

    @Test func theNumbersGiveTheJSONCallsPreviewForTheSameSamples() throws {
        // The pen with pressure (filled, tapered pieces) and without (the preset's width), in a
        // colour and opacity of its own.
        for preferences in [#"{}"#, ##"{"pen": {"usesPressure": false, "color": "#1A7F3C", "opacity": 0.5}}"##] {
            let viaJSON = try Self.drawing(preferences), viaNumbers = try Self.drawing(preferences)
            var strokePreviews = 0
            for event in Self.spiral() {
                let expected = try Self.call(viaJSON, event.json)
                switch Self.answer(viaNumbers, event.numbers) {
                case .json(let bytes):
                    // The stroke's end: the finishing command, the JSON call's own answer.
                    let got = try JSONParser.parse(bytes)
                    #expect(event.phase == 2, "only the end answers JSON: \(String(decoding: bytes, as: UTF8.self))")
                    #expect(got["outputs"]?.arrayValue?.first?["type"]?.stringValue == "command")
                    var gotCommand = got["outputs"]?.arrayValue?.first?["command"], expectedCommand = expected["outputs"]?.arrayValue?.first?["command"]
                    // Ids are the engine's own for each new annotation; everything else is equal.
                    gotCommand = gotCommand.map { Self.withoutIDs($0) }
                    expectedCommand = expectedCommand.map { Self.withoutIDs($0) }
                    #expect(gotCommand == expectedCommand)
                case .numbers:
                    let n = viaNumbers.pointerAnswerNumbers
                    #expect(expected["outputs"]?.arrayValue?.isEmpty == true)
                    let preview = try #require(expected["preview"])
                    #expect(n[0] == 1 && preview["type"]?.stringValue == "stroke")
                    #expect(n[1] == preview["pageIndex"]?.numberValue)
                    let hex = preview["color"]?.stringValue ?? ""
                    #expect(n[2] == Double(Int(hex.dropFirst(), radix: 16) ?? -1), "\(hex)")
                    #expect(n[3] == preview["opacity"]?.numberValue)
                    if preferences != "{}" { #expect(n[2] == 0x1A7F3C && n[3] == 0.5) }
                    #expect((n[4] == 1) == preview["reset"]?.boolValue)
                    #expect(n.count == 7)
                    let text = viaNumbers.pointerAnswerText, appendCount = Int(n[5])
                    #expect(text.count == appendCount + Int(n[6]))
                    let append = String(decoding: text.prefix(appendCount), as: UTF8.self)
                    let tail = String(decoding: text.dropFirst(appendCount), as: UTF8.self)
                    #expect(append == preview["append"]?.stringValue)
                    #expect(tail == preview["tail"]?.stringValue)
                    #expect(append.hasPrefix("M ") && (tail.isEmpty || event.predicted.isEmpty == false))
                    strokePreviews += 1
                }
            }
            #expect(strokePreviews == 59)
        }
    }

    static func withoutIDs(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            return .object(JSONObject(object.members.filter { $0.key != "id" }.map { .init(key: $0.key, value: withoutIDs($0.value)) }))
        case .array(let items): return .array(items.map(withoutIDs))
        default: return value
        }
    }

    @Test func otherPreviewsAnswerTheJSONCallsOwnBytes() throws {
        // The eraser's preview is not a pen stroke's: its answer is the JSON call's, byte for byte.
        let viaJSON = try Self.drawing(), viaNumbers = try Self.drawing()
        for bridge in [viaJSON, viaNumbers] { _ = try Self.call(bridge, #"{"call": "setTool", "tool": "erase"}"#) }
        for event in [Event(phase: 0, t: 1, x: 300, y: 400), Event(phase: 1, t: 1.1, x: 310, y: 405)] {
            let expected = viaJSON.call(Array(event.json.utf8))
            #expect(Self.answer(viaNumbers, event.numbers) == .json(expected))
            #expect(String(decoding: expected, as: UTF8.self).contains(#""type":"eraser""#))
        }
    }

    @Test func nothingInProgressIsOneNumber() throws {
        // A mouse moving over the page with nothing pressed: no outputs, no preview.
        let bridge = try Self.drawing()
        _ = try Self.call(bridge, #"{"call": "setTool", "tool": "select"}"#)
        #expect(Self.answer(bridge, Event(kind: 2, phase: 1, t: 1, x: 10, y: 10).numbers) == .numbers)
        #expect(bridge.pointerAnswerNumbers == [0])
    }

    static func error(_ answer: PointerAnswer) throws -> String {
        guard case .json(let bytes) = answer else { return "answered numbers" }
        return try JSONParser.parse(bytes)["error"]?.stringValue ?? "no error"
    }

    @Test func badNumbersAnswerAClearErrorAndLeaveTheEngineAsItWas() throws {
        let bridge = try Self.drawing()
        let good = Event(phase: 0, t: 1, x: 300, y: 400)
        var nan = good.numbers
        nan[4] = .nan
        #expect(try Self.error(Self.answer(bridge, nan)) == "pointer numbers[4]: expected a finite number, found NaN")
        var infinite = good.numbers + [300, .infinity, 0.5, 1]  // one coalesced sample, its y infinite
        infinite[9] = 1
        #expect(try Self.error(Self.answer(bridge, infinite)) == "pointer numbers[12]: expected a finite number, found an infinity")
        // More samples than the limit, counted before they are read.
        var tooMany = good
        tooMany.coalesced = Array(repeating: [300, 400, 0.5, 1], count: EngineBridge.maximumPointerSamples + 1)
        #expect(try Self.error(Self.answer(bridge, tooMany.numbers)) == "pointer numbers: 10001 coalesced samples, more than the limit of 10000")
        let huge = [Double](repeating: 0, count: EngineBridge.pointerHeaderCount + 8 * EngineBridge.maximumPointerSamples + 1)
        #expect(try Self.error(Self.answer(bridge, huge)).hasPrefix("pointer numbers: 80012 numbers, more than the limit of 80011"))
        // A count the samples do not fill, too few numbers, codes out of range.
        var short = good.numbers
        short[10] = 2
        #expect(try Self.error(Self.answer(bridge, short))
                == "pointer numbers: 0 coalesced and 2 predicted samples take 19 numbers, found 11")
        #expect(try Self.error(Self.answer(bridge, [1, 0, 0])) == "pointer numbers: expected at least 11 numbers (the event before its samples), found 3")
        var kind = good.numbers
        kind[1] = 3
        #expect(try Self.error(Self.answer(bridge, kind)) == "pointer numbers[1] (kind): expected a whole number from 0 to 2")
        var phase = good.numbers
        phase[2] = 0.5
        #expect(try Self.error(Self.answer(bridge, phase)) == "pointer numbers[2] (phase): expected a whole number from 0 to 3")
        var negative = good.numbers
        negative[9] = -1
        #expect(try Self.error(Self.answer(bridge, negative)).hasPrefix("pointer numbers[9] (coalesced count): expected a whole number from 0"))
        // None of it reached the engine: nothing is in progress, and a good event still draws.
        #expect(try Self.call(bridge, #"{"call": "pointer", "events": []}"#)["preview"] == nil)
        #expect(Self.answer(bridge, good.numbers) == .numbers)
        #expect(bridge.pointerAnswerNumbers.first == 1)
    }
}
