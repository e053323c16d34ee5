/// A stream object: a dictionary and a sequence of bytes (7.3.8).
///
/// `rawBytes` are the bytes as stored in the file after decryption: still encoded by the
/// stream's `/Filter` chain. ``decodedBytes(limits:)`` applies the filters.
public struct PDFStream: Hashable, Sendable {
    public var dictionary: PDFDictionary
    public var rawBytes: [UInt8]

    public init(dictionary: PDFDictionary, rawBytes: [UInt8]) {
        self.dictionary = dictionary
        self.rawBytes = rawBytes
    }

    /// The names of the stream's filters, in the order they apply when decoding.
    public var filterNames: [String] {
        switch dictionary["Filter"] {
        case .name(let n)?: return [n]
        case .array(let items)?: return items.compactMap(\.nameValue)
        default: return []
        }
    }

    /// The decode parameters, one per filter (`nil` where a filter has none).
    public var decodeParameters: [PDFDictionary?] {
        let count = filterNames.count
        switch dictionary["DecodeParms"] {
        case .dictionary(let d)?:
            return [d] + Array(repeating: nil, count: max(0, count - 1))
        case .array(let items)?:
            var result = items.map(\.dictionaryValue)
            if result.count < count { result += Array(repeating: nil, count: count - result.count) }
            return Array(result.prefix(count))
        default:
            return Array(repeating: nil, count: count)
        }
    }

    /// Applies the stream's filter chain. Image codecs (DCT, JPX, JBIG2, CCITT) stop the
    /// chain: their input is returned as it is, since decoding them is a renderer's job.
    ///
    /// - Throws: ``PDFError/filter(name:reason:)`` when data is malformed beyond recovery,
    ///   ``PDFError/limitExceeded(_:limit:max:)`` when the result would pass `limits.maxDecodedStreamSize`.
    public func decodedBytes(limits: PDFLimits = .default) throws -> [UInt8] {
        try FilterPipeline.decode(rawBytes, filters: filterNames, parameters: decodeParameters, limits: limits)
    }
}

extension PDFStream {
    /// `bytes` compressed with zlib at level 6, as `/FlateDecode` holds them (7.4.4), for
    /// code that builds streams (appearances, images, page content).
    ///
    /// - Throws: ``PDFError/filter(name:reason:)`` if zlib fails.
    public static func deflate(_ bytes: [UInt8]) throws -> [UInt8] {
        try FilterPipeline.deflate(bytes)
    }

    /// The longest stream ``compressing(_:dictionary:effort:)`` leaves as it is. Deflate saves
    /// such a stream a few dozen bytes at most, spent again in part on the `/Filter
    /// /FlateDecode` entry (the corpus's content streams of 65-128 bytes grow by 13 bytes on
    /// average, those of 129-192 bytes shrink by 15: a form field's 159-byte appearance by 5),
    /// and costs a compressor's set-up and Huffman tables each time: 54,000 instructions, more
    /// than drawing that appearance (docs/benchmarks.md, "fill", issue 36).
    public static let longestUncompressed = 192

    /// A stream of `bytes` compressed with `/FlateDecode` at the level of `effort`, unless it
    /// is at most ``longestUncompressed`` bytes long or compressing does not make it smaller
    /// (short streams stay readable as they are).
    public static func compressing(_ bytes: [UInt8], dictionary: PDFDictionary,
                                   effort: CompressionEffort = .standard) throws -> PDFStream {
        guard bytes.count > longestUncompressed else { return PDFStream(dictionary: dictionary, rawBytes: bytes) }
        let deflated = try FilterPipeline.deflate(bytes, effort: effort)
        guard deflated.count < bytes.count else { return PDFStream(dictionary: dictionary, rawBytes: bytes) }
        var compressed = dictionary
        compressed["Filter"] = .name("FlateDecode")
        compressed["DecodeParms"] = nil
        return PDFStream(dictionary: compressed, rawBytes: deflated)
    }
}
