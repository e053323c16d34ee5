import Foundation
import Marginalia

/// `marginalia fill FILE -o OUT NAME=VALUE... | --from VALUES.json [--flatten] [--compact] [--password PW]`
enum FillCommand {
    static let help = """
        usage: marginalia fill FILE -o OUT NAME=VALUE... [--flatten] [--compact] [--password PW]
               marginalia fill FILE -o OUT --from VALUES.json [--flatten] [--compact] [--password PW]

        Fills form fields by their fully qualified names (as 'marginalia fields' lists them)
        and redraws their widgets, so every viewer shows the values. VALUES.json is an object
        {"name": "text" | true | false | ["a", "b"]}. On the command line, true and false
        check and clear checkboxes and radios, and repeating NAME=VALUE selects several
        options of a multi-select list. Writes an incremental update (existing signatures
        stay valid), or a full rewrite with --compact; --flatten burns the form into the
        pages afterwards and removes it. Nothing is written when any value is refused: a
        missing field, a read-only or locked field, a value of the wrong type or an option
        the field does not offer.
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        guard let output = try arguments.option("-o", "--output") else { throw UsageError("missing -o OUT") }
        let from = try arguments.option("--from")
        let flatten = arguments.flag("--flatten")
        let compact = arguments.flag("--compact")
        let password = try arguments.option("--password")
        let assignments = arguments.items.filter { !$0.hasPrefix("-") && $0.contains("=") }
        var rest = Arguments(arguments.items.filter { !assignments.contains($0) })
        let path = try rest.singleInput()
        if from != nil && !assignments.isEmpty { throw UsageError("give NAME=VALUE arguments or --from, not both") }
        let document = try openDocument(path, password: password)
        let values: [(name: String, value: FormValue)]
        if let from {
            values = try readValues(from)
        } else {
            // Only NAME=VALUE needs the fields' types before filling (fillForm reads the form).
            values = try parseAssignments(assignments, form: try document.acroForm())
        }
        guard !values.isEmpty || flatten else { throw UsageError("nothing to fill: give NAME=VALUE arguments or --from VALUES.json") }
        do {
            if !values.isEmpty { try document.fillForm(values) }
            if flatten { try document.flattenForm() }
        } catch let error as FormError {
            throw CommandFailure(description: "\(path): \(error.description)", code: ExitCode.badInput)
        }
        try save(document, to: output, compact: compact)
        CommandLineTool.printError("filled \(values.count) field\(values.count == 1 ? "" : "s")\(flatten ? " and flattened the form" : "")")
    }

    /// NAME=VALUE arguments: `true`/`false` for checkboxes and radios, a repeated name for
    /// several options of a multi-select list, text otherwise.
    static func parseAssignments(_ items: [String], form: AcroForm) throws -> [(name: String, value: FormValue)] {
        var order: [String] = []
        var texts: [String: [String]] = [:]
        for item in items {
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                throw UsageError("'\(item)': use NAME=VALUE")
            }
            let name = String(item[..<equals])
            if texts[name] == nil { order.append(name) }
            texts[name, default: []].append(String(item[item.index(after: equals)...]))
        }
        return order.map { name in
            let given = texts[name] ?? []
            let field = form.field(named: name)
            switch field?.type {
            case .checkbox?, .radio?:
                if given == ["true"] { return (name, .bool(true)) }
                if given == ["false"] { return (name, .bool(false)) }
            case .list? where given.count > 1 || field?.flags.contains(.multiSelect) == true:
                return (name, .choices(given))
            default: break
            }
            return (name, given.count == 1 ? .text(given[0]) : .choices(given))
        }
    }

    /// Reads VALUES.json, an object `{"name": "text" | true | false | ["a", "b"]}`, with the
    /// project's own JSON reader (Foundation's `JSONDecoder` took 7% of filling a form of 300
    /// fields): strict JSON (RFC 8259, no trailing commas; an error names the byte), a number
    /// written as the double it reads, and a name given twice keeping its last value, as every
    /// JSON the project reads (``JSONObject``).
    /// The largest VALUES.json read: 64 MiB.
    static let maximumValuesBytes = 64 << 20

    static func readValues(_ path: String) throws -> [(name: String, value: FormValue)] {
        let bytes = [UInt8](try readInput(path, limit: maximumValuesBytes))
        let shape = "\(path): expected a JSON object {\"field name\": \"text\" | true | false | [\"a\", \"b\"]}"
        let parsed: JSONValue
        do throws(JSONSyntaxError) {
            parsed = try JSONParser.parse(bytes)
        } catch {
            throw CommandFailure(description: "\(shape): \(error.description)", code: ExitCode.badInput)
        }
        guard case .object(let object) = parsed else { throw CommandFailure(description: shape, code: ExitCode.badInput) }
        var values: [String: FormValue] = [:]
        for member in object.members {
            values[member.key] = try value(member.value, named: member.key, in: path)
        }
        return values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// One value of VALUES.json: a ``FormValue``, or a number written as the double it reads
    /// (`3`, `2.5`, `1e+20`: at most 15-16 significant digits; a quoted value keeps its own).
    private static func value(_ json: JSONValue, named name: String, in path: String) throws -> FormValue {
        if case .number(let n) = json {
            return .text(n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n))
        }
        do throws(CommandError) {
            return try FormValue(json: JSONField(json, path: name))
        } catch {
            throw CommandFailure(description: "\(path): field '\(name)': expected text, true, false or a list of texts", code: ExitCode.badInput)
        }
    }
}
