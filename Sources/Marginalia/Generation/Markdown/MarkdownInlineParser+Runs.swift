/// Flattening the nodes into styled runs.
extension MarkdownInlineParser {
    /// The runs of the parsed text: each node's text with the emphasis and link that cover
    /// it, adjacent runs of the same style merged, empty ones dropped.
    ///
    /// Emphasis spans are applied with difference arrays (+1 where a span starts, -1 where it
    /// ends) so that deeply nested emphasis costs one pass, not one pass per span.
    func result() -> Result {
        var italicChange = [Int](repeating: 0, count: nodes.count + 1)
        var boldChange = [Int](repeating: 0, count: nodes.count + 1)
        for span in emphasis {
            if span.strong {
                boldChange[span.opener + 1] += 1
                boldChange[span.closer] -= 1
            } else {
                italicChange[span.opener + 1] += 1
                italicChange[span.closer] -= 1
            }
        }
        var runs: [InlineRun] = []
        var italic = 0
        var bold = 0
        var skipUntil = 0
        var visibleNodes = 0
        var image: (alt: String, source: String)?
        for index in nodes.indices {
            italic += italicChange[index]
            bold += boldChange[index]
            guard index >= skipUntil else { continue }
            var text: String
            var code = false
            switch nodes[index] {
            case .text(let literal):
                text = literal
            case .code(let literal):
                text = literal
                code = true
            case .lineBreak(let hard):
                text = hard ? "\n" : " "
            case .delimiter(let character, let remaining):
                text = String(repeating: Character(Unicode.Scalar(character)), count: remaining)
            case .opener(let isImage):
                text = isImage ? "![" : "["
            case .image(let alt, let source, let end):
                text = alt
                skipUntil = end
                image = links[index] == nil ? (alt, source) : nil
                visibleNodes += 1
            }
            guard !text.isEmpty else { continue }
            if case .image = nodes[index] {} else {
                visibleNodes += 1
            }
            let run = InlineRun(text, bold: bold > 0, italic: italic > 0, code: code, link: links[index])
            if let last = runs.indices.last, runs[last].hasSameStyle(as: run) {
                runs[last].text += run.text
            } else {
                runs.append(run)
            }
        }
        return Result(runs: runs, soleImage: visibleNodes == 1 ? image : nil)
    }
}
