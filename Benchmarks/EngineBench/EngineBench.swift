import Foundation
import MarginaliaCore

/// Runs an engine benchmark plan natively (Benchmarks/run_engine.py writes the plan and runs
/// the same one in the browser's WebAssembly build): each step is one EngineBridge call, JSON
/// in and out as the browser makes it, or a pointer event as numbers (`pointer`, the binary
/// path engine.js takes); a step with `measure` adds its time to that series.
/// Prints `{"series": {NAME: [milliseconds...]}}`. Usage: `MarginaliaEngineBench PLAN.json`.
@main
struct EngineBench {
    static func main() throws {
        guard CommandLine.arguments.count == 2 else {
            FileHandle.standardError.write(Data("usage: MarginaliaEngineBench PLAN.json\n".utf8))
            exit(2)
        }
        let plan = try JSONParser.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))))
        var series: [String: [Double]] = [:]
        // The plan runs twice and the second run is timed (warm code, as in the browser's run).
        for _ in 0..<2 {
        series = [:]
        let bridge = EngineBridge()
        for step in plan["steps"]?.arrayValue ?? [] {
            var answer: [UInt8] = []
            let elapsed: Double
            if let event = step["pointer"] {
                // A pointer event as numbers (the editor's binary path), written before the clock starts.
                let numbers = pointerNumbers(event)
                let start = DispatchTime.now().uptimeNanoseconds
                let result = numbers.withUnsafeBufferPointer { bridge.pointer(numbers: $0) }
                elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                if case .json(let bytes) = result { answer = bytes }
            } else {
                guard let call = step["call"] else { continue }
                let request = JSONWriter.bytes(call)
                let start = DispatchTime.now().uptimeNanoseconds
                answer = bridge.call(request)
                elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            }
            if answer.starts(with: Array(#"{"error""#.utf8)) {
                FileHandle.standardError.write(Data(answer) + Data("\n".utf8))
                exit(1)
            }
            if let name = step["measure"]?.stringValue { series[name, default: []].append(elapsed) }
        }
        }
        let json = JSONValue.object([("series", .object(series.sorted { $0.key < $1.key }.map { ($0.key, .array($0.value.map { .number($0) })) }))])
        print(JSONWriter.string(json))
    }
}

/// A pointer event (the JSON call's EVENT, without coalesced or predicted samples) as the
/// numbers `EngineBridge.pointer(numbers:)` reads.
func pointerNumbers(_ event: JSONValue) -> [Double] {
    let kinds = ["pen", "touch", "mouse"], phases = ["began", "moved", "ended", "cancelled"]
    let kind = kinds.firstIndex(of: event["kind"]?.stringValue ?? "").map(Double.init) ?? .nan
    let phase = phases.firstIndex(of: event["phase"]?.stringValue ?? "").map(Double.init) ?? .nan
    return [event["id"]?.numberValue ?? .nan, kind, phase, event["t"]?.numberValue ?? .nan, event["x"]?.numberValue ?? .nan,
            event["y"]?.numberValue ?? .nan, event["pressure"]?.numberValue ?? 0.5, 0, 0, 0, 0]
}
