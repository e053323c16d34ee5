/// Builds the block structure of a Markdown document one line at a time (CommonMark §5 and
/// its appendix "A parsing strategy").
///
/// The parser keeps a stack of open containers (the document, quotes, list items) and at
/// most one open leaf that can take more lines (a paragraph or a code block). For each line:
/// 1. walk the open containers from the outside in, consuming each one's continuation
///    marker (`>` for a quote, indentation for a list item), until one does not match;
/// 2. inside an open code block whose containers all matched, the line is code (for an
///    indented block, if it is indented enough or blank);
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
        let matched = matchContainers(line, position: &position)
        let allMatched = matched == open.count
        if allMatched && continueCode(position..<line.upperBound) {
            return
        }
        var step = LineStep(line: line, position: position, matched: matched, allMatched: allMatched,
                            paragraphIsOpen: leaf?.isParagraph ?? false)
        if startBlocks(&step) {
            return
        }
        addText(step)
    }

    /// What is known about the line being added while new blocks are looked for.
    private struct LineStep {
        let line: Range<Int>
        /// Where the rest of the line starts, after the markers consumed so far.
        var position: Int
        /// How many open containers the line continues, the document included.
        let matched: Int
        let allMatched: Bool
        /// Whether a paragraph was open before this line.
        let paragraphIsOpen: Bool
        /// Whether this line has started a block, which closed what it did not continue.
        var started = false

        /// Whether a new block would interrupt the open paragraph of the same container,
        /// where stricter rules apply (§4.4, §5.2).
        var interruptsParagraph: Bool { allMatched && paragraphIsOpen && !started }
    }

    /// Adds the line to an open code block whose containers all continue; false if the line
    /// is not code (it ends an indented code block).
    private mutating func continueCode(_ rest: Range<Int>) -> Bool {
        guard let leaf else { return false }
        let first = source.firstNonSpace(in: rest)
        switch leaf.kind {
        case .fencedCode(let fence):
            if source.closes(fence, line: rest) {
                self.leaf = nil
            } else {
                leaf.lines.append(source.firstNonSpace(in: rest.lowerBound..<min(first, rest.lowerBound + fence.indent))..<rest.upperBound)
            }
            return true
        case .indentedCode where first == rest.upperBound || first - rest.lowerBound >= 4:
            leaf.lines.append(min(rest.lowerBound + 4, rest.upperBound)..<rest.upperBound)
            return true
        default:
            return false
        }
    }

    /// Opens the blocks that start on this line, containers possibly nested in one another
    /// (`> - # Title`). Returns true when the line has been used up by a leaf block.
    private mutating func startBlocks(_ step: inout LineStep) -> Bool {
        let end = step.line.upperBound
        while true {
            let first = source.firstNonSpace(in: step.position..<end)
            let indent = first - step.position
            if first == end {
                return false
            }
            if indent >= 4 {
                // Indented code cannot interrupt a paragraph (§4.4), not even lazily: the
                // line is then paragraph text.
                guard !step.paragraphIsOpen || step.started else { return false }
                openBlock(MarkdownBlockNode(.indentedCode, lines: [step.position + 4..<end]), &step)
                return true
            }
            let nesting = (step.started ? open.count : step.matched) - 1
            let canNest = nesting < MarkdownDocument.maximumNesting
            if canNest && source.bytes[first] == UInt8(ascii: ">") {
                step.position = first + 1
                if step.position < end && source.bytes[step.position] == UInt8(ascii: " ") {
                    step.position += 1
                }
                openBlock(MarkdownBlockNode(.quote), &step)
                continue
            }
            if let heading = source.atxHeading(at: first, end: end) {
                openBlock(MarkdownBlockNode(.heading(level: heading.level), lines: [heading.content]), &step)
                return true
            }
            if let fence = source.fenceOpening(at: first, end: end, indent: indent) {
                openBlock(MarkdownBlockNode(.fencedCode(fence)), &step)
                return true
            }
            if step.interruptsParagraph, let paragraph = leaf, let level = source.setextLevel(at: first, end: end) {
                paragraph.kind = .heading(level: level)
                leaf = nil
                return true
            }
            if source.isThematicBreak(at: first, end: end) {
                openBlock(MarkdownBlockNode(.thematicBreak), &step)
                return true
            }
            if canNest, let marker = source.listMarker(at: first, end: end, lineStart: step.line.lowerBound),
               !step.interruptsParagraph || (!marker.isEmpty && (!marker.ordered || marker.number == 1)) {
                step.position = min(end, step.line.lowerBound + marker.contentColumn)
                openBlock(MarkdownBlockNode(.listItem(marker)), &step)
                continue
            }
            return false
        }
    }

    /// Adds `node` to the innermost container, first closing what this line did not continue.
    private mutating func openBlock(_ node: MarkdownBlockNode, _ step: inout LineStep) {
        if !step.started {
            close(from: step.matched)
            step.started = true
        }
        open.last!.children.append(node)
        if node.isContainer {
            open.append(node)
        }
        leaf = node.acceptsLines ? node : nil
    }

    /// The rest of the line is text: a lazy continuation, the next line of the open
    /// paragraph, the start of a new one, or a blank line that ends a paragraph.
    private mutating func addText(_ step: LineStep) {
        let first = source.firstNonSpace(in: step.position..<step.line.upperBound)
        let isBlank = first == step.line.upperBound
        if !step.started && !step.allMatched && step.paragraphIsOpen && !isBlank {
            leaf!.lines.append(first..<step.line.upperBound)
            return
        }
        if !step.started {
            close(from: step.matched)
        }
        if isBlank {
            leaf = nil
        } else if let paragraph = leaf, paragraph.isParagraph {
            paragraph.lines.append(first..<step.line.upperBound)
        } else {
            let paragraph = MarkdownBlockNode(.paragraph, lines: [first..<step.line.upperBound])
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
