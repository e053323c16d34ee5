#if !hasFeature(Embedded)
import Foundation
#endif

// A range of accepted numbers as a refusal spells it, written from the range the check uses,
// so the message cannot drift from the limit (Embedded Swift, in the browser's engine, does
// not interpolate a Double: the numbers are written as the JSON writer writes them).

extension ClosedRange where Bound == Double {
    /// The range in words: `0 to 200`, `0.5 to 30` (each end as ``JSONWriter/number(_:)``
    /// writes it: up to six decimals, no trailing zeros).
    public var spelled: String {
        "\(JSONWriter.number(lowerBound)) to \(JSONWriter.number(upperBound))"
    }
}
