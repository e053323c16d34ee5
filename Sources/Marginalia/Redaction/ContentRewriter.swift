import Foundation
import PDFCore

/// What a redaction changes in one content stream, by the byte offset of each operator
/// touched (the offsets ``ContentStreamParser`` gives, which ``ContentFootprint`` records).
struct ContentEdits {
    /// A glyph's code to cut from a text-showing operator.
    struct Cut {
        /// The index of the string in a `TJ` array (0 for `Tj`, `'` and `"`).
        var element: Int
        /// The code's bytes in that string.
        var bytes: Range<Int>
        /// The `TJ` number that moves the pen as the glyph did.
        var adjustment: Double
    }

    var cuts: [Int: [Cut]] = [:]
    /// Operators removed whole (a path's, an image's).
    var removals: Set<Int> = []
    /// Image XObjects added to the stream's resources, by name (images painted over in part).
    var images: [String: PDFReference] = [:]
    /// `Do` operators that draw another XObject instead: the painted copy of their image.
    var renames: [Int: String] = [:]
    /// Operators written as other operators instead: a path's painting operator, by what is
    /// left of the path once the marks are cut out of it (its construction is in `removals`).
    var replacements: [Int: [UInt8]] = [:]
}

/// Writes a content stream again with ``ContentEdits`` applied and every other operator as
/// it was: operators removed, and text-showing operators rewritten as one `TJ` whose numbers
/// stand where the cut glyphs were, so the glyphs left are drawn where they were (ISO
/// 32000-2, 9.4.3: a `TJ` number moves the pen by -n/1000 of the font size, scaled by `Tz`).
/// Comments are left out (7.2.4): they are not drawn, but they are text in the file, and
/// generators write the text they draw in them.
enum ContentRewriter {
    static func rewrite(_ content: [UInt8], _ edits: ContentEdits, limits: PDFLimits) throws -> [UInt8] {
        var parser = ContentStreamParser(bytes: content, limits: limits)
        var out: [UInt8] = []
        out.reserveCapacity(content.count)
        var copied = 0
        while true {
            let start = parser.position
            let operation: ContentOperation?
            do {
                operation = try parser.next()
            } catch let error as PDFError {
                if case .limitExceeded = error { throw error }
                continue  // a damaged token is copied as it was, as the interpreter skipped it
            }
            guard let operation else { break }
            let removed = edits.removals.contains(operation.offset)
            let cuts = edits.cuts[operation.offset]
            let rename = edits.renames[operation.offset]
            let replacement = edits.replacements[operation.offset]
            guard removed || cuts != nil || rename != nil || replacement != nil else {
                // An inline image's data is binary, where a % is no comment.
                if operation.inlineImage != nil {
                    out += content[copied..<parser.position]
                } else {
                    withoutComments(content[copied..<parser.position], into: &out)
                }
                copied = parser.position
                continue
            }
            withoutComments(content[copied..<start], into: &out)
            copied = parser.position
            out.append(0x0A)
            if !removed, let cuts { out += shown(operation, cuts) }
            if !removed, let rename { out += Array((PDFSyntax.name(rename) + " Do\n").utf8) }
            if !removed, let replacement { out += replacement }
        }
        withoutComments(content[copied...], into: &out)
        return out
    }

    /// Appends `bytes` (whole tokens) without their comments: a `%` outside a string up to the
    /// end of its line, which stays.
    static func withoutComments(_ bytes: ArraySlice<UInt8>, into out: inout [UInt8]) {
        var index = bytes.startIndex
        var depth = 0  // inside a literal string, its parentheses
        var hex = false
        while index < bytes.endIndex {
            let byte = bytes[index]
            if depth > 0 {
                if byte == UInt8(ascii: "\\") {
                    out.append(byte)
                    index += 1
                    if index < bytes.endIndex { out.append(bytes[index]) }
                } else {
                    if byte == UInt8(ascii: "(") { depth += 1 } else if byte == UInt8(ascii: ")") { depth -= 1 }
                    out.append(byte)
                }
            } else if hex {
                if byte == UInt8(ascii: ">") { hex = false }
                out.append(byte)
            } else if byte == UInt8(ascii: "%") {
                while index < bytes.endIndex && bytes[index] != 0x0A && bytes[index] != 0x0D { index += 1 }
                continue
            } else {
                if byte == UInt8(ascii: "(") {
                    depth = 1
                } else if byte == UInt8(ascii: "<") {
                    let next = bytes.index(after: index)
                    if next < bytes.endIndex && bytes[next] == UInt8(ascii: "<") {
                        out.append(byte)
                        index = next
                    } else {
                        hex = true
                    }
                }
                out.append(byte)
            }
            index += 1
        }
    }

    /// `operation` (a `Tj`, `TJ`, `'` or `"`) without the cut codes, as `TJ` (after `T*`, and
    /// `Tw` and `Tc` for `"`, which set them as they move to the next line).
    static func shown(_ operation: ContentOperation, _ cuts: [ContentEdits.Cut]) -> [UInt8] {
        let items: [PDFObject]
        switch operation.name {
        case "TJ": items = operation.operands.last?.arrayValue ?? []
        default: items = operation.operands.last.map { [$0] } ?? []
        }
        var result: [PDFObject] = []
        var pending = 0.0
        func flush() {
            if pending != 0 { result.append(.real(pending)) }
            pending = 0
        }
        for (index, item) in items.enumerated() {
            guard let bytes = item.stringBytes else {
                if let number = item.numberValue, number.isFinite { pending += number }
                continue
            }
            let here = cuts.filter { $0.element == index }.sorted { $0.bytes.lowerBound < $1.bytes.lowerBound }
            var position = 0
            for cut in here where cut.bytes.lowerBound >= position && cut.bytes.upperBound <= bytes.count {
                if cut.bytes.lowerBound > position {
                    flush()
                    result.append(.string(Array(bytes[position..<cut.bytes.lowerBound])))
                }
                pending += cut.adjustment
                position = cut.bytes.upperBound
            }
            if position < bytes.count {
                flush()
                result.append(.string(Array(bytes[position...])))
            }
        }
        flush()
        var text = ""
        switch operation.name {
        case "'": text = "T* "
        case "\"":
            let numbers = operation.operands.prefix(2).map { PDFSyntax.number($0.numberValue ?? 0) }
            if numbers.count == 2 { text = "\(numbers[0]) Tw \(numbers[1]) Tc " }
            text += "T* "
        default: break
        }
        return Array(text.utf8) + PDFSyntax.bytes(of: .array(result)) + Array(" TJ\n".utf8)
    }
}
