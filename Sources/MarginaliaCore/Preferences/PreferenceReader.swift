// Reading the preferences' JSON tolerantly (docs/engine.md, "One model"): the one reading,
// used by the browser (ToolPreferences(json:)) and, through Codable, by the native file
// (PreferencesStore). Preferences outlive the version that wrote them, so one bad value costs
// that value only, never the whole file, and what was repaired is said once.

/// Reads values of a preferences object, each with its default, and notes every repair.
///
/// A missing or null value takes its default silently (an older file, or a setting never
/// chosen); a value of the wrong kind (a string where a number belongs, an unknown name, a
/// colour that is not `#RRGGBB`) takes its default and is noted ("pen.width is not valid;
/// using the default").
public struct PreferenceReader: Sendable {
    /// The repairs made so far, in order.
    public private(set) var repairs: [String] = []

    public init() {}

    /// Notes a repair.
    public mutating func note(_ repair: String) {
        repairs.append(repair)
    }

    /// Notes that the value at `name` (`pen.width`) was not valid and took its default.
    public mutating func noteInvalid(_ name: String) {
        note("\(name) is not valid; using the default")
    }

    /// `key` under `path` as a note names it (`pen.width`; `undoDepth` at the top).
    public static func name(_ key: String, under path: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    /// The value of `key` in `object` (found under `path`) as `read` understands it, or
    /// `fallback`: silently when it is missing or null, noted when `read` answers nil.
    public mutating func value<Value>(_ object: JSONValue, _ key: String, under path: String, or fallback: Value,
                                      _ read: (JSONValue) -> Value?) -> Value {
        guard let raw = object[key], !raw.isNull else { return fallback }
        guard let value = read(raw) else {
            noteInvalid(Self.name(key, under: path))
            return fallback
        }
        return value
    }

    /// The object at `key` (under `path`), nil when it is missing or null, or, noted, when it
    /// is not an object.
    public mutating func object(_ object: JSONValue, _ key: String, under path: String) -> JSONValue? {
        guard let raw = object[key], !raw.isNull else { return nil }
        guard case .object = raw else {
            noteInvalid(Self.name(key, under: path))
            return nil
        }
        return raw
    }

    // MARK: - Readers

    public static func number(_ json: JSONValue) -> Double? { json.numberValue }

    public static func bool(_ json: JSONValue) -> Bool? { json.boolValue }

    /// A whole number that fits an `Int`.
    public static func integer(_ json: JSONValue) -> Int? {
        guard let n = json.numberValue, n == n.rounded(), n.magnitude < 9e15 else { return nil }
        return Int(n)
    }

    /// A colour, `#RRGGBB` or `#RRGGBBAA`.
    public static func color(_ json: JSONValue) -> Color? {
        json.stringValue.flatMap { Color(hex: $0) }
    }

    /// One of an enumeration's names.
    public static func name<Value: RawRepresentable>(_ json: JSONValue) -> Value? where Value.RawValue == String {
        json.stringValue.flatMap(Value.init(rawValue:))
    }
}
