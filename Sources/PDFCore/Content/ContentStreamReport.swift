/// What reading a whole content stream found: how it leaves the graphics state, and what a
/// renderer would stumble on.
///
/// Flattening uses the balance to close what a page leaves open before drawing on top of
/// it; `marginalia check` reports the problems.
public struct ContentStreamReport: Sendable, Equatable {
    /// Operators read.
    public var operationCount = 0
    /// `q` operators still open at the end (saved states never restored).
    public var unclosedSaves = 0
    /// `Q` operators with no `q` to restore (renderers ignore them).
    public var unmatchedRestores = 0
    /// Whether the content ends inside a text object (`BT` without `ET`).
    public var endsInsideText = false
    /// Tokens that could not be read, with their offsets (the first 20; ``problemCount`` counts all).
    public var problems: [String] = []
    /// How many problems there were.
    public var problemCount = 0
    /// Operators that PDF does not define, outside `BX ... EX` compatibility sections, with
    /// how often each occurs.
    public var unknownOperators: [String: Int] = [:]

    /// An empty report, for the scan to fill in.
    init() {}

    /// Reads `bytes` to the end: well-formed content by a scan that builds no operand
    /// (``scanned(_:limits:)``), anything else operator by operator as a renderer reads it.
    ///
    /// - Throws: ``PDFError/limitExceeded(_:limit:max:)`` only; syntax errors are collected in ``problems``.
    public init(bytes: [UInt8], limits: PDFLimits = .default) throws {
        if let report = ContentStreamReport.scanned(bytes, limits: limits) {
            self = report
            return
        }
        try self.init(parsing: bytes, limits: limits)
    }

    /// Reads `bytes` operator by operator with ``ContentStreamParser``, operands and all:
    /// the reading every report agrees with.
    init(parsing bytes: [UInt8], limits: PDFLimits = .default) throws {
        var parser = ContentStreamParser(bytes: bytes, limits: limits)
        var saves = 0
        var compatibility = 0
        while true {
            let operation: ContentOperation
            do {
                guard let next = try parser.next() else { break }
                operation = next
            } catch let error as PDFError {
                if case .limitExceeded = error { throw error }
                problemCount += 1
                if problems.count < 20 { problems.append(error.description) }
                continue
            }
            operationCount += 1
            switch operation.name {
            case "q": saves += 1
            case "Q": if saves > 0 { saves -= 1 } else { unmatchedRestores += 1 }
            case "BT": endsInsideText = true
            case "ET": endsInsideText = false
            case "BX": compatibility += 1
            case "EX": compatibility = max(0, compatibility - 1)
            case let name where compatibility == 0 && !ContentStreamReport.operators.contains(name):
                unknownOperators[name, default: 0] += 1
            default: break
            }
        }
        unclosedSaves = saves
    }

    /// The operators of ISO 32000-2, Annex A.
    public static let operators: Set<String> = [
        "b", "B", "b*", "B*", "BDC", "BI", "BMC", "BT", "BX", "c", "cm", "CS", "cs", "d", "d0", "d1",
        "Do", "DP", "EI", "EMC", "ET", "EX", "f", "F", "f*", "G", "g", "gs", "h", "i", "ID", "j", "J",
        "K", "k", "l", "m", "M", "MP", "n", "q", "Q", "re", "RG", "rg", "ri", "s", "S", "SC", "sc",
        "SCN", "scn", "sh", "T*", "Tc", "Td", "TD", "Tf", "Tj", "TJ", "TL", "Tm", "Tr", "Ts", "Tw",
        "Tz", "v", "w", "W", "W*", "y", "'", "\"",
    ]

    /// What to write before this content so that a drawing appended after it can return to
    /// the page's initial graphics state: one `q`, plus one for each `Q` the content would
    /// otherwise take from it.
    public var openingOperators: String {
        String(repeating: "q\n", count: unmatchedRestores + 1)
    }

    /// What to write after this content (preceded by ``openingOperators``) so that what
    /// follows starts in the page's initial graphics state: `ET` when a text object is open,
    /// then one `Q` for each save the content left open and one for the opening `q`.
    public var closingOperators: String {
        (endsInsideText ? "ET\n" : "") + String(repeating: "Q\n", count: unclosedSaves + 1)
    }
}
