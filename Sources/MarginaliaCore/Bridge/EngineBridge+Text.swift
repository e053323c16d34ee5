#if !hasFeature(Embedded)
import Foundation
#endif

// The text selection calls (docs/engine.md, "Text selection"): the browser gives a page's
// words once (the server's page text), then asks what a drag between two page points selects.

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
        default:
            return nil
        }
    }
}
