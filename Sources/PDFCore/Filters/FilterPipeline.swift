/// Decodes and encodes stream data through the standard filters (ISO 32000-2, 7.4).
///
/// A stream's `/Filter` entry names the filters in the order they apply when decoding;
/// `/DecodeParms` holds one parameter dictionary per filter, `nil` where a filter has none
/// (7.3.8.2, Table 5). Each filter lives in its own file; this type only chains them and
/// holds every decoded size to ``PDFLimits/maxDecodedStreamSize``.
enum FilterPipeline {
    /// Filters whose data this library passes through undecoded: decoding images is a
    /// renderer's job. Such a filter stops the chain and its input is returned as it is.
    static let imageCodecs: Set<String> = [
        "DCTDecode", "DCT", "JPXDecode", "JBIG2Decode", "CCITTFaxDecode", "CCF",
    ]

    /// Applies `filters` to `bytes` in order, `parameters[i]` being the decode parameters
    /// of `filters[i]` (missing entries count as `nil`).
    ///
    /// - Throws: ``PDFError/filter(name:reason:)`` for an unknown filter or data malformed
    ///   beyond recovery; ``PDFError/limitExceeded(_:limit:max:)`` as soon as any stage's output passes
    ///   `limits.maxDecodedStreamSize`.
    static func decode(
        _ bytes: [UInt8], filters: [String], parameters: [PDFDictionary?], limits: PDFLimits
    ) throws -> [UInt8] {
        let limit = max(0, limits.maxDecodedStreamSize)
        var data = bytes
        for (index, name) in filters.enumerated() {
            if imageCodecs.contains(name) { return data }
            let stageParameters = index < parameters.count ? parameters[index] : nil
            data = try decode(data, filter: name, parameters: stageParameters, limit: limit)
            // Each decoder checks the limit as it grows; this catches any stage that does not.
            guard data.count <= limit else { throw limitError(limit) }
        }
        return data
    }

    /// Compresses `input` as zlib-wrapped deflate data at level 6: what `/FlateDecode` holds.
    static func deflate(_ input: [UInt8]) throws -> [UInt8] {
        try deflate(input, effort: .standard)
    }

    /// Compresses `input` as zlib-wrapped deflate data at the level of `effort`.
    static func deflate(_ input: [UInt8], effort: CompressionEffort) throws -> [UInt8] {
        try FlateFilter.encode(input, level: effort.rawValue)
    }

    // MARK: - One stage

    /// Decodes one stage of a chain.
    static func decode(
        _ data: [UInt8], filter name: String, parameters: PDFDictionary?, limit: Int
    ) throws -> [UInt8] {
        guard let filter = StandardFilter(name: name) else {
            throw PDFError.filter(name: name, reason: "unknown filter")
        }
        switch filter {
        case .flate:
            let inflated = try FlateFilter.decode(data, limit: limit)
            return try Predictor.decode(inflated, parameters: parameters, filter: filter.rawValue)
        case .lzw:
            let earlyChange = parameters?["EarlyChange"]?.integerValue ?? 1
            let expanded = try LZWFilter.decode(data, earlyChange: earlyChange != 0, limit: limit)
            return try Predictor.decode(expanded, parameters: parameters, filter: filter.rawValue)
        case .asciiHex:
            return try ASCIIHexFilter.decode(data)
        case .ascii85:
            return try ASCII85Filter.decode(data, limit: limit)
        case .runLength:
            return try RunLengthFilter.decode(data, limit: limit)
        case .crypt:
            return CryptFilter.decode(data)
        case .brotli:
            let expanded = try BrotliFilter.decode(data, limit: limit)
            return try Predictor.decode(expanded, parameters: parameters, filter: filter.rawValue)
        }
    }

    static func limitError(_ limit: Int) -> PDFError {
        .limitExceeded("decoded stream larger than \(limit) bytes (maxDecodedStreamSize)", limit: .maxDecodedStreamSize, max: limit)
    }
}

/// The standard filters this library decodes (7.4, Table 6), each with the abbreviation
/// that inline images may use for it (8.9.7, Table 91). Readers accept the abbreviations
/// in any stream, as other viewers do.
enum StandardFilter: String, CaseIterable, Sendable {
    case flate = "FlateDecode"
    case lzw = "LZWDecode"
    case asciiHex = "ASCIIHexDecode"
    case ascii85 = "ASCII85Decode"
    case runLength = "RunLengthDecode"
    case crypt = "Crypt"
    case brotli = "BrotliDecode"

    /// The filter named by `name`, full or abbreviated.
    init?(name: String) {
        switch name {
        case "Fl": self = .flate
        case "LZW": self = .lzw
        case "AHx": self = .asciiHex
        case "A85": self = .ascii85
        case "RL": self = .runLength
        default: self.init(rawValue: name)
        }
    }
}
