/// One operator of a content stream with the operands before it (ISO 32000-2, 7.8.2).
public struct ContentOperation: Equatable, Sendable {
    /// The operator, as written (`re`, `Tj`, `BI` for an inline image...).
    public var name: String
    /// The operands, in order.
    public var operands: [PDFObject]
    /// The byte offset of the operator in the content.
    public var offset: Int
    /// For an inline image (`BI ... ID ... EI`, 8.9.7): its dictionary and data as stored.
    public var inlineImage: InlineImage?

    public init(name: String, operands: [PDFObject], offset: Int, inlineImage: InlineImage? = nil) {
        self.name = name
        self.operands = operands
        self.offset = offset
        self.inlineImage = inlineImage
    }
}

/// An image written inside a content stream.
public struct InlineImage: Equatable, Sendable {
    /// The entries between `BI` and `ID`, abbreviated keys as written (`/W`, `/CS`...).
    public var dictionary: PDFDictionary
    /// The bytes between `ID` and `EI`, still filtered.
    public var data: [UInt8]
}

/// Reads a content stream's operators one by one, as a renderer does.
///
/// It is lenient where other readers are: a bad token is reported and skipped and the
/// next call goes on after it, so one damaged operator does not hide the rest of a page.
/// Operands are bounded by ``PDFLimits/maxCollectionCount`` and nesting by
/// ``PDFLimits/maxNestingDepth``.
///
/// ```swift
/// var parser = ContentStreamParser(bytes: content)
/// while let operation = try parser.next() { ... }
/// ```
public struct ContentStreamParser {
    private var parser: ObjectParser
    private let bytes: [UInt8]

    /// Makes a parser over decoded content bytes.
    public init(bytes: [UInt8], limits: PDFLimits = .default) {
        self.bytes = bytes
        parser = ObjectParser(source: ByteSource(bytes: bytes), limits: limits)
        parser.readsReferences = false
        // A stray `)` in content is reported (the content's problems), not skipped.
        parser.lexer.skipsStrayParentheses = false
    }

    /// The offset of the next byte to read.
    public var position: Int { parser.position }

