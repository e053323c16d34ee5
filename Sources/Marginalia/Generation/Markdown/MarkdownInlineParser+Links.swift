/// Links and images (§6.3, §6.4) and autolinks (§6.5).
///
/// `[` and `![` push an opener; a `]` looks at the most recent one and, if an inline link
/// tail `(destination "title")` follows, makes everything since the opener a link or an
/// image. Links cannot contain links, so forming one deactivates every earlier `[` opener;
/// instead of walking the stack to mark them, openers are numbered and `linkBarrier` says
/// which numbers are no longer active, which keeps `[[[[…` inputs linear.
extension MarkdownInlineParser {
    struct Bracket {
        /// The `.opener` node.
        var node: Int
        var image: Bool
        /// The order in which openers were pushed, compared with `linkBarrier`.
        var serial: Int
        /// The last delimiter before the opener: emphasis inside the link text is matched
        /// only among the delimiters after it.
        var delimiterBottom: Int
    }

    mutating func openBracket(image: Bool) {
        emit(.opener(image: image))
        brackets.append(Bracket(node: nodes.count - 1, image: image, serial: bracketSerial, delimiterBottom: lastDelimiter))
        bracketSerial += 1
        position += image ? 2 : 1
    }

    mutating func closeBracket() {
        position += 1
        guard let bracket = brackets.last else {
            pending.append(UInt8(ascii: "]"))
            return
        }
        brackets.removeLast()
        guard bracket.image || bracket.serial >= linkBarrier,
              let tail = inlineLinkTail(at: position) else {
            pending.append(UInt8(ascii: "]"))
            return
        }
        flush()
        processEmphasis(above: bracket.delimiterBottom)
        let content = bracket.node + 1..<nodes.count
        if bracket.image {
            nodes[bracket.node] = .image(alt: altText(content), source: tail.destination, end: content.upperBound)
        } else {
            nodes[bracket.node] = .text("")
            for index in content {
                links[index] = tail.destination
            }
            linkBarrier = bracketSerial
        }
        position = tail.end
    }

    /// The plain text of an image description: the characters without emphasis markers;
    /// nested images contribute their own description.
    private func altText(_ range: Range<Int>) -> String {
        var alt = ""
        var index = range.lowerBound
        while index < range.upperBound {
            switch nodes[index] {
            case .text(let text), .code(let text):
                alt += text
            case .lineBreak:
                alt += " "
            case .delimiter(let character, let remaining):
                alt += String(repeating: Character(Unicode.Scalar(character)), count: remaining)
            case .opener(let image):
                alt += image ? "![" : "["
            case .image(let description, _, let end):
                alt += description
                index = end
                continue
            }
            index += 1
        }
        return alt
    }

    // MARK: - Link tail

    /// Parses `(destination "title")` starting at `start`; the title is checked but dropped.
    ///
    /// Every scan here stops at the next character of the kind it looks for (a `>`, a
    /// quote, a space) and jumps over balanced parentheses (see ``ParenthesisPairs``), so
    /// repeated failed attempts cannot add up to quadratic work.
    private mutating func inlineLinkTail(at start: Int) -> (destination: String, end: Int)? {
        guard start < text.count && text[start] == UInt8(ascii: "(") else { return nil }
        var cursor = skipWhitespace(from: start + 1)
        let destination: Range<Int>
        if cursor < text.count && text[cursor] == UInt8(ascii: "<") {
            var close = cursor + 1
            while close < text.count && text[close] != UInt8(ascii: ">") {
                if text[close] == UInt8(ascii: "\n") || text[close] == UInt8(ascii: "<") {
                    return nil
                }
                close += isEscape(at: close) ? 2 : 1
            }
            guard close < text.count else { return nil }
            destination = cursor + 1..<close
            cursor = close + 1
        } else {
            if parenthesisPairs == nil {
                parenthesisPairs = ParenthesisPairs(text)
            }
            var close = cursor
            scanning: while close < text.count && text[close] > 0x20 && text[close] != 0x7F {
                switch text[close] {
                case UInt8(ascii: "("):
                    guard let match = parenthesisPairs?.closing(of: close) else { return nil }
                    close = match + 1
                case UInt8(ascii: ")"):
                    break scanning
                default:
                    close += isEscape(at: close) ? 2 : 1
                }
            }
            destination = cursor..<min(close, text.count)
            cursor = destination.upperBound
        }
        let afterDestination = cursor
        cursor = skipWhitespace(from: cursor)
        if cursor > afterDestination, cursor < text.count, let closing = Self.titleClosing(text[cursor]) {
            var close = cursor + 1
            while close < text.count && text[close] != closing {
                if closing == UInt8(ascii: ")") && text[close] == UInt8(ascii: "(") {
                    return nil
                }
                close += isEscape(at: close) ? 2 : 1
            }
            guard close < text.count else { return nil }
            cursor = skipWhitespace(from: close + 1)
        }
        guard cursor < text.count && text[cursor] == UInt8(ascii: ")") else { return nil }
        return (Self.decodeEscapesAndEntities(Array(text[destination])), cursor + 1)
    }

