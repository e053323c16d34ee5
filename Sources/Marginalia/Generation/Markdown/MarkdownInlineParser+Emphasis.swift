/// Emphasis (§6.2): delimiter runs of `*` and `_`, and matching them with the "process
/// emphasis" procedure of the spec's appendix.
///
/// Delimiters that can open or close are kept in a doubly linked list (indices into
/// `delimiters`, which is in document order, so an index comparison tells which of two
/// delimiters comes first). For each closer the nearest compatible opener is searched
/// backwards; `openersBottom` remembers, per kind of closer, below which point no opener can
/// be found, which keeps runs of unmatched delimiters from being searched again and again.
extension MarkdownInlineParser {
    struct Delimiter {
        /// The `.delimiter` node holding the run's characters.
        var node: Int
        var character: UInt8
        /// The run's original length, for the "multiple of 3" rule.
        var length: Int
        var canOpen: Bool
        var canClose: Bool
        var previous: Int
        var next: Int
    }

    /// Emphasis over the nodes strictly between `opener` and `closer`.
    struct EmphasisSpan {
        var opener: Int
        var closer: Int
        var strong: Bool
    }

    // MARK: - Delimiter runs

    /// A run of `*` or `_`, classified by the characters around it: left-flanking runs can
    /// open, right-flanking runs can close; `_` also must not be inside a word (so that
    /// `snake_case_name` stays literal).
    mutating func delimiterRun() {
        let character = text[position]
        var end = position
        while end < text.count && text[end] == character {
            end += 1
        }
        let before = scalar(endingAt: position)
        let after = scalar(startingAt: end)
        let beforeIsSpace = before.map(Self.isWhitespace) ?? true
        let afterIsSpace = after.map(Self.isWhitespace) ?? true
        let beforeIsPunctuation = before.map(Self.isPunctuation) ?? false
        let afterIsPunctuation = after.map(Self.isPunctuation) ?? false
        let leftFlanking = !afterIsSpace && (!afterIsPunctuation || beforeIsSpace || beforeIsPunctuation)
        let rightFlanking = !beforeIsSpace && (!beforeIsPunctuation || afterIsSpace || afterIsPunctuation)
        let canOpen: Bool
        let canClose: Bool
        if character == UInt8(ascii: "*") {
            canOpen = leftFlanking
            canClose = rightFlanking
        } else {
            canOpen = leftFlanking && (!rightFlanking || beforeIsPunctuation)
            canClose = rightFlanking && (!leftFlanking || afterIsPunctuation)
        }
        emit(.delimiter(character, remaining: end - position))
        if canOpen || canClose {
            let index = delimiters.count
            delimiters.append(Delimiter(
                node: nodes.count - 1, character: character, length: end - position,
                canOpen: canOpen, canClose: canClose, previous: lastDelimiter, next: -1
            ))
            if lastDelimiter >= 0 {
                delimiters[lastDelimiter].next = index
            }
            lastDelimiter = index
        }
        position = end
    }

    // MARK: - Matching

    /// Matches the delimiters after `bottom` (an index into `delimiters`, or -1 for all) and
    /// removes them from the list; those left unmatched stay literal text.
    mutating func processEmphasis(above bottom: Int) {
        var closer = -1
        var cursor = lastDelimiter
        while cursor > bottom {
            closer = cursor
            cursor = delimiters[cursor].previous
        }
        // Per closer character, length modulo 3 and ability to open: 2 × 3 × 2 entries.
        var openersBottom = [Int](repeating: bottom, count: 12)
        while closer >= 0 {
            let close = delimiters[closer]
            guard close.canClose else {
                closer = close.next
                continue
            }
            let key = (close.character == UInt8(ascii: "*") ? 0 : 6) + close.length % 3 * 2 + (close.canOpen ? 1 : 0)
            var opener = close.previous
            while opener > openersBottom[key] && !canMatch(delimiters[opener], close) {
                opener = delimiters[opener].previous
            }
            guard opener > openersBottom[key] else {
                openersBottom[key] = close.previous
                if !close.canOpen {
                    unlink(closer)
                }
                closer = close.next
                continue
            }
            let used = remaining(opener) >= 2 && remaining(closer) >= 2 ? 2 : 1
            consume(used, of: opener)
            consume(used, of: closer)
            emphasis.append(EmphasisSpan(opener: delimiters[opener].node, closer: close.node, strong: used == 2))
            var between = delimiters[opener].next
            while between != closer {
                let next = delimiters[between].next
                unlink(between)
                between = next
            }
            if remaining(opener) == 0 {
                unlink(opener)
            }
            if remaining(closer) == 0 {
                let next = delimiters[closer].next
                unlink(closer)
                closer = next
            }
        }
        lastDelimiter = bottom
        if bottom >= 0 {
            delimiters[bottom].next = -1
        }
    }

    /// Whether `opener` can open emphasis closed by `closer`, including the rule of three:
    /// if either run can both open and close, their lengths may not add up to a multiple of 3
    /// unless both are multiples of 3 (so that `*foo**bar*` is one emphasis).
    private func canMatch(_ opener: Delimiter, _ closer: Delimiter) -> Bool {
        guard opener.character == closer.character && opener.canOpen else { return false }
        if opener.canClose || closer.canOpen {
            let sum = opener.length + closer.length
            return sum % 3 != 0 || (opener.length % 3 == 0 && closer.length % 3 == 0)
        }
        return true
    }

    private func remaining(_ delimiter: Int) -> Int {
        guard case .delimiter(_, let remaining) = nodes[delimiters[delimiter].node] else { return 0 }
        return remaining
    }

    private mutating func consume(_ count: Int, of delimiter: Int) {
        let node = delimiters[delimiter].node
        if case .delimiter(let character, let remaining) = nodes[node] {
            nodes[node] = .delimiter(character, remaining: remaining - count)
        }
    }

    private mutating func unlink(_ index: Int) {
        let previous = delimiters[index].previous
        let next = delimiters[index].next
        if previous >= 0 {
            delimiters[previous].next = next
        }
        if next >= 0 {
            delimiters[next].previous = previous
        } else {
            lastDelimiter = previous
        }
    }

    // MARK: - Characters around a run

    /// The character before byte `index`, or nil at the start (which counts as whitespace).
    func scalar(endingAt index: Int) -> Unicode.Scalar? {
        guard index > 0 else { return nil }
        var start = index - 1
        // Step back over UTF-8 continuation bytes (10xxxxxx) to the character's first byte.
        while start > 0 && index - start < 4 && text[start] & 0xC0 == 0x80 {
            start -= 1
        }
        return scalar(startingAt: start)
    }

    /// The character starting at byte `index`, or nil at the end.
    func scalar(startingAt index: Int) -> Unicode.Scalar? {
        guard index < text.count else { return nil }
        var iterator = text[index...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return scalar
        }
        return nil
    }

    /// Unicode whitespace as CommonMark defines it: space separators, tab, line feed, form
    /// feed and carriage return.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0C, 0x0D, 0x20: return true
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// Unicode punctuation as CommonMark 0.31 defines it: general categories P and S.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return isASCIIPunctuation(UInt8(scalar.value))
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}
