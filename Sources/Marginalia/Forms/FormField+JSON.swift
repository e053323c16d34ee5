import Foundation

// The one JSON shape of a form field (docs/forms.md): `marginalia fields --json` prints it
// and the server's `GET …/fields` sends it, with a few user-interface keys added.

extension FormField {
    /// The field as JSON: `name`, `type`, `value`, `options` (choice fields), `maxLength`
    /// (text fields that have one), `onState` (checkboxes) or `states` (radios), `readOnly`,
    /// `required`, `locked`, `pageIndex` and `rect` (`[x0, y0, x1, y1]` in page space) of the
    /// first widget, and `widgets` (`pageIndex`, `rect` and `onState` of each).
    ///
    /// A checkbox without `/V` reads as `false`; other fields without one as `null`.
    public var jsonRecord: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("name", .string(name)),
            ("type", .string(type.rawValue)),
            ("value", Self.json(value, type: type)),
        ]
        if type == .combo || type == .list {
            pairs.append(("options", .array(options.map { .string($0.exportValue) })))
        }
        if type == .text, let maxLength { pairs.append(("maxLength", .integer(maxLength))) }
        if type == .checkbox { pairs.append(("onState", JSONValue.optional(onState))) }
        if type == .radio { pairs.append(("states", .array(states.map { .string($0) }))) }
        pairs.append(("readOnly", .bool(isReadOnly)))
        pairs.append(("required", .bool(isRequired)))
        pairs.append(("locked", .bool(isLocked)))
        pairs.append(("pageIndex", pageIndex.map { .integer($0) } ?? .null))
        pairs.append(("rect", widgets.first.map { Self.json($0.rect) } ?? .null))
        pairs.append(("widgets", .array(widgets.map { Self.jsonRecord(of: $0) })))
        return .object(pairs)
    }

    /// One widget as ``jsonRecord`` lists it: `pageIndex`, `rect`, `onState` when it has
    /// one, and `fontSize` when given (the fields' answer: ``PDFDocument/fieldRecords(of:highlightedBy:)``).
    public static func jsonRecord(of widget: FormWidget, fontSize: Double? = nil) -> JSONValue {
        var items: [(String, JSONValue)] = [
            ("pageIndex", widget.pageIndex.map { .integer($0) } ?? .null),
            ("rect", json(widget.rect)),
        ]
        if let state = widget.onState { items.append(("onState", .string(state))) }
        if let fontSize { items.append(("fontSize", .number(fontSize))) }
        return .object(items)
    }

    /// ``jsonRecord`` with what a user interface needs to show and fill the field:
    /// `highlight` (what `policy` says), `editable` (``isEditable``), and the kind of
    /// input to offer: `multiline` and `password` for text fields, `multiSelect` for lists.
    public func jsonRecord(highlightedBy policy: any FormFieldPolicy) -> JSONValue {
        guard case .object(var object) = jsonRecord else { return jsonRecord }
        object["highlight"] = .bool(policy.shouldHighlight(self))
        object["editable"] = .bool(isEditable)
        if type == .text {
            object["multiline"] = .bool(flags.contains(.multiline))
            object["password"] = .bool(flags.contains(.password))
        }
        if type == .list { object["multiSelect"] = .bool(flags.contains(.multiSelect)) }
        return .object(object)
    }

    /// A value as JSON: text and a radio's state as a string, a checkbox as a bool,
    /// a list's selection as an array of strings.
    public static func json(_ value: FormValue?, type: FieldType) -> JSONValue {
        guard let value else { return type == .checkbox ? .bool(false) : .null }
        return value.json
    }

    private static func json(_ rect: CGRect) -> JSONValue {
        .array([rect.minX, rect.minY, rect.maxX, rect.maxY].map { .number(Double($0)) })
    }
}