    private static func titleClosing(_ opening: UInt8) -> UInt8? {
        switch opening {
        case UInt8(ascii: "\""): return UInt8(ascii: "\"")
        case UInt8(ascii: "'"): return UInt8(ascii: "'")
        case UInt8(ascii: "("): return UInt8(ascii: ")")
        default: return nil
        }
    }

    private func isEscape(at index: Int) -> Bool {
        text[index] == UInt8(ascii: "\\") && index + 1 < text.count && Self.isASCIIPunctuation(text[index + 1])
    }

    private func skipWhitespace(from index: Int) -> Int {
        var cursor = index
        while cursor < text.count && (text[cursor] == UInt8(ascii: " ") || text[cursor] == UInt8(ascii: "\n")) {
            cursor += 1
        }
        return cursor
    }

    // MARK: - Autolinks

    /// `<scheme:…>` or `<user@example.com>` becomes a link showing its address; any other `<`
    /// is literal (raw HTML is not interpreted).
    mutating func angleBracket() {
        if let autolink = autolink(at: position) {
            emit(.text(autolink.text), link: autolink.destination)
            position = autolink.end
        } else {
            pending.append(UInt8(ascii: "<"))
            position += 1
        }
    }

    private func autolink(at start: Int) -> (text: String, destination: String, end: Int)? {
        // A URI: a scheme of 2 to 32 characters, `:`, then no spaces, `<` or `>` (§6.5).
        let schemeStart = start + 1
        var cursor = schemeStart
        while cursor < text.count && cursor - schemeStart <= 32 && Self.isSchemeCharacter(text[cursor], first: cursor == schemeStart) {
            cursor += 1
        }
        if (2...32).contains(cursor - schemeStart) && cursor < text.count && text[cursor] == UInt8(ascii: ":") {
            while cursor < text.count && text[cursor] > 0x20 && text[cursor] != UInt8(ascii: "<") && text[cursor] != UInt8(ascii: ">") {
                cursor += 1
            }
            if cursor < text.count && text[cursor] == UInt8(ascii: ">") {
                let uri = String(decoding: text[schemeStart..<cursor], as: UTF8.self)
                return (uri, uri, cursor + 1)
            }
            return nil
        }
        // An email address: a local part, `@`, and dot-separated labels of letters, digits and `-`.
        cursor = schemeStart
        while cursor < text.count && Self.isEmailLocalCharacter(text[cursor]) {
            cursor += 1
        }
        guard cursor > schemeStart && cursor < text.count && text[cursor] == UInt8(ascii: "@") else { return nil }
        let domainStart = cursor + 1
        cursor = domainStart
        while cursor < text.count && (Self.isAlphanumeric(text[cursor]) || text[cursor] == UInt8(ascii: "-") || text[cursor] == UInt8(ascii: ".")) {
            cursor += 1
        }
        guard cursor < text.count && text[cursor] == UInt8(ascii: ">") else { return nil }
        let labels = text[domainStart..<cursor].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.allSatisfy({ !$0.isEmpty && $0.first != UInt8(ascii: "-") && $0.last != UInt8(ascii: "-") }) else {
            return nil
        }
        let address = String(decoding: text[schemeStart..<cursor], as: UTF8.self)
        return (address, "mailto:" + address, cursor + 1)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isSchemeCharacter(_ byte: UInt8, first: Bool) -> Bool {
        if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) { return true }
        if first { return false }
        return isAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    private static func isEmailLocalCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
             UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "/"),
             UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"),
             UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "~"), UInt8(ascii: "-"):
            return true
        default:
            return isAlphanumeric(byte)
        }
    }
}
