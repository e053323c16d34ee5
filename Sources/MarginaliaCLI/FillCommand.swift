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
        let form = try document.acroForm()
        let values: [(name: String, value: FormValue)]
        if let from {
            values = try readValues(from)
        } else {
            values = try parseAssignments(assignments, form: form)
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

    /// A value in VALUES.json.
    enum Input: Decodable {
        case value(FormValue)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(FormValue.self) {
                self = .value(value)
            } else if let n = try? container.decode(Double.self) {
                self = .value(.text(n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)))
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected text, true, false or a list of texts")
            }
        }
    }

    static func readValues(_ path: String) throws -> [(name: String, value: FormValue)] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure(description: "\(path): cannot read the file", code: ExitCode.badInput)
        }
        do {
            let decoded = try JSONDecoder().decode([String: Input].self, from: data)
            return decoded.sorted { $0.key < $1.key }.map { key, input in
                if case .value(let value) = input { return (key, value) }
                return (key, .text(""))
            }
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            throw CommandFailure(description: "\(path): field '\(context.codingPath.last?.stringValue ?? "")': \(context.debugDescription)", code: ExitCode.badInput)
        } catch {
            throw CommandFailure(description: "\(path): expected a JSON object {\"field name\": \"text\" | true | false | [\"a\", \"b\"]}", code: ExitCode.badInput)
        }
    }
}
