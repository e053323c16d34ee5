import Foundation
import MarginaliaCore

/// Whole numbers in query strings, path segments and headers, read with the one checked
/// conversion (`Int(checking:in:)`): decimal digits only, within the range the value may take,
/// or a 400 naming the parameter. The ranges keep arithmetic on the result (a page's number for
/// people, the revision after one) from overflowing.
public enum RequestNumbers {
    /// Page indexes: 0 to 2^31 - 1, as in the command protocol.
    public static let pageIndex = 0...Int(Int32.max)
    /// Revisions and version numbers: 0 to 2^53, the whole numbers JSON carries exactly.
    public static let revision = 0...(1 << 53)

    /// `text` as a whole number within `range`, or a 400 error naming `name`.
    public static func integer(_ text: String, name: String, in range: ClosedRange<Int>) throws -> Int {
        guard let value = Int(checking: Substring(text), in: range) else {
            throw APIError.badRequest("\(name) '\(text.prefix(24))': expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// The query item `name` as a whole number within `range`, nil when absent, or a 400 error.
    public static func query(_ request: HTTPRequest, _ name: String, in range: ClosedRange<Int>) throws -> Int? {
        try request.query(name).map { try integer($0, name: name, in: range) }
    }
}
