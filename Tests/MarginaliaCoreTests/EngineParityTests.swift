import Foundation
import Testing
@testable import MarginaliaCore

/// The engine parity fixtures (Tests/Fixtures/parity): sequences of bridge calls — pointer
/// events, tools, preferences, selection — answered here by the native engine and in the
/// browser suite (Tests/e2e/test_engine_parity.py) by its WebAssembly build. Both must give the
/// recorded answers: one engine, two builds, the same decisions. Numbers may differ in the
/// last digits (the platforms' libm), so they compare to 0.011 (the previews' two decimals);
/// everything else exactly.
///
/// `MARGINALIA_UPDATE_PARITY=1 swift test --filter EngineParity` records the answers after
/// the inputs change (Tests/Fixtures/parity/make_fixtures.py writes them).
@Suite("Engine parity fixtures")
struct EngineParityTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/parity").standardizedFileURL
    static let fixtures: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()
    static let updating = ProcessInfo.processInfo.environment["MARGINALIA_UPDATE_PARITY"] == "1"

    @Test func thereAreFixtures() {
        #expect(Self.fixtures.count >= 8, "\(Self.folder.path)")
    }

    @Test(arguments: fixtures)
    func nativeEngineGivesTheRecordedAnswers(file: String) throws {
        let url = Self.folder.appendingPathComponent(file)
        let fixture = try JSONParser.parse([UInt8](try Data(contentsOf: url)))
        guard case .object(var root) = fixture, case .array(let steps)? = root["calls"] else {
            Issue.record("\(file): not a fixture")
            return
        }
        let bridge = EngineBridge()
        var recorded: [JSONValue] = []
        for (index, step) in steps.enumerated() {
            guard let call = step["call"] else { Issue.record("\(file)[\(index)]: no call"); return }
            let answer = try JSONParser.parse(bridge.call(JSONWriter.bytes(call)))
            recorded.append(.object([("call", call), ("expect", answer)]))
            if Self.updating { continue }
            guard let expected = step["expect"] else {
                Issue.record("\(file)[\(index)]: no recorded answer (MARGINALIA_UPDATE_PARITY=1 records them)")
                continue
            }
            if let difference = Self.difference(answer, expected, path: "calls[\(index)]") {
                Issue.record("\(file): \(difference)")
            }
        }
        if Self.updating {
            root["calls"] = .array(recorded)
            try Data((JSONValue.object(root).rendered() + "\n").utf8).write(to: url)
        }
    }

    /// Where two answers differ beyond the tolerance, or nil.
    static func difference(_ a: JSONValue, _ b: JSONValue, path: String) -> String? {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            return abs(x - y) <= 0.011 ? nil : "\(path): \(x) ≠ \(y)"
        case (.string(let x), .string(let y)):
            return sameText(x, y) ? nil : "\(path): \"\(x.prefix(80))\" ≠ \"\(y.prefix(80))\""
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return "\(path): \(x.count) items ≠ \(y.count)" }
            for index in x.indices {
                if let d = difference(x[index], y[index], path: "\(path)[\(index)]") { return d }
            }
            return nil
        case (.object(let x), .object(let y)):
            guard x.keys == y.keys else { return "\(path): keys \(x.keys) ≠ \(y.keys)" }
            for member in x.members {
                if let d = difference(member.value, y[member.key] ?? .null, path: "\(path).\(member.key)") { return d }
            }
            return nil
        default:
            return a == b ? nil : "\(path): \(JSONWriter.string(a).prefix(80)) ≠ \(JSONWriter.string(b).prefix(80))"
        }
    }

    /// Texts equal, or SVG path data whose numbers agree within the tolerance.
    static func sameText(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let x = a.split(separator: " "), y = b.split(separator: " ")
        guard x.count == y.count else { return false }
        for (p, q) in zip(x, y) where p != q {
            let letters = CharacterSet(charactersIn: "MLCZ")
            let p1 = String(p).trimmingCharacters(in: letters), q1 = String(q).trimmingCharacters(in: letters)
            guard let u = Double(p1), let v = Double(q1), abs(u - v) <= 0.011,
                  p.filter({ "MLCZ".contains($0) }) == q.filter({ "MLCZ".contains($0) }) else { return false }
        }
        return true
    }
}
