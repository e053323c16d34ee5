/// A block while the document is being parsed: a container (the document, a quote, a list
/// item) that may still receive lines, or a leaf with its source lines.
///
/// A reference type because the parser keeps the open blocks on a stack and appends to the
/// innermost one while it is also a child of its parent.
final class MarkdownBlockNode {
    enum Kind {
        case document
        case quote
        case listItem(MarkdownListMarker)
        case paragraph
        case heading(level: Int)
        case fencedCode(MarkdownFence)
        case indentedCode
        case thematicBreak
    }

    var kind: Kind
    /// The blocks inside a container.
    var children: [MarkdownBlockNode] = []
    /// A leaf's lines, as ranges of the source bytes, each without its container markers
    /// and indentation already removed.
    var lines: [Range<Int>] = []

    init(_ kind: Kind, lines: [Range<Int>] = []) {
        self.kind = kind
        self.lines = lines
    }

    var isParagraph: Bool {
        if case .paragraph = kind { return true }
        return false
    }

    /// Whether the block can take the following lines: a paragraph or a code block.
    var acceptsLines: Bool {
        switch kind {
        case .paragraph, .fencedCode, .indentedCode: return true
        default: return false
        }
    }

    var isContainer: Bool {
        switch kind {
        case .document, .quote, .listItem: return true
        default: return false
        }
    }
}

// MARK: - Converting to the public model

extension MarkdownBlockNode {
    /// The public blocks for this container's children: consecutive list items with the same
    /// kind of marker become one list.
    func blocks(in source: MarkdownSource) -> [MarkdownBlock] {
        var result: [MarkdownBlock] = []
        var index = children.startIndex
        while index < children.endIndex {
            let child = children[index]
            index += 1
            guard case .listItem(let marker) = child.kind else {
                if let block = child.leafBlock(in: source) {
                    result.append(block)
                }
                continue
            }
            var items = [child.blocks(in: source)]
            while index < children.endIndex, case .listItem(let next) = children[index].kind,
                  next.ordered == marker.ordered, next.delimiter == marker.delimiter {
                items.append(children[index].blocks(in: source))
                index += 1
            }
            result.append(.list(ordered: marker.ordered, start: marker.ordered ? marker.number : 1, items: items))
        }
        return result
    }

    /// The public block for a leaf or a quote.
    private func leafBlock(in source: MarkdownSource) -> MarkdownBlock? {
        switch kind {
        case .document, .listItem:
            return nil
        case .quote:
            return .quote(blocks(in: source))
        case .paragraph:
            let inline = MarkdownInlineParser.parse(joinedText(in: source))
            if let image = inline.soleImage {
                return .image(alt: image.alt, source: image.source)
            }
            return .paragraph(inline.runs)
        case .heading(let level):
            return .heading(level: level, MarkdownInlineParser.parse(joinedText(in: source)).runs)
        case .fencedCode(let fence):
            let info = MarkdownInlineParser.decodeEscapesAndEntities(Array(source.bytes[fence.info]))
            let language = info.split(separator: " ", maxSplits: 1).first.map(String.init)
            return .codeBlock(language: language, text: codeText(lines[...], in: source))
        case .indentedCode:
            // Blank lines at the end belong to the gap after the block, not to the code.
            var kept = lines[...]
            while let last = kept.last, source.isBlank(last) {
                kept.removeLast()
            }
            return .codeBlock(language: nil, text: codeText(kept, in: source))
        case .thematicBreak:
            return .thematicBreak
        }
    }

    /// A paragraph's or heading's lines joined by newlines (which the inline parser turns
    /// into spaces or hard breaks), without the trailing spaces of the last line.
    private func joinedText(in source: MarkdownSource) -> [UInt8] {
        var text: [UInt8] = []
        for (number, line) in lines.enumerated() {
            if number > 0 {
                text.append(UInt8(ascii: "\n"))
            }
            text.append(contentsOf: source.bytes[line])
        }
        while text.last == UInt8(ascii: " ") {
            text.removeLast()
        }
        return text
    }

    private func codeText(_ lines: ArraySlice<Range<Int>>, in source: MarkdownSource) -> String {
        lines.map(source.string).joined(separator: "\n")
    }
}
