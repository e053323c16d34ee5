import Foundation
import MarginaliaCore

/// Runs an engine benchmark plan natively (Benchmarks/run_engine.py writes the plan and runs
/// the same one in the browser's WebAssembly build): each step is one EngineBridge call, JSON
/// in and out as the browser makes it; a step with `measure` adds its time to that series.
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
            guard let call = step["call"] else { continue }
            let request = JSONWriter.bytes(call)
            let start = DispatchTime.now().uptimeNanoseconds
            let answer = bridge.call(request)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
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
