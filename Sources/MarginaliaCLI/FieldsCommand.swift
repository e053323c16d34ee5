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
            print(JSONValue.array(form.fields.map(\.jsonRecord)).rendered())
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
