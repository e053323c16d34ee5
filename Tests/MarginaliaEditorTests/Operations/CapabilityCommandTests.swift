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
}
