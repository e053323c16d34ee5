import Foundation
import Marginalia

/// Words with their quads as compact JSON: `[text, [8 numbers], [edges], hyphenated]` each.
enum StoredWords {
    static func encode(_ words: [TextWord]) -> String {
        // Written as bytes: a page has hundreds of words of a dozen numbers each, and
        // strings joined per number took longer than reading the page's text.
        var out: [UInt8] = [UInt8(ascii: "[")]
        out.reserveCapacity(words.count * 100 + 2)
        for (index, word) in words.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            JSONWriter.write(.string(word.text), to: &out)
            out.append(UInt8(ascii: ","))
            let q = word.quad
            for (position, value) in [q.bottomLeft.x, q.bottomLeft.y, q.bottomRight.x, q.bottomRight.y, q.topRight.x,
                                      q.topRight.y, q.topLeft.x, q.topLeft.y].enumerated() {
                out.append(UInt8(ascii: position == 0 ? "[" : ","))
                writeNumber(Double(value), to: &out)
            }
            out.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: "[")])
            for (position, edge) in word.characterEdges.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                writeNumber(edge, to: &out)
            }
            out.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: word.isHyphenated ? "1" : "0"),
                                    UInt8(ascii: "]")])
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    /// `value` to the thousandth, as an integer when it is one, else with its decimals
    /// (trailing zeros dropped). Below a billion, the thousandths of a value rounded to them
    /// are exact in the millionths ``JSONWriter`` counts, so it writes those digits; beyond,
    /// Swift's shortest form of the rounded value (no coordinate comes near). A value that is
    /// not a number is written `null` (its word is then left out when read).
    static func writeNumber(_ value: Double, to out: inout [UInt8]) {
        let rounded = (value * 1000).rounded() / 1000
        if !rounded.isFinite || rounded.magnitude < 1e9 {
            JSONWriter.write(.number(rounded), to: &out)
        } else if rounded == rounded.rounded(), rounded.magnitude < 9e18 {
            out.append(contentsOf: String(Int(rounded)).utf8)
        } else {
            out.append(contentsOf: String(rounded).utf8)
        }
    }

    static func decode(_ text: String) throws -> [TextWord] {
        // The engine core's own parser: several times faster here than JSONSerialization.
        guard let items = (try? JSONParser.parse(text))?.arrayValue else {
            throw StoreError.damaged("the text index holds words that do not decode")
        }
        var offset = 0
        var words: [TextWord] = []
        words.reserveCapacity(items.count)
        for item in items {
            guard let fields = item.arrayValue, fields.count == 4, let text = fields[0].stringValue,
                  let quad = fields[1].arrayValue?.compactMap(\.numberValue), quad.count == 8,
                  let edges = fields[2].arrayValue?.compactMap(\.numberValue) else { continue }
            let range = offset..<(offset + max(0, edges.count - 1))
            offset = range.upperBound
            let quadValue = TextQuad(bottomLeft: CGPoint(x: quad[0], y: quad[1]), bottomRight: CGPoint(x: quad[2], y: quad[3]),
                                     topRight: CGPoint(x: quad[4], y: quad[5]), topLeft: CGPoint(x: quad[6], y: quad[7]))
            words.append(TextWord(text: text, quad: quadValue, characterEdges: edges, characterRange: range,
                                  isHyphenated: fields[3].numberValue == 1))
        }
        return words
    }
}

/// Pages' words decoded lately, by document and page, for the indexes' ``TextIndex/words(documentID:page:)``
/// (a search comes back to the same pages). Not thread-safe: each index holds it under its lock.
struct DecodedPages {
    private var words: [String: [TextWord]] = [:]
    private var order: [String] = []
    private let capacity = 512

    /// The page's words, decoded from what `stored` reads (nil: the page is not indexed).
    mutating func words(_ documentID: String, _ page: Int, stored: () throws -> String?) throws -> [TextWord]? {
        let key = "\(documentID)/\(page)"
        if let known = words[key] { return known }
        guard let decoded = try stored().map(StoredWords.decode) else { return nil }
        if order.count >= capacity { words[order.removeFirst()] = nil }
        words[key] = decoded
        order.append(key)
        return decoded
    }

    /// Forgets a document's pages.
    mutating func forget(_ documentID: String) {
        let prefix = documentID + "/"
        order.removeAll { $0.hasPrefix(prefix) }
        words = words.filter { !$0.key.hasPrefix(prefix) }
    }
}
