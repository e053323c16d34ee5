/// A small argument reader: positional values and `--flag value` options, in order.
struct Arguments {
    private(set) var items: [String]

    init(_ items: [String]) {
        self.items = items
    }

    /// Removes and returns the value of `--name VALUE` (or `--name=VALUE`), last one winning.
    mutating func option(_ names: String...) throws -> String? {
        try allValues(names).last
    }

    /// Removes and returns every value of `--name VALUE` (or `--name=VALUE`), in order: an
    /// option that may be repeated.
    mutating func values(_ names: String...) throws -> [String] {
        try allValues(names)
    }

    private mutating func allValues(_ names: [String]) throws -> [String] {
        var values: [String] = []
        var i = 0
        while i < items.count {
            let item = items[i]
            if names.contains(item) {
                guard i + 1 < items.count else { throw UsageError("\(item) needs a value") }
                values.append(items[i + 1])
                items.removeSubrange(i...(i + 1))
                continue
            }
            if let name = names.first(where: { item.hasPrefix($0 + "=") }) {
                values.append(String(item.dropFirst(name.count + 1)))
                items.remove(at: i)
                continue
            }
            i += 1
        }
        return values
    }

    /// Removes and returns the leading action word of a command with actions (`store
    /// migrate`, `users add`); `expected` lists them for the error.
    mutating func action(expected: String) throws -> String {
        guard let first = items.first, !first.hasPrefix("-") else { throw UsageError("expected an action: \(expected)") }
        items.removeFirst()
        return first
    }

    /// Removes `--name` and returns whether it was there.
    mutating func flag(_ name: String) -> Bool {
        let found = items.contains(name)
        items.removeAll { $0 == name }
        return found
    }

    /// The one remaining positional argument (the input file).
    mutating func singleInput() throws -> String {
        if let unknown = items.first(where: { $0.hasPrefix("-") && $0.count > 1 }) {
            throw UsageError("unknown option '\(unknown)'")
        }
        guard items.count == 1 else {
            throw UsageError(items.isEmpty ? "missing input FILE" : "expected one input FILE, got \(items.count)")
        }
        return items[0]
    }
}

/// Parses page ranges such as `3`, `1-10`, `2,5-7` (1-based, inclusive) into 0-based indexes.
func parsePageRange(_ text: String, pageCount: Int) throws -> [Int] {
    var indexes: [Int] = []
    for part in text.split(separator: ",") {
        let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 1 || bounds.count == 2,
              let first = Int(bounds[0].trimmingWhitespaces()),
              let last = bounds.count == 2 ? Int(bounds[1].trimmingWhitespaces()) : first
        else {
            throw UsageError("bad page range '\(part)': use N, A-B or a comma-separated list")
        }
        guard first >= 1, last >= first else { throw UsageError("bad page range '\(part)'") }
        guard last <= pageCount else {
            throw CommandFailure(description: "page \(last) is out of range (the document has \(pageCount) pages)",
                                 code: ExitCode.badInput)
        }
        indexes += (first - 1)..<last
    }
    return indexes
}

/// Parses a 1-based page number argument.
func parsePageNumber(_ text: Substring, option: String) throws -> Int {
    guard let n = Int(text), n >= 1 else { throw UsageError("\(option): '\(text)' is not a page number (1-based)") }
    return n
}

import Foundation
