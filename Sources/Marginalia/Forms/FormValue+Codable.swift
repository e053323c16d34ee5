import Foundation

/// A form value as JSON: a string (text, a choice, a checkbox or radio state name), `true` or
/// `false` (a checkbox; `false` also clears a radio group) or an array of strings (the
/// selected options of a multi-select list).
extension FormValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let choices = try? container.decode([String].self) {
            self = .choices(choices)
        } else {
            throw DecodingError.dataCorruptedError(in: container,
                debugDescription: "a form value is a string, true or false, or an array of strings")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .bool(let flag): try container.encode(flag)
        case .choices(let choices): try container.encode(choices)
        }
    }
}
