import Foundation
import Marginalia

/// `marginalia fields FILE [--json] [--password PW]`
enum FieldsCommand {
    static let help = """
        usage: marginalia fields FILE [--json] [--password PW]

        Lists the form fields (docs/forms.md): fully qualified name, type (text, checkbox,
        radio, combo, list, button, signature), value, page and flags. With --json, an array
        of objects with the keys name, type, value, options (choice fields), maxLength (text
        fields that have one), onState (checkboxes) or states (radios), readOnly, required, locked, pageIndex (0-based) and rect ([x0, y0, x1, y1]
        in page space) of the first widget, and widgets (pageIndex, rect and onState of each). Problems in the field tree are reported on stderr; the other fields
        are still listed.
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        let json = arguments.flag("--json")
        let password = try arguments.option("--password")
        let path = try arguments.singleInput()
        let document = try openDocument(path, password: password)
        let form = try document.acroForm()
        for problem in form.problems { CommandLineTool.printError("warning: \(problem)") }
        if json {
            print(JSONValue.array(form.fields.map(record)).rendered())
            return
        }
        for field in form.fields {
            var line = "\(field.name)  \(field.type.rawValue)  \(text(of: field.value, type: field.type))"
            if let page = field.pageIndex { line += "  page \(page + 1)" }
            let flags = [field.isReadOnly ? "read-only" : nil, field.isRequired ? "required" : nil,
                         field.isLocked ? "locked" : nil].compactMap { $0 }
            if !flags.isEmpty { line += "  [\(flags.joined(separator: ", "))]" }
            print(line)
        }
        if form.fields.isEmpty { print("no form fields") }
    }

    /// One field as the JSON `fields --json` prints (documented in docs/forms.md).
    static func record(_ field: FormField) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("name", .string(field.name)),
            ("type", .string(field.type.rawValue)),
            ("value", json(field.value, type: field.type)),
        ]
        if field.type == .combo || field.type == .list {
            pairs.append(("options", .array(field.options.map { .string($0.exportValue) })))
        }
        if field.type == .text, let max = field.maxLength { pairs.append(("maxLength", .integer(max))) }
        if field.type == .checkbox { pairs.append(("onState", JSONValue.optional(field.onState))) }
        if field.type == .radio { pairs.append(("states", .array(field.states.map { .string($0) }))) }
        pairs.append(("readOnly", .bool(field.isReadOnly)))
        pairs.append(("required", .bool(field.isRequired)))
        pairs.append(("locked", .bool(field.isLocked)))
        pairs.append(("pageIndex", field.pageIndex.map { .integer($0) } ?? .null))
        if let rect = field.widgets.first?.rect {
            pairs.append(("rect", .array([rect.minX, rect.minY, rect.maxX, rect.maxY].map { .number(Double($0)) })))
        } else {
            pairs.append(("rect", .null))
        }
        pairs.append(("widgets", .array(field.widgets.map { widget in
            var items: [(String, JSONValue)] = [
                ("pageIndex", widget.pageIndex.map { .integer($0) } ?? .null),
                ("rect", .array([widget.rect.minX, widget.rect.minY, widget.rect.maxX, widget.rect.maxY].map { .number(Double($0)) })),
            ]
            if let state = widget.onState { items.append(("onState", .string(state))) }
            return .object(items)
        })))
        return .object(pairs)
    }

    static func json(_ value: FormValue?, type: FormField.FieldType) -> JSONValue {
        switch value {
        case nil: return type == .checkbox ? .bool(false) : .null
        case .text(let text)?: return .string(text)
        case .bool(let b)?: return .bool(b)
        case .choices(let items)?: return .array(items.map { .string($0) })
        }
    }

    static func text(of value: FormValue?, type: FormField.FieldType) -> String {
        switch value {
        case .bool(let signed)? where type == .signature: return signed ? "signed" : "unsigned"
        case nil: return "(empty)"
        case .text(let text)?: return "\"\(text.prefix(60))\""
        case .bool(let b)?: return b ? "checked" : "unchecked"
        case .choices(let items)?: return "[" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }
    }
}
