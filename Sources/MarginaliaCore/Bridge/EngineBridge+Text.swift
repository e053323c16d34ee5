#if !hasFeature(Embedded)
import Foundation
#endif

// The text selection calls (docs/engine.md, "Text selection"): the browser gives a page's
// words once (the server's page text), then asks what a drag between two page points selects;
// and which characters of a text make the word a long press selects.

extension EngineBridge {
    func textCall(_ name: String, _ request: JSONField) throws(CommandError) -> JSONValue? {
        switch name {
        case "setPageText":
            // `text` is the server's PAGE TEXT; it replaces what the page had.
            let page = try request.member("pageIndex").integer(in: 0...Int(Int32.max))
            let words = try PageWords(json: request.member("text"))
            pageWords[page] = words
            return .object([("words", .integer(words.words.count))])
        case "dropPageText":
            if let page = try request.optionalMember("pageIndex")?.integer() { pageWords[page] = nil } else { pageWords = [:] }
            return .object([])
        case "selectText":
            let page = try request.member("pageIndex").integer()
            guard let words = pageWords[page] else { return .object([("needsText", .bool(true))]) }
            let selection = TextSelection(from: try request.member("from").point(), to: try request.member("to").point(), in: words)
            return selection?.json ?? .object([])
        case "redactionMark":
            // What a drag of the Redact tool marks: `{quads, text}` over text, `{rect}` over an
            // area, `{}` when too small, `{needsText}` before the page's words are given.
            let page = try request.member("pageIndex").integer(in: 0...Int(Int32.max))
            guard let words = pageWords[page] else { return .object([("needsText", .bool(true))]) }
            let drag = RedactionDrag(from: try request.member("from").point(), to: try request.member("to").point(),
                                     page: engine.pageBounds(page), words: words)
            return drag?.json ?? .object([])
        case "wordAt":
            // `text` is a run of the page's text as the browser shows it, `offset` a caret
            // position in it (UTF-16); the answer is in the same units.
            let text = try request.member("text").string()
            guard let word = WordRule.word(in: text, atUTF16Offset: try request.member("offset").integer()) else { return .object([]) }
            return .object([("start", .integer(word.lowerBound)), ("end", .integer(word.upperBound))])
        default:
            return nil
        }
    }
}
