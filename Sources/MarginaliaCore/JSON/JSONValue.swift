#if !hasFeature(Embedded)
import Foundation
#endif

/// A JSON value, parsed and written by the engine core itself so that the browser's
/// WebAssembly build (which has no Foundation) and the server read the command protocol and
/// the annotation JSON with the same code. The command line prints records with it too
/// (``rendered(indent:)``), and natively it is `Encodable`, so a record is built once and
/// reads the same from every output.
///
/// Objects keep their keys in order; numbers are doubles (integers up to 2^53 are exact).
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The value of `key` when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var numberValue: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A short name of the value's kind for error messages ("a string", "an array"...).
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON object: its members in the order they were written. Lookups are linear, which
/// suits the small objects of the protocol (a handful of keys); a later duplicate key wins,
/// as in most JSON readers.
public struct JSONObject: Equatable, Sendable {
    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: JSONValue
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public var members: [Member]

    public init(_ members: [Member] = []) {
        self.members = members
    }

    /// An object from key-value pairs in order.
    public init(pairs: [(String, JSONValue)]) {
        members = pairs.map { Member(key: $0.0, value: $0.1) }
    }

    public subscript(key: String) -> JSONValue? {
        get {
            var index = members.count - 1
            while index >= 0 {
                if members[index].key == key { return members[index].value }
                index -= 1
            }
            return nil
        }
        set {
            members.removeAll { $0.key == key }
            if let newValue { members.append(Member(key: key, value: newValue)) }
        }
    }

    public var keys: [String] { members.map { $0.key } }
}

extension JSONValue {
    /// An object from key-value pairs in order.
    public static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(pairs: pairs))
    }

    /// An object from key-value pairs in order; nil values are left out.
    public static func object(omittingNils pairs: [(String, JSONValue?)]) -> JSONValue {
        .object(JSONObject(pairs.compactMap { pair in pair.1.map { JSONObject.Member(key: pair.0, value: $0) } }))
    }

    /// A whole number.
    public static func integer(_ value: Int) -> JSONValue { .number(Double(value)) }

    /// A string, or null for nil.
    public static func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

    /// `[x, y]`.
    public static func point(_ p: CGPoint) -> JSONValue {
        .array([.number(Double(p.x)), .number(Double(p.y))])
    }

    /// `[x1, y1, x2, y2]`.
    public static func rect(_ r: CGRect) -> JSONValue {
        .array([.number(Double(r.minX)), .number(Double(r.minY)), .number(Double(r.maxX)), .number(Double(r.maxY))])
    }

    /// `[a, b, c, d, e, f]`: an affine transform as SVG, canvas and PDF write one.
    public static func matrix(_ t: AffineTransform) -> JSONValue {
        .array([t.m11, t.m12, t.m21, t.m22, t.tX, t.tY].map { .number(Double($0)) })
    }

    public static func strings(_ values: [String]) -> JSONValue {
        .array(values.map { .string($0) })
    }
}

// MARK: - Pretty printing

extension JSONValue {
    /// The value with two-space indentation (arrays of plain values on one line), for people.
    public func rendered(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent)
        let inner = String(repeating: "  ", count: indent + 1)
        switch self {
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy({ $0.isScalar }) { return "[" + items.map { $0.rendered() }.joined(separator: ", ") + "]" }
            return "[\n" + items.map { inner + $0.rendered(indent: indent + 1) }.joined(separator: ",\n") + "\n" + pad + "]"
        case .object(let object):
            if object.members.isEmpty { return "{}" }
            return "{\n" + object.members.map { inner + JSONWriter.string(.string($0.key)) + ": " + $0.value.rendered(indent: indent + 1) }
                .joined(separator: ",\n") + "\n" + pad + "}"
        default:
            return JSONWriter.string(self)
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }
}

#if !hasFeature(Embedded)
extension JSONValue: Encodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let b):
            var container = encoder.singleValueContainer()
            try container.encode(b)
        case .number(let d):
            var container = encoder.singleValueContainer()
            if !d.isFinite {
                try container.encodeNil()
            } else if d == d.rounded(), d.magnitude < 9e15 {
                try container.encode(Int(d))
            } else {
                try container.encode(d)
            }
        case .string(let s):
            var container = encoder.singleValueContainer()
            try container.encode(s)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .object(let object):
            var container = encoder.container(keyedBy: Key.self)
            for member in object.members { try container.encode(member.value, forKey: Key(stringValue: member.key)) }
        }
    }
}
#endif
