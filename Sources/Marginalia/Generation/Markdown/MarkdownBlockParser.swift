/// Builds the block structure of a Markdown document one line at a time (CommonMark §5 and
/// its appendix "A parsing strategy").
///
/// The parser keeps a stack of open containers (the document, quotes, list items) and at
/// most one open leaf that can take more lines (a paragraph or a code block). For each line:
/// 1. walk the open containers from the outside in, consuming each one's continuation
///    marker (`>` for a quote, indentation for a list item), until one does not match;
/// 2. inside an open fenced code block whose containers all matched, the line is code;
/// 3. look for new block starts in the rest of the line (new containers may nest);
/// 4. a line that matched fewer containers and starts nothing new continues an open
///    paragraph ("lazy continuation"); otherwise the unmatched containers are closed and
///    the rest of the line becomes text of a paragraph.
///
/// Each line visits at most ``MarkdownDocument/maximumNesting`` containers, and deeper
/// markers are left as text, so the work is linear in the input.
struct MarkdownBlockParser {
    private let source: MarkdownSource
    private let document = MarkdownBlockNode(.document)
    /// The open containers, outermost (the document) first.
    private var open: [MarkdownBlockNode]
    /// The open leaf, a child of `open.last`: a paragraph or a code block.
    private var leaf: MarkdownBlockNode?

    init(source: MarkdownSource) {
        self.source = source
        self.open = [document]
    }

    /// The blocks of the document, after all lines have been added.
    func finish() -> [MarkdownBlock] {
        document.blocks(in: source)
    }

    // MARK: - One line

    /// Adds one line of the source.
    mutating func add(_ line: Range<Int>) {
        var position = line.lowerBound
        let end = line.upperBound
        let matched = matchContainers(line, position: &position)
        let allMatched = matched == open.count

        if allMatched, let leaf, case .fencedCode(let fence) = leaf.kind {
            if source.closes(fence, line: position..<end) {
                self.leaf = nil
            } else {
                let first = source.firstNonSpace(in: position..<min(end, position + fence.indent))
                leaf.lines.append(first..<end)
            }
            return
        }
        if allMatched, let leaf, case .indentedCode = leaf.kind {
            let first = source.firstNonSpace(in: position..<end)
            if first == end || first - position >= 4 {
                leaf.lines.append(min(position + 4, end)..<end)
                return
            }
        }

        let paragraphIsOpen = leaf?.isParagraph ?? false
        var started = false
        var nesting = matched - 1
        func startBlock(_ parser: inout MarkdownBlockParser, _ node: MarkdownBlockNode) {
            if !started {
                parser.close(from: matched)
                started = true
            }
            parser.leaf = nil
            parser.open.last!.children.append(node)
            if node.isContainer {
                parser.open.append(node)
                nesting += 1
            }
        }

        while true {
            let first = source.firstNonSpace(in: position..<end)
            let indent = first - position
            if first == end {
                break
            }
            if indent >= 4 {
                // Indented code cannot interrupt a paragraph (§4.4): the line is its text.
                if !(paragraphIsOpen && !started) {
                    let code = MarkdownBlockNode(.indentedCode, lines: [position + 4..<end])
                    startBlock(&self, code)
                    leaf = code
                    return
                }
                break
            }
            // Blocks that interrupt a paragraph of the same container follow stricter rules.
            let interrupting = allMatched && paragraphIsOpen && !started
            let canNest = nesting < MarkdownDocument.maximumNesting
            if canNest && source.bytes[first] == UInt8(ascii: ">") {
                position = first + 1
                if position < end && source.bytes[position] == UInt8(ascii: " ") {
                    position += 1
                }
                startBlock(&self, MarkdownBlockNode(.quote))
                continue
            }
            if let heading = source.atxHeading(at: first, end: end) {
                startBlock(&self, MarkdownBlockNode(.heading(level: heading.level), lines: [heading.content]))
                return
            }
            if let fence = source.fenceOpening(at: first, end: end, indent: indent) {
                let code = MarkdownBlockNode(.fencedCode(fence))
                startBlock(&self, code)
                leaf = code
                return
            }
            if interrupting, let paragraph = leaf, let level = source.setextLevel(at: first, end: end) {
                paragraph.kind = .heading(level: level)
                leaf = nil
                return
            }
            if source.isThematicBreak(at: first, end: end) {
                startBlock(&self, MarkdownBlockNode(.thematicBreak))
                return
            }
            if canNest, let marker = source.listMarker(at: first, end: end, lineStart: line.lowerBound),
               !interrupting || (!marker.isEmpty && (!marker.ordered || marker.number == 1)) {
                position = min(end, line.lowerBound + marker.contentColumn)
                startBlock(&self, MarkdownBlockNode(.listItem(marker)))
                continue
            }
            break
        }

        let first = source.firstNonSpace(in: position..<end)
        if !started && !allMatched && paragraphIsOpen && first < end {
            leaf!.lines.append(first..<end)
            return
        }
        if !started {
            close(from: matched)
        }
        if first == end {
            leaf = nil
        } else if let paragraph = leaf, paragraph.isParagraph {
            paragraph.lines.append(first..<end)
        } else {
            let paragraph = MarkdownBlockNode(.paragraph, lines: [first..<end])
            open.last!.children.append(paragraph)
            leaf = paragraph
        }
    }

    // MARK: - Containers

    /// Consumes the continuation markers of the open containers and returns how many
    /// matched, the document included.
    private func matchContainers(_ line: Range<Int>, position: inout Int) -> Int {
        let end = line.upperBound
        var matched = 1
        while matched < open.count {
            let node = open[matched]
            let first = source.firstNonSpace(in: position..<end)
            let indent = first - position
            switch node.kind {
            case .quote:
                guard indent <= 3, first < end, source.bytes[first] == UInt8(ascii: ">") else {
                    return matched
                }
                position = first + 1
                if position < end && source.bytes[position] == UInt8(ascii: " ") {
                    position += 1
                }
            case .listItem(let marker):
                let column = first - line.lowerBound
                if first == end {
                    // A blank line continues an item that has content; an item that starts
                    // with a blank line and gets another one is over (§5.2, rule 3).
                    guard !node.children.isEmpty else { return matched }
                    position = min(end, line.lowerBound + marker.contentColumn)
                } else if column >= marker.contentColumn {
                    position = line.lowerBound + marker.contentColumn
                } else if column >= marker.markerColumn + 2 {
                    // Not CommonMark: a line indented at least two columns past the marker
                    // belongs to the item even short of its content column, so that a list
                    // nested two spaces under `1. ` nests, as most writers expect.
                    position = first
                } else {
                    return matched
                }
            default:
                return matched
            }
            matched += 1
        }
        return matched
    }

    /// Closes the open leaf and the containers from `open[count]` inward.
    private mutating func close(from count: Int) {
        if count < open.count {
            open.removeSubrange(count...)
            leaf = nil
        }
    }
}
