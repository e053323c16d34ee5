import CZlib

/// Decodes and encodes stream data through the standard filters (ISO 32000-2, 7.4).
///
/// Interim version: Flate only. The full pipeline (predictors, LZW, ASCIIHex, ASCII85,
/// RunLength) replaces this file.
enum FilterPipeline {
    /// Filters whose data this library passes through undecoded.
    static let imageCodecs: Set<String> = ["DCTDecode", "DCT", "JPXDecode", "JBIG2Decode", "CCITTFaxDecode", "CCF"]

    static func decode(
        _ bytes: [UInt8], filters: [String], parameters: [PDFDictionary?], limits: PDFLimits
    ) throws -> [UInt8] {
        var data = bytes
        for name in filters {
            if imageCodecs.contains(name) { return data }
            switch name {
            case "FlateDecode", "Fl": data = try inflate(data, limit: limits.maxDecodedStreamSize)
            default: throw PDFError.filter(name: name, reason: "unsupported filter")
            }
        }
        return data
    }

    static func inflate(_ input: [UInt8], limit: Int) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw PDFError.filter(name: "FlateDecode", reason: "zlib init failed")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var input = input
        let inputCount = input.count
        try input.withUnsafeMutableBufferPointer { inBuf in
            stream.next_in = inBuf.baseAddress
            stream.avail_in = UInt32(inputCount)
            while true {
                let status: Int32 = chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                output.append(contentsOf: chunk[0..<produced])
                if output.count > limit {
                    throw PDFError.limitExceeded("decoded stream larger than \(limit) bytes")
                }
                if status == Z_STREAM_END { break }
                if status != Z_OK { break }  // keep what was produced before damage
                if produced == 0 && stream.avail_in == 0 { break }
            }
        }
        return output
    }

    static func deflate(_ input: [UInt8]) throws -> [UInt8] {
        var destLen = compressBound(uLong(input.count))
        var out = [UInt8](repeating: 0, count: Int(destLen))
        let status = compress2(&out, &destLen, input, uLong(input.count), 6)
        guard status == Z_OK else { throw PDFError.filter(name: "FlateDecode", reason: "compression failed") }
        return Array(out[0..<Int(destLen)])
    }
}
