#if !hasFeature(Embedded)
import Foundation
#endif

/// A JSON value with the path it was found at, for reading a document of the protocol with
/// errors that say where the problem is: `command.points[3]: expected [x, y] with finite
/// numbers`.
public struct JSONField {
    public let value: JSONValue
    /// The path of this field, or of the array it is an item of (``item``).
    private let base: String
    /// The field's place in the array at ``base``, nil for a field found by name.
    private let item: Int?

    /// The path from the root, e.g. `command.ids[2]`: made when asked for (an error names
    /// it), not for every item read: a stroke's command formatted `command.points[17]` for each
    /// of its points, for an error that almost never comes (docs/benchmarks.md, "profile").
    public var path: String {
        guard let item else { return base }
        return "\(base)[\(item)]"
    }

    public init(_ value: JSONValue, path: String) {
        self.value = value
        self.base = path
        self.item = nil
    }

    /// Item `index` of the array whose path is `arrayPath`.
    private init(_ value: JSONValue, arrayPath: String, index: Int) {
        self.value = value
        self.base = arrayPath
        self.item = index
    }

    public func problem(_ message: String) -> CommandError {
        .malformed("\(path): \(message)")
    }

    /// The member `key` (an error when this is not an object or the member is missing).
    public func member(_ key: String) throws(CommandError) -> JSONField {
        guard let field = try optionalMember(key) else { throw CommandError.malformed("\(path).\(key): missing") }
        return field
    }

    /// The member `key`, or nil when it is missing or null.
    public func optionalMember(_ key: String) throws(CommandError) -> JSONField? {
        guard case .object(let object) = value else { throw problem("expected an object, found \(value.kindDescription)") }
        guard let member = object[key], !member.isNull else { return nil }
        return JSONField(member, path: path.isEmpty ? key : "\(path).\(key)")
    }

    public func string() throws(CommandError) -> String {
        guard case .string(let s) = value else { throw problem("expected a string, found \(value.kindDescription)") }
        return s
    }

    public func bool() throws(CommandError) -> Bool {
        guard case .bool(let b) = value else { throw problem("expected true or false, found \(value.kindDescription)") }
        return b
    }

    /// A finite number.
    public func number() throws(CommandError) -> Double {
        guard case .number(let n) = value, n.isFinite else { throw problem("expected a finite number, found \(value.kindDescription)") }
        return n
    }

    /// A finite number in `range`; the error names the field and the range.
    public func number(in range: ClosedRange<Double>) throws(CommandError) -> Double {
        let n = try number()
        guard range.contains(n) else {
            throw problem("expected a number from \(JSONWriter.number(range.lowerBound)) to \(JSONWriter.number(range.upperBound))")
        }
        return n
    }

    /// A coordinate, offset or length to be written into a file (``CoordinateLimit``).
    public func coordinate() throws(CommandError) -> Double {
        let n = try number()
        guard CoordinateLimit.contains(n) else { throw problem("expected a number \(CoordinateLimit.description)") }
        return n
    }

    /// A whole number in `range` (exact: a number at or above 2^63 is out of any range).
    public func integer(in range: ClosedRange<Int> = Int.min...Int.max) throws(CommandError) -> Int {
        let n = try number()
        guard let whole = Int(checking: n, in: range) else {
            throw problem("expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return whole
    }

    public func array(maximumCount: Int = Int.max) throws(CommandError) -> [JSONField] {
        guard case .array(let items) = value else { throw problem("expected an array, found \(value.kindDescription)") }
        guard items.count <= maximumCount else {
            throw CommandError.tooLarge("\(path): \(items.count) items, more than the limit of \(maximumCount)",
                                        .listItems(count: items.count, max: maximumCount))
        }
        var fields: [JSONField] = []
        fields.reserveCapacity(items.count)
        let path = self.path
        for (index, item) in items.enumerated() { fields.append(JSONField(item, arrayPath: path, index: index)) }
        return fields
    }

    /// `[x, y]` (extra numbers refused unless `extra` allows them: `[x, y, pressure, time]`).
    public func point() throws(CommandError) -> CGPoint {
        let numbers = try self.numbers(count: 2...2, what: "[x, y]")
        return CGPoint(x: numbers[0], y: numbers[1])
    }

    /// `[x1, y1, x2, y2]` as a standardised rect.
    public func rect() throws(CommandError) -> CGRect {
        let n = try numbers(count: 4...4, what: "[x1, y1, x2, y2]")
        return CGRect(x: min(n[0], n[2]), y: min(n[1], n[3]), width: abs(n[2] - n[0]), height: abs(n[3] - n[1]))
    }

    /// An array of `count` finite numbers.
    public func numbers(count: ClosedRange<Int>, what: String) throws(CommandError) -> [Double] {
        guard case .array(let items) = value, count.contains(items.count) else { throw problem("expected \(what) with finite numbers") }
        var numbers: [Double] = []
        numbers.reserveCapacity(items.count)
        for item in items {
            guard case .number(let n) = item, n.isFinite else { throw problem("expected \(what) with finite numbers") }
            numbers.append(n)
        }
        return numbers
    }

    /// `[x1, y1, x2, y2]` within the ``CoordinateLimit``, as a standardised rect.
    public func boundedRect() throws(CommandError) -> CGRect {
        let r = try rect()
        guard CoordinateLimit.contains(r) else { throw problem("expected [x1, y1, x2, y2] with numbers \(CoordinateLimit.description)") }
        return r
    }

    /// `[x, y]` within the ``CoordinateLimit``.
    public func boundedPoint() throws(CommandError) -> CGPoint {
        let p = try point()
        guard CoordinateLimit.contains(Double(p.x)), CoordinateLimit.contains(Double(p.y)) else {
            throw problem("expected [x, y] with numbers \(CoordinateLimit.description)")
        }
        return p
    }

    public func strings(maximumCount: Int = Int.max) throws(CommandError) -> [String] {
        var strings: [String] = []
        for item in try array(maximumCount: maximumCount) { strings.append(try item.string()) }
        return strings
    }

    /// A string naming one of `Value`'s cases.
    public func choice<Value: RawRepresentable & CaseIterable>(_ type: Value.Type) throws(CommandError) -> Value where Value.RawValue == String {
        let text = try string()
        guard let choice = Value(rawValue: text) else {
            throw problem("expected one of \(Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), found \"\(text)\"")
        }
        return choice
    }

    /// A colour as `"#RRGGBB"` or `"#RRGGBBAA"`.
    public func color() throws(CommandError) -> Color {
        guard let color = Color(hex: try string()) else { throw problem("expected a colour \"#RRGGBB\" or \"#RRGGBBAA\"") }
        return color
    }
}
