// Where a caret and a selection stand on a text box's laid-out lines, and where the Up and Down
// keys take the caret: the browser draws the caret and the selection of a box under edit and
// moves by those keys as these say (the bridge's `textBoxCaret` and `textBoxLineMove`;
// docs/editor-web.md, "Typing a text box"), measuring and deciding nothing itself. Offsets are
// UTF-16 code units of the box's whole text, as a browser's textarea counts them.

extension TextBoxLayout {
    /// A selection's stretch on one line, in the box's space.
    public struct SelectedSpan: Equatable, Sendable {
        /// The line's index in the layout's lines.
        public var line: Int
        /// Where the stretch starts and ends.
        public var left: Double
        public var right: Double
        /// Whether the selection goes on past the line's last character (over the spaces or
        /// the newline the line ends with, or into the next line).
        public var beyondEnd: Bool

        public init(line: Int, left: Double, right: Double, beyondEnd: Bool) {
            self.line = line
            self.left = left
            self.right = right
            self.beyondEnd = beyondEnd
        }
    }

    /// Where an Up or Down key takes the caret: the offset it goes to and the x a run of such
    /// moves keeps aiming at (the one the run began from).
    public struct LineMove: Equatable, Sendable {
        public var index: Int
        public var goalX: Double

        public init(index: Int, goalX: Double) {
            self.index = index
            self.goalX = goalX
        }
    }

    /// The index of the line of `lines` holding the caret at `index`: the last line starting at
    /// or before it (a caret at the end of a word broken across two lines stands at the next
    /// line's start, where the text goes on). 0 before the first line or with none.
    public static func lineHolding(_ index: Int, in lines: [Line]) -> Int {
        var found = 0
        for (number, line) in lines.enumerated() {
            if line.start > index { break }
            found = number
        }
        return found
    }

    /// Where the caret at `index` stands on `line`: its stop; the line's end for a caret among
    /// the spaces the line drops at its end, its start for one before the line (its `x` when
    /// it has no stops).
    public static func caretX(_ index: Int, on line: Line) -> Double {
        guard !line.stops.isEmpty else { return line.x }
        return line.stops[max(0, min(index - line.start, line.stops.count - 1))]
    }

    /// The offset on line `number` of `lines` whose caret stands nearest `x`, the earlier on a
    /// tie (so never inside a character of two units, whose units stand at its start). The
    /// line's end is left out when the next line starts there (a word broken across lines):
    /// a caret there stands on the next line.
    public static func nearest(to x: Double, onLine number: Int, of lines: [Line]) -> Int {
        let line = lines[number]
        var places = line.stops.count
        if number + 1 < lines.count, places > 1, line.start + places - 1 == lines[number + 1].start { places -= 1 }
        var best = 0
        for place in 0..<places where abs(line.stops[place] - x) < abs(line.stops[best] - x) { best = place }
        return line.start + best
    }

    /// Where the Up (`down` false) or Down key takes the caret at `focus` in a text of `length`
    /// units laid out in `lines`: to the line above or below, at the place nearest `goalX`
    /// (the x the run of moves began at; the caret's own x when nil); Up from the first line
    /// to the text's start, Down from the last to its end. Nil when there is no line.
    public static func lineMove(from focus: Int, goalX: Double?, down: Bool, in lines: [Line], length: Int) -> LineMove? {
        guard !lines.isEmpty else { return nil }
        let here = lineHolding(focus, in: lines)
        let goal = goalX ?? caretX(focus, on: lines[here])
        let target = here + (down ? 1 : -1)
        let index = target < 0 ? 0 : target >= lines.count ? length : nearest(to: goal, onLine: target, of: lines)
        return LineMove(index: index, goalX: goal)
    }

    /// The stretches of the selection `from`..<`to` (`from` < `to`) on `lines`, one per line it
    /// touches, top to bottom.
    public static func selectedSpans(from: Int, to: Int, in lines: [Line]) -> [SelectedSpan] {
        var spans: [SelectedSpan] = []
        for (number, line) in lines.enumerated() where !line.stops.isEmpty {
            let end = line.start + line.stops.count - 1
            let next = number + 1 < lines.count ? lines[number + 1].start : Int.max
            let beyondEnd = to > end && from < next
            let low = max(from, line.start), high = min(to, end)
            guard low < high || beyondEnd else { continue }
            spans.append(SelectedSpan(line: number, left: caretX(min(low, end), on: line),
                                      right: caretX(max(low, high), on: line), beyondEnd: beyondEnd))
        }
        return spans
    }

    /// Whether `text` holds a right-to-left character (Hebrew, Arabic, Syriac, Thaana, N'Ko,
    /// Samaritan, Mandaic and their presentation forms, and the right-to-left marks and
    /// overrides): a browser draws such a line from the right, so the stops, added from the
    /// line's left in the text's order, do not say where its glyphs are.
    public static func holdsRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x200F, 0x202B, 0x202E, 0x2067,
                 0x10800...0x10FFF, 0x1E800...0x1EFFF:
                return true
            default: continue
            }
        }
        return false
    }
}
