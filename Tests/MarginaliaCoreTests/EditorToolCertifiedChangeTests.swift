import Foundation
import Testing
@testable import MarginaliaCore

/// Which change each tool makes, for a certified document (docs/signatures.md): the bridge's
/// `toolChanges`, which the editor greys its tools by (Web/js/certification.js).
@Suite("The change each tool makes, for a certified document")
struct EditorToolCertifiedChangeTests {
    @Test func formFillsFieldsSelectMakesNoneAndTheRestMarkThePage() throws {
        let answer = try JSONParser.parse(EngineBridge().call(Array(#"{"call": "toolChanges"}"#.utf8)))
        let expected: [(String, JSONValue)] = [
            ("select", .null), ("draw", .string("annotations")), ("erase", .string("annotations")), ("text", .string("annotations")),
            ("shape", .string("annotations")), ("image", .string("annotations")), ("note", .string("annotations")),
            ("form", .string("formFilling")), ("highlight", .string("annotations")), ("redact", .string("annotations")),
        ]
        for (tool, change) in expected {
            #expect(answer["tools"]?[tool] == change, "\(tool)")
        }
        #expect(answer["tools"]?.objectValue?.keys == expected.map { $0.0 }, "every tool, no other")
        // The names are those of the server's `certification.allows`.
        #expect(CertifiedChange.allCases.map { $0.rawValue } == ["annotations", "formFilling", "pages"])
    }
}
