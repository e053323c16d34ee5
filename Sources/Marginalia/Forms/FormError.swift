import Foundation

/// Why a form could not be filled as asked, naming the field. Nothing is changed when a
/// fill throws one of these: values are checked before any is written.
public enum FormError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The document has no interactive form (`/AcroForm`).
    case noForm
    /// No terminal field has this fully qualified name.
    case noSuchField(String)
    /// The field exists but is broken (no `/FT`, a kids cycle, a bad parent...).
    case brokenField(String, reason: String)
    /// `/Ff` ReadOnly is set.
    case readOnly(String)
    /// A widget of the field has the Locked annotation flag.
    case locked(String)
    /// The value has the wrong type for the field (`expected` says what it takes).
    case wrongType(String, expected: String)
    /// A choice field was given a value it does not offer (and is not editable).
    case optionNotOffered(String, value: String, options: [String])
    /// A checkbox or radio was given a state none of its widgets has.
    case noSuchState(String, value: String, states: [String])
    /// The text is longer than the field's `/MaxLen`.
    case tooLong(String, length: Int, maxLength: Int)
    /// Push buttons hold no value; signature fields are never modified.
    case notFillable(String, type: FormField.FieldType)
    /// A radio group with "no toggle to off" cannot be cleared.
    case cannotClear(String)
    /// A signature field is signed: flattening the form would remove the signature.
    case signedDocument

    public var description: String {
        switch self {
        case .noForm: return "the document has no form fields"
        case .noSuchField(let name): return "no field named '\(name)'"
        case .brokenField(let name, let reason): return "field '\(name)' is broken: \(reason)"
        case .readOnly(let name): return "field '\(name)' is read-only"
        case .locked(let name): return "field '\(name)' is locked"
        case .wrongType(let name, let expected): return "field '\(name)' takes \(expected)"
        case .optionNotOffered(let name, let value, let options):
            return "field '\(name)' does not offer '\(value)' (options: \(options.map { "'\($0)'" }.joined(separator: ", ")))"
        case .noSuchState(let name, let value, let states):
            return "field '\(name)' has no state '\(value)' (states: \(states.joined(separator: ", ")), or true/false)"
        case .tooLong(let name, let length, let maxLength):
            return "field '\(name)' takes at most \(maxLength) characters, got \(length)"
        case .notFillable(let name, let type):
            return type == .signature ? "field '\(name)' is a signature field and is never modified"
                                      : "field '\(name)' is a push button and holds no value"
        case .cannotClear(let name): return "field '\(name)' is a radio group that cannot be turned off"
        case .signedDocument: return "the form is signed: flattening it would remove the signature"
        }
    }
}
