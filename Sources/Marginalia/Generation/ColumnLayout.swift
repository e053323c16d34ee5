import Foundation

/// Places the lines of typeset paragraphs down a column, top first, moving to a new column
/// (a new page) when a line does not fit, or stopping there. Pure arithmetic: measuring a
/// flow and drawing it go through the same steps, so a page sized by the measurement holds
/// exactly what was measured.
///
/// The rules:
/// - a line fits when its box ends at most at the column's bottom (within 1e-6 pt);
/// - a line that does not fit goes to the top of the next column, unless it is the first
///   in its column: a line taller than a whole column is placed anyway, so that the flow
///   always advances;
/// - `spacingBefore` is left out at the top of a column; `spacingAfter` is added after the
///   last line of a paragraph and dropped when a column ends there.
struct ColumnLayout {
    /// Where one line goes: which paragraph and line, which column, and the distance from
    /// the column's top to the top of the line's box.
    struct PlacedLine {
        var paragraph: Int
        var line: Int
        var column: Int
        var top: Double
    }

    static let tolerance = 1e-6

    private(set) var placed: [PlacedLine] = []
    /// How many columns were used (at least 1).
    private(set) var columnCount = 1
    /// The bottom of the last line's box in the last column.
    private(set) var contentBottom = 0.0
    /// Where content after the flow would start in the last column (after `spacingAfter`).
    private(set) var end = 0.0
    /// The first line that did not fit, when columns may not be added.
    private(set) var overflow: (paragraph: Int, line: Int)?

    /// Places `paragraphs` in columns `columnHeight` points tall; with `addsColumns` false
    /// it stops at the first line that does not fit and records it in ``overflow``.
    init(_ paragraphs: [TypesetParagraph], columnHeight: Double, addsColumns: Bool) {
        var cursor = 0.0
        var columnHasLines = false
        for (p, typeset) in paragraphs.enumerated() {
            if columnHasLines { cursor += typeset.paragraph.spacingBefore }
            for (l, line) in typeset.lines.enumerated() {
                if cursor + line.height > columnHeight + ColumnLayout.tolerance {
                    if !addsColumns {
                        overflow = (p, l)
                        end = cursor
                        return
                    }
                    if columnHasLines {
                        columnCount += 1
                        cursor = 0
                        contentBottom = 0
                    }
                }
                placed.append(PlacedLine(paragraph: p, line: l, column: columnCount - 1, top: cursor))
                cursor += line.height
                contentBottom = cursor
                columnHasLines = true
            }
            cursor += typeset.paragraph.spacingAfter
        }
        end = cursor
    }
}
