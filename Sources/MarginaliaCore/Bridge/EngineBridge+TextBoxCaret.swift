#if !hasFeature(Embedded)
import Foundation
#endif

// `textBoxCaret` and `textBoxLineMove`: where the browser draws the caret and the selection of
// a text box under edit, and where the Up and Down keys take its caret, on the lines the engine
// laid the box out in (`textBoxLayout`'s `lines`, sent back as they came: their `start` and
// `stops`). The decisions are ``TextBoxLayout``'s (TextBoxLayout+Caret.swift).

extension EngineBridge {
    /// The most lines, and the most stops in all, a caret request may hold.
    static let caretLinesLimit = 10_000
    static let caretStopsLimit = 200_000
    /// The offsets a caret request may name (UTF-16 units of a box's text): far beyond any
    /// box's text, and small enough that an offset plus a line's stops stays a number on
    /// wasm32, whose `Int` has 32 bits.
    static let caretOffsets = 0...100_000_000

    /// `textBoxCaret`: for `lines` (`[{start, stops}]`, `textBoxLayout`'s) and the selection
    /// `from`, `to` (UTF-16 offsets, `from` at most `to`): with nothing selected `{line, x}`,
    /// the line holding the caret and its x (``TextBoxLayout/lineHolding(_:in:)``,
    /// ``TextBoxLayout/caretX(_:on:)``), `{}` with no line; else `{spans: [{line, left, right,
    /// beyondEnd}]}` (``TextBoxLayout/selectedSpans(from:to:in:)``).
    ///
    /// - Throws: ``CommandError/malformed(_:)`` naming a bad field (offsets not whole numbers
    ///   in ``caretOffsets``, `from` after `to`, stops not finite numbers); ``CommandError/tooLarge(_:_:)``
    ///   past ``caretLinesLimit`` lines or ``caretStopsLimit`` stops.
    func textBoxCaretJSON(_ request: JSONField) throws(CommandError) -> JSONValue {
        let lines = try Self.caretLines(request.member("lines"))
        let fromField = try request.member("from")
        let from = try fromField.integer(in: Self.caretOffsets), to = try request.member("to").integer(in: Self.caretOffsets)
        guard from <= to else { throw fromField.problem("expected an offset at most `to` (\(to)), found \(from)") }
        if from < to {
            let spans: [JSONValue] = TextBoxLayout.selectedSpans(from: from, to: to, in: lines).map { span in
                .object([("line", .integer(span.line)), ("left", .number(span.left)), ("right", .number(span.right)),
                         ("beyondEnd", .bool(span.beyondEnd))])
            }
            return .object([("spans", .array(spans))])
        }
        guard !lines.isEmpty else { return .object([]) }
        let line = TextBoxLayout.lineHolding(from, in: lines)
        return .object([("line", .integer(line)), ("x", .number(TextBoxLayout.caretX(from, on: lines[line])))])
    }

    /// `textBoxLineMove`: for `lines` (as `textBoxCaret`'s), the text's `length` (UTF-16
    /// units), the caret's `focus`, `down` and `goalX`? (the x a run of moves keeps, from the
    /// previous answer), `{index, goalX}`: where the key takes the caret and the x to send with
    /// the next move of the run (``TextBoxLayout/lineMove(from:goalX:down:in:length:)``); `{}`
    /// with no line (the key is then the textarea's own).
    ///
    /// - Throws: as `textBoxCaret`, and for a `focus` past `length`.
    func textBoxLineMoveJSON(_ request: JSONField) throws(CommandError) -> JSONValue {
        let lines = try Self.caretLines(request.member("lines"))
        let length = try request.member("length").integer(in: Self.caretOffsets)
        let focus = try request.member("focus").integer(in: 0...length)
        let down = try request.member("down").bool()
        let goalX = try request.optionalMember("goalX")?.number()
        guard let move = TextBoxLayout.lineMove(from: focus, goalX: goalX, down: down, in: lines, length: length) else {
            return .object([])
        }
        return .object([("index", .integer(move.index)), ("goalX", .number(move.goalX))])
    }

    /// The lines of a caret request: each `{start, stops}` (stops finite numbers, at least one).
    static func caretLines(_ field: JSONField) throws(CommandError) -> [TextBoxLayout.Line] {
        var lines: [TextBoxLayout.Line] = []
        var stopsCount = 0
        for item in try field.array(maximumCount: caretLinesLimit) {
            let stopsField = try item.member("stops")
            let stops = try stopsField.numbers(count: 1...caretStopsLimit, what: "an array of stops")
            stopsCount += stops.count
            guard stopsCount <= caretStopsLimit else {
                throw CommandError.tooLarge("\(field.path): more than the limit of \(caretStopsLimit) stops",
                                            .listItems(count: stopsCount, max: caretStopsLimit))
            }
            lines.append(TextBoxLayout.Line(text: "", x: stops[0], baseline: 0, width: stops[stops.count - 1] - stops[0],
                                            start: try item.member("start").integer(in: Self.caretOffsets), stops: stops))
        }
        return lines
    }
}
