#if !hasFeature(Embedded)
import Foundation
#endif

/// A value to put in a form field, as the `fill` command carries it and the operation log
/// keeps it. Its JSON (docs/api.md, "Commands") is a string (text, a choice, a checkbox or
/// radio state name), `true` or `false` (a checkbox; `false` also clears a radio group) or an
/// array of strings (the selected options of a multi-select list).
public enum FormValue: Hashable, Sendable {
    /// Text for a text field or combo, an option of a choice field, or a state name of a
    /// checkbox or radio.
    case text(String)
    /// Checked or not (checkboxes; `false` also clears a radio group).
    case bool(Bool)
    /// The selected options of a multi-select list.
    case choices([String])

    /// Reads a value, saying where it was when it is none of the three forms.
    public init(json field: JSONField) throws(CommandError) {
        switch field.value {
        case .string(let text): self = .text(text)
        case .bool(let flag): self = .bool(flag)
        case .array(let items):
            var choices: [String] = []
            for item in items {
                guard case .string(let choice) = item else { throw Self.refusal(field) }
                choices.append(choice)
            }
            self = .choices(choices)
        default: throw Self.refusal(field)
        }
    }

    /// The value as JSON: the form ``init(json:)`` reads.
    public var json: JSONValue {
        switch self {
        case .text(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .choices(let choices): return .array(choices.map { .string($0) })
        }
    }

    private static func refusal(_ field: JSONField) -> CommandError {
        field.problem("expected a string, true or false, or an array of strings")
    }
}
