import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor
@testable import MarginaliaCore

/// The command the browser and the API send goes through the same capability check as the
/// annotation JSON: a property the kind lacks is refused, and nothing is added.
@Suite("Commands refuse a property the kind does not have")
struct CapabilityCommandTests {
    @Test func anAddedNoteWithAFillIsRefusedAndNothingIsAdded() throws {
        let document = try OperationTests.document()
        let before = try document.annotations(onPage: 0).count
        let note = JSONValue.object([("type", .string("note")), ("pageIndex", .integer(0)), ("fill", .string("#FF0000")),
                                     ("rect", .array([10, 10, 30, 30].map { .number($0) }))])
        #expect {
            try EditorCommand.add(json: [note]).apply(to: document)
        } throws: { error in
            guard case .invalidAnnotation(let refusal)? = error as? CommandError else { return false }
            return refusal.description.contains("fill") && refusal.description.contains("note")
        }
        #expect(try document.annotations(onPage: 0).count == before)
    }

    /// The Select tool's fill (a `restyle`) reaches every kind with an interior colour, not
    /// only the closed shapes: a line's and polyline's endings and a redaction's overlay
    /// (ISO 32000-2, 12.5.6.7, 12.5.6.9, 12.5.6.23); a kind without `/IC` keeps none.
    @Test func aRestyledFillReachesEveryKindWithAnInteriorColour() throws {
        let document = try OperationTests.document()
        func annotation(_ type: String, _ fields: [(String, JSONValue)]) -> JSONValue {
            .object([("type", .string(type)), ("id", .string(type)), ("pageIndex", .integer(0))] + fields)
        }
        func points(_ values: [Double]) -> JSONValue {
            .array(stride(from: 0, to: values.count, by: 2).map { .array([.number(values[$0]), .number(values[$0 + 1])]) })
        }
        let rect: JSONValue = .array([100, 100, 160, 140].map { .number($0) })
        _ = try EditorCommand.add(json: [
            annotation("line", [("points", points([100, 200, 200, 220])), ("lineEndings", .strings(["none", "closedArrow"]))]),
            annotation("polyline", [("points", points([100, 300, 150, 340, 200, 300]))]),
            annotation("redact", [("rect", rect)]),
            annotation("square", [("rect", rect)]),
            annotation("ink", [("paths", .array([points([300, 300, 320, 340])]))]),
            annotation("note", [("rect", .array([400, 400, 420, 420].map { .number($0) }))]),
        ]).apply(to: document)
        let ids = ["line", "polyline", "redact", "square", "ink", "note"]
        let blue = Color(red: 0, green: 0, blue: 1)
        _ = try EditorCommand.restyle(ids: ids, style: .init(fill: .color(blue))).apply(to: document)
        let fills = try Dictionary(uniqueKeysWithValues: document.annotations(onPage: 0).map { ($0.id, $0.interiorColor) })
        #expect(ids.map { fills[$0] ?? nil } == [blue, blue, blue, blue, nil, nil])
        _ = try EditorCommand.restyle(ids: ids, style: .init(fill: Optional.some(.none))).apply(to: document)
        let cleared = try document.annotations(onPage: 0).filter { $0.interiorColor != nil }.map { $0.id }
        #expect(cleared == [])
    }
}
