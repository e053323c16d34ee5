#if !hasFeature(Embedded)
import Foundation
#endif

// An ink preset as JSON (docs/engine.md, "One model"): the one reading and writing of it, used
// by the stroke command (EditorCommand+JSON), the engine bridge's requests that carry a pen
// (a drawn signature's `ink`) and the preferences (ToolPreferences+JSON). A command is read
// strictly: a field of the wrong kind is refused, naming its path. The preferences are read
// tolerantly through the same reading: such a field takes its default and is noted.

extension InkPreset {
    /// The preset as JSON: `{"color": "#RRGGBB", "width": 2, "opacity": 1, "usesPressure":
    /// true, "brush": "pen"}`.
    ///
    /// Every field is written: the colour with its alpha when it has one (`#RRGGBBAA`), so it
    /// reads back the same, and the brush even when it is the plain pen, because a reading
    /// gives a missing brush its defaults' (a marker's preset read without one would become
    /// the marker brush).
    public var json: JSONValue {
        .object([("color", .string(color.compactHex)), ("width", .number(width)), ("opacity", .number(opacity)),
                 ("usesPressure", .bool(usesPressure)), ("brush", .string(brush.rawValue))])
    }

    /// A preset from JSON as a command carries it (``json``'s keys), strictly.
    ///
    /// Missing or null fields take the values of `defaults` (the plain pen's unless said); a
    /// width or opacity out of range is clamped into it, as the preferences' are.
    ///
    /// - Throws: ``CommandError/malformed(_:)`` naming the path when `field` is not an object,
    ///   a field has the wrong kind (`ink.width: expected a finite number, found a string`) or
    ///   the brush is unknown.
    public init(json field: JSONField, defaults: InkPreset = .pen) throws(CommandError) {
        guard case .object = field.value else { throw field.problem("expected an object, found \(field.value.kindDescription)") }
        self = try Self.read(field, defaults: defaults) { (_, error) throws(CommandError) in throw error }.preset
    }

    /// A preset from JSON as the preferences keep it, tolerantly: a field of the wrong kind or
    /// an unknown brush takes the value of `defaults` (its own kind's preset, so a marker
    /// missing its width gets the marker's 6 pt), noted in `reader`, as is a width or opacity
    /// out of range (adjusted). `field` holds an object (``PreferenceReader/object(_:_:under:)``).
    public init(json field: JSONField, defaults: InkPreset, reader: inout PreferenceReader) {
        let (preset, adjusted) = Self.read(field, defaults: defaults) { path, _ in reader.noteInvalid(path) }
        if adjusted { reader.note("\(field.path) had an out-of-range width or opacity; adjusted") }
        self = preset
    }

    /// The one reading: each field of the object `field`, missing or null ones from `defaults`,
    /// an unreadable one handed to `unusable` (which throws it, or notes it and lets its default
    /// stand); answers whether the width or opacity had to be brought into range.
    private static func read<Failure: Error>(
        _ field: JSONField, defaults: InkPreset, unusable: (_ path: String, CommandError) throws(Failure) -> Void
    ) throws(Failure) -> (preset: InkPreset, adjusted: Bool) {
        let width = try member("width", of: field, or: defaults.width, unusable) { (f) throws(CommandError) in try f.number() }
        let opacity = try member("opacity", of: field, or: defaults.opacity, unusable) { (f) throws(CommandError) in try f.number() }
        let color = try member("color", of: field, or: defaults.color, unusable) { (f) throws(CommandError) in try f.color() }
        let usesPressure = try member("usesPressure", of: field, or: defaults.usesPressure, unusable) { (f) throws(CommandError) in try f.bool() }
        let brush = try member("brush", of: field, or: defaults.brush, unusable) { (f) throws(CommandError) in try f.choice(InkBrush.self) }
        let preset = InkPreset(color: color, width: width, opacity: opacity, usesPressure: usesPressure, brush: brush, defaults: defaults)
        return (preset, preset.width != width || preset.opacity != opacity)
    }

    /// The member `key` of `field` as `read` reads it; `fallback` when it is missing or null,
    /// or when `read` refuses it and `unusable` lets that pass.
    private static func member<Value, Failure: Error>(
        _ key: String, of field: JSONField, or fallback: Value,
        _ unusable: (_ path: String, CommandError) throws(Failure) -> Void,
        _ read: (JSONField) throws(CommandError) -> Value
    ) throws(Failure) -> Value {
        // Both initialisers hand over an object, so the member's lookup cannot fail.
        guard let member = (try? field.optionalMember(key)) ?? nil else { return fallback }
        do throws(CommandError) {
            return try read(member)
        } catch {
            try unusable(member.path, error)
            return fallback
        }
    }
}
