import Foundation
import Marginalia

/// The limits commands open documents with: the library's defaults (docs/limits.md),
/// changed by the `MARGINALIA_LIMITS` environment variable, a comma-separated list of
/// `name=value` pairs whose values may end in K, M or G (binary multiples):
///
/// ```
/// MARGINALIA_LIMITS=maxDecodedStreamSize=64M,maxPageCount=5000 marginalia check big.pdf
/// ```
enum LimitsSetting {
    static let variable = "MARGINALIA_LIMITS"

    /// The limits from the process's environment; the defaults when the variable is not set.
    /// Only the one variable is read: Foundation's `ProcessInfo.environment` builds a
    /// dictionary of them all, which cost a tenth of `marginalia info --pages N`
    /// (docs/benchmarks.md, "open", issue 36).
    ///
    /// - Throws: ``UsageError`` naming the entry that is not a known limit with a positive value.
    static func current() throws -> PDFLimits {
        try limits(from: getenv(variable).map { String(cString: $0) })
    }

    /// The limits from `environment` (the server's, as it was read once).
    static func current(_ environment: [String: String]) throws -> PDFLimits {
        try limits(from: environment[variable])
    }

    private static func limits(from text: String?) throws -> PDFLimits {
        guard let text, !text.isEmpty else { return PDFLimits() }
        return try parse(text)
    }

    static func parse(_ text: String) throws -> PDFLimits {
        var limits = PDFLimits()
        for entry in text.split(separator: ",") {
            let parts = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let name = PDFLimits.Name(rawValue: parts[0]) else {
                let names = PDFLimits.Name.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("\(variable): '\(entry)' is not NAME=VALUE with one of: \(names)")
            }
            guard let value = number(parts[1]), value > 0 else {
                throw UsageError("\(variable): \(parts[0]) needs a positive whole number (K, M and G suffixes allowed), not '\(parts[1])'")
            }
            limits[name] = value
        }
        return limits
    }

    /// A whole number with an optional K, M or G suffix (binary multiples); nil when it is
    /// not one or does not fit.
    static func number(_ text: String) -> Int? {
        let shifts: [Character: Int] = ["K": 10, "M": 20, "G": 30]
        guard let last = text.last?.uppercased().first, let shift = shifts[last] else { return Int(text) }
        guard let base = Int(text.dropLast()), base <= Int.max >> shift else { return nil }
        return base << shift
    }
}
