import PDFCore

/// Page labels from the catalog's `/PageLabels` number tree (ISO 32000-2, 12.4.2).
struct PageLabels {
    let file: PDFFile

    /// The label ranges of the number tree: where each starts and its style dictionary.
    typealias Ranges = [(start: Int, style: PDFDictionary)]

    /// The label of page `index`, or nil when the document has no labels.
    func label(forPageAt index: Int) throws -> String? {
        Self.label(forPageAt: index, in: try ranges())
    }

    /// The labels of pages `indexes`, the number tree read once for all of them (a page's label
    /// alone reads the whole tree): what ``label(forPageAt:)`` answers for each, nil for every
    /// page when the tree cannot be read.
    func labels(forPagesIn indexes: Range<Int>) -> [String?] {
        guard let ranges = try? ranges() else { return Array(repeating: nil, count: indexes.count) }
        return indexes.map { Self.label(forPageAt: $0, in: ranges) }
    }

    /// The number tree's ranges, in the tree's order.
    func ranges() throws -> Ranges {
        var ranges: Ranges = []
        for entry in try file.numberTreeEntries(try file.catalog()["PageLabels"]) {
            if let style = try file.dictionary(entry.value) { ranges.append((entry.key, style)) }
        }
        return ranges
    }

    /// The label of page `index` under `ranges`, or nil when no range covers it.
    static func label(forPageAt index: Int, in ranges: Ranges) -> String? {
        guard let range = ranges.filter({ $0.start <= index }).max(by: { $0.start < $1.start }) else { return nil }
        let style = range.style
        let first = style["St"]?.integerValue ?? 1
        // A range may start anywhere below the page (-9223372036854775807 in a damaged file):
        // a number past Int falls back to the page's own number.
        let (offset, overflowBelow) = index.subtractingReportingOverflow(range.start)
        let (sum, overflow) = first.addingReportingOverflow(offset)
        let number = overflow || overflowBelow ? index + 1 : sum
        let prefix = style["P"]?.stringBytes.map(PDFTextString.decode) ?? ""
        let body: String
        switch style["S"]?.nameValue {
        case "D"?: body = String(number)
        case "R"?: body = PageLabels.roman(number).uppercased()
        case "r"?: body = PageLabels.roman(number)
        case "A"?: body = PageLabels.letters(number).uppercased()
        case "a"?: body = PageLabels.letters(number)
        default: body = ""
        }
        return prefix + body
    }

    static func roman(_ value: Int) -> String {
        guard value > 0 && value < 5000 else { return String(value) }
        let table: [(Int, String)] = [
            (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
            (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
        ]
        var remaining = value
        var result = ""
        for (amount, numeral) in table {
            while remaining >= amount {
                result += numeral
                remaining -= amount
            }
        }
        return result
    }

    /// a..z, then aa..zz, then aaa.. (12.4.2, Table 161).
    static func letters(_ value: Int) -> String {
        guard value > 0 && value < 100_000 else { return String(value) }
        let letter = Character(Unicode.Scalar(UInt8(97 + (value - 1) % 26)))
        return String(repeating: letter, count: (value - 1) / 26 + 1)
    }
}
