import Foundation

extension PageText {
    /// Every match of `expression` in the page's ``string`` (words separated by a space, lines
    /// by a line feed), in reading order, each a selection with the quads of the characters it
    /// covers. An empty match selects nothing and is left out.
    public func findMatches(of expression: NSRegularExpression) -> [PDFSelection] {
        let words = self.words
        // The word holding each character, and the character's place in it.
        var place: [Int: (word: Int, character: Int)] = [:]
        for (w, word) in words.enumerated() {
            for (offset, character) in word.characterRange.enumerated() { place[character] = (w, offset) }
        }
        let string = self.string
        var characterIndexes: [String.Index: Int] = [:]
        var position = 0
        for index in string.indices {
            characterIndexes[index] = position
            position += 1
        }
        var result: [PDFSelection] = []
        for found in expression.matches(in: string, range: NSRange(string.startIndex..., in: string)) {
            guard let range = Range(found.range, in: string), !range.isEmpty,
                  let first = characterIndexes[range.lowerBound] else { continue }
            let count = string[range].count
            let covered = (first..<(first + count)).compactMap { $0 < stringCharacters.count ? stringCharacters[$0] : nil }
                .filter { $0 >= 0 }.compactMap { place[Int($0)] }
            guard let start = covered.first, let end = covered.last else { continue }
            let match = TextMatcher.Match(start: start, end: (end.word, end.character + 1))
            result.append(PDFSelection(string: String(string[range]),
                                       spans: [.init(pageIndex: pageIndex, quads: TextMatcher.quads(of: match, in: words))]))
        }
        return result
    }
}
