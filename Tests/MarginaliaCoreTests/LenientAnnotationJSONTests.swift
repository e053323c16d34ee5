import Foundation
import Testing
@testable import MarginaliaCore

/// The engine's lenient reading of the annotation JSON (``Annotation/init(json:)``, the one
/// reading in its lenient mode) over tolerant inputs: annotations of other applications' files
/// as the server sends them (subtypes Marginalia does not model, odd colours, fields left out,
/// values a new annotation may not have). Tests/Fixtures/annotation-json/lenient-readings.json
/// holds, for each input, what the engine's own lenient parser read before it became a mode of
/// the checked reading (recorded from that parser, Annotation+JSON.swift and
/// AnnotationKind+JSON.swift before issue 28, and not to be recorded again): the same value,
/// or a refusal naming the same field. One refusal was taken out since: a free text's size
/// above 1,000, which the reading now keeps, a file's box being drawn at its size
/// (TextBoxLayoutReadingTests).
@Suite("Annotation JSON, lenient")
struct LenientAnnotationJSONTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/annotation-json/lenient-readings.json").standardizedFileURL

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let json: JSONValue
        let read: String?
        let error: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        guard let bytes = try? Data(contentsOf: fixture), case .array(let items)? = try? JSONParser.parse([UInt8](bytes)) else { return [] }
        return items.compactMap { item in
            guard let name = item["name"]?.stringValue, let json = item["json"] else { return nil }
            return Case(name: name, json: json, read: item["read"]?.stringValue, error: item["error"]?.stringValue)
        }
    }()

    /// What the reading answers: the value it read, as Swift describes it, or the error.
    static func reading(_ json: JSONValue) -> (read: String?, error: String?) {
        do {
            return (String(reflecting: try Annotation(json: JSONField(json, path: "annotation"))), nil)
        } catch {
            return (nil, error.message)
        }
    }

    @Test func theFixtureHasTolerantInputsAndRefusals() {
        #expect(Self.cases.filter { $0.read != nil }.count >= 30, "\(Self.fixture.path)")
        #expect(Self.cases.filter { $0.error != nil }.count >= 20)
    }

    @Test(arguments: cases)
    func readsWhatTheOldReaderRead(_ item: Case) {
        let answer = Self.reading(item.json)
        if let read = item.read {
            #expect(answer.read == read, "\(answer.error ?? "")")
        } else if let old = item.error {
            // The same field named: the old path, or a place inside it (`points` → `points[2]`).
            // A refusal the old reader made of the whole annotation (path `annotation`) names
            // the same fault: one message begins the other (`expected an object` for
            // `expected an object, found an array`).
            func parts(_ text: String) -> (path: String, message: String) {
                let split = text.split(separator: ":", maxSplits: 1)
                return (String(split[0]), split.count > 1 ? split[1].trimmingCharacters(in: .whitespaces) : "")
            }
            let (oldPath, oldMessage) = parts(old)
            guard let error = answer.error else { Issue.record("read what the old reader refused (\(old))"); return }
            let (path, message) = parts(error)
            let inside = path.hasPrefix(oldPath + "[") || path.hasPrefix(oldPath + ".")
            #expect(path == oldPath || inside, "\(error) against \(old)")
            if oldPath == "annotation" {
                #expect(message.hasPrefix(oldMessage) || oldMessage.hasPrefix(message), "\(error) against \(old)")
            }
        }
    }
}
