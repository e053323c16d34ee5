import CBrotli

/// `/BrotliDecode` (the Brotli compression, RFC 7932, that ISO is adding to PDF and pdf.js
/// reads), through the system's libbrotlidec, loaded on the first such stream. Like
/// ``FlateFilter``, the output stops at a size limit and damaged data is read as far as it
/// goes. Predictors apply afterwards, as for Flate.
enum BrotliFilter {
    static let name = StandardFilter.brotli.rawValue
    private static let chunk = 64 << 10

    /// Decompresses `input`, stopping with ``PDFError/limitExceeded(_:limit:max:)`` as soon as the
    /// output passes `limit` bytes.
    ///
    /// - Throws: ``PDFError/filter(name:reason:)`` when the library is missing, or when
    ///   damaged data yields not a single byte.
    static func decode(_ input: [UInt8], limit: Int) throws -> [UInt8] {
        if input.isEmpty { return [] }
        guard marginalia_brotli_available() != 0 else {
            throw PDFError.filter(name: name, reason: "the Brotli decoder (Debian package libbrotli1) is not installed")
        }
        guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else {
            throw PDFError.filter(name: name, reason: "the decoder could not be created")
        }
        defer { BrotliDecoderDestroyInstance(state) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: chunk)
        return try input.withUnsafeBufferPointer { source -> [UInt8] in
            var availableIn = source.count
            var nextIn = source.baseAddress
            while true {
                var availableOut = chunk
                let result = buffer.withUnsafeMutableBufferPointer { target -> BrotliDecoderResult in
                    var nextOut = target.baseAddress
                    return BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
                }
                output.append(contentsOf: buffer[0..<(chunk - availableOut)])
                guard output.count <= limit else { throw FilterPipeline.limitError(limit) }
                switch result {
                case BROTLI_DECODER_RESULT_SUCCESS:
                    return output
                case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT:
                    continue
                case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT:
                    // Cut short: what came out is what survives.
                    if output.isEmpty { throw PDFError.filter(name: name, reason: "the data ends before any output") }
                    return output
                default:
                    if !output.isEmpty { return output }
                    let reason = String(cString: BrotliDecoderErrorString(BrotliDecoderGetErrorCode(state)))
                    throw PDFError.filter(name: name, reason: reason)
                }
            }
        }
    }
}