    /// The next operation, or nil at the end of the content.
    ///
    /// - Throws: ``PDFError/syntax(offset:message:)`` or ``PDFError/unexpectedEnd(offset:)``
    ///   for a token that cannot be read (the operands gathered so far are dropped, and the
    ///   next call resumes after the bad bytes), ``PDFError/limitExceeded(_:limit:max:)`` for too many
    ///   operands or nesting too deep.
    public mutating func next() throws -> ContentOperation? {
        var operands: [PDFObject] = []
        while true {
            parser.lexer.skipWhitespace()
            let start = parser.position
            let token: Token
            do {
                token = try parser.lexer.next()
            } catch {
                if parser.position == start { parser.position += 1 }  // always make progress
                throw error
            }
            switch token {
            case .endOfData:
                return nil  // operands without an operator at the end are ignored, as renderers do
            case .keyword("true"), .keyword("false"), .keyword("null"), .integer, .real, .string, .name,
                 .arrayStart, .dictionaryStart:
                let operand: PDFObject
                do {
                    operand = try parser.object(from: token, start: start, depth: 0)
                } catch {
                    if parser.position == start { parser.position += 1 }
                    throw error
                }
                operands.append(operand)
                if operands.count > parser.limits.maxCollectionCount {
                    throw PDFError.limitExceeded("more than \(parser.limits.maxCollectionCount) operands before byte \(start)", limit: .maxCollectionCount, max: parser.limits.maxCollectionCount)
                }
            case .keyword("BI"):
                return try inlineImage(at: start)
            case .keyword(let name):
                return ContentOperation(name: name, operands: operands, offset: start)
            case .arrayEnd, .dictionaryEnd:
                throw PDFError.syntax(offset: start, message: "unbalanced '\(token == .arrayEnd ? "]" : ">>")'")
            }
        }
    }

    /// The next operation that can be read, skipping damaged tokens as renderers do; nil at
    /// the end of the content.
    ///
    /// - Throws: ``PDFError/limitExceeded(_:limit:max:)`` only.
    public mutating func nextReadable() throws -> ContentOperation? {
        while true {
            do {
                return try next()
            } catch let error as PDFError {
                if case .limitExceeded = error { throw error }
            }
        }
    }

    // MARK: - Inline images

    /// Reads `BI`'s key-value pairs up to `ID`, then the data up to `EI`.
    private mutating func inlineImage(at start: Int) throws -> ContentOperation {
        var dictionary = PDFDictionary()
        while true {
            let keyStart = parser.position
            let token = try parser.lexer.next()
            switch token {
            case .keyword("ID"):
                let data = try imageData(dictionary: dictionary, begin: start)
                return ContentOperation(name: "BI", operands: [], offset: start,
                                        inlineImage: InlineImage(dictionary: dictionary, data: data))
            case .name(let key):
                let valueStart = parser.position
                dictionary[key] = try parser.object(from: try parser.lexer.next(), start: valueStart, depth: 0)
                if dictionary.count > parser.limits.maxCollectionCount {
                    throw PDFError.limitExceeded("inline image at byte \(start) has more than \(parser.limits.maxCollectionCount) entries",
                                                   limit: .maxCollectionCount, max: parser.limits.maxCollectionCount)
                }
            case .endOfData:
                throw PDFError.unexpectedEnd(offset: start)
            default:
                throw PDFError.syntax(offset: keyStart, message: "inline image at byte \(start): expected a key or ID")
            }
        }
    }

    /// The data after `ID` (one whitespace byte follows `ID`): its exact length when the
    /// image is unfiltered and its size is known, otherwise up to the first `EI` that
    /// stands alone between whitespace, as other readers search.
    private mutating func imageData(dictionary: PDFDictionary, begin: Int) throws -> [UInt8] {
        var position = parser.position
        if position < bytes.count, CharacterClass.isWhitespace(bytes[position]) { position += 1 }
        let dataStart = position
        if let length = InlineImageSize.unfilteredLength(dictionary), length <= bytes.count - dataStart {
            var end = dataStart + length
            while end < bytes.count, CharacterClass.isWhitespace(bytes[end]) { end += 1 }
            if isEI(at: end) {
                parser.position = end + 2
                return Array(bytes[dataStart..<(dataStart + length)])
            }
        }
        var i = dataStart
        while i + 1 < bytes.count {
            if isEI(at: i), i == dataStart || CharacterClass.isWhitespace(bytes[i - 1]) {
                parser.position = i + 2
                var end = i
                while end > dataStart, CharacterClass.isWhitespace(bytes[end - 1]) { end -= 1 }
                // Without a known size, whitespace before EI is taken as the separator.
                return Array(bytes[dataStart..<max(dataStart, end)])
            }
            i += 1
        }
        parser.position = bytes.count
        throw PDFError.syntax(offset: begin, message: "inline image without EI")
    }

    /// Whether `EI` stands at `i`, followed by whitespace, a delimiter or the end.
    private func isEI(at i: Int) -> Bool {
        guard i + 1 < bytes.count, bytes[i] == 0x45, bytes[i + 1] == 0x49 else { return false }
        return i + 2 == bytes.count || !CharacterClass.isRegular(bytes[i + 2])
    }
}

/// The stored size of an unfiltered inline image, from its abbreviated or full keys.
enum InlineImageSize {
    static func unfilteredLength(_ d: PDFDictionary) -> Int? {
        guard (d["F"] ?? d["Filter"]) == nil,
              let width = (d["W"] ?? d["Width"])?.integerValue, let height = (d["H"] ?? d["Height"])?.integerValue,
              width > 0, height > 0, width <= 1 << 20, height <= 1 << 20
        else { return nil }
        let isMask = (d["IM"] ?? d["ImageMask"])?.boolValue == true
        let bits = isMask ? 1 : ((d["BPC"] ?? d["BitsPerComponent"])?.integerValue ?? 8)
        guard [1, 2, 4, 8, 16].contains(bits) else { return nil }
        let components: Int
        if isMask {
            components = 1
        } else {
            switch (d["CS"] ?? d["ColorSpace"])?.nameValue {
            case "G"?, "DeviceGray"?, "I"?, "Indexed"?: components = 1
            case "RGB"?, "DeviceRGB"?: components = 3
            case "CMYK"?, "DeviceCMYK"?: components = 4
            default:
                guard case .array(let items)? = d["CS"] ?? d["ColorSpace"], items.first?.nameValue == "I" || items.first?.nameValue == "Indexed"
                else { return nil }
                components = 1
            }
        }
        let rowBytes = (width * components * bits + 7) / 8
        let (length, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        return overflow ? nil : length
    }
}
