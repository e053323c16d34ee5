import CDeflate
import CZlib
import Foundation
import Synchronization

/// `/FlateDecode` (7.4.4): zlib-wrapped deflate data (RFC 1950, RFC 1951), read through the
/// system zlib (whose streaming inflate stops at a size limit and reads damaged data as far
/// as it goes) and written through libdeflate (whole-buffer compression, smaller output in
/// well under half zlib's time). Predictors (7.4.4.4) are applied afterwards by ``Predictor``.
enum FlateFilter {
    static let name = StandardFilter.flate.rawValue

    /// zlib's windowBits for a zlib wrapper around a 32 KB window.
    private static let zlibWindowBits: Int32 = 15
    /// Negative windowBits: raw deflate, no header and no checksum.
    private static let rawWindowBits: Int32 = -15
    /// Most bytes handed to zlib in one call (its counters are 32-bit).
    private static let maxChunk = 1 << 30

    // MARK: - Decoding

    /// Inflates `input`, stopping with ``PDFError/limitExceeded(_:limit:max:)`` as soon as the output
    /// passes `limit` bytes, so a small bomb costs at most `limit` bytes of memory.
    ///
    /// Damaged data is read as far as it goes, as other viewers do:
    /// - a stream cut short (zlib reports `Z_BUF_ERROR` with all input consumed), or one
    ///   that turns invalid midway (`Z_DATA_ERROR`, including a wrong Adler-32 checksum),
    ///   yields the bytes inflated before the damage;
    /// - data whose zlib header is wrong (some writers emit raw deflate), or whose first
    ///   block fails behind a plausible header, is inflated again as raw deflate.
    ///
    /// - Throws: ``PDFError/filter(name:reason:)`` only when neither reading produces a
    ///   single byte from non-empty input.
    static func decode(_ input: [UInt8], limit: Int) throws -> [UInt8] {
        if input.isEmpty { return [] }
        var zlibFailure: String?
        if hasZlibHeader(input) {
            let wrapped = try inflate(input, windowBits: zlibWindowBits, limit: limit)
            guard wrapped.output.isEmpty, case .damaged(let reason) = wrapped.ending else {
                return wrapped.output
            }
            zlibFailure = reason
        }
        let raw = try inflate(input, windowBits: rawWindowBits, limit: limit)
        if !raw.output.isEmpty { return raw.output }
        switch (raw.ending, zlibFailure) {
        case (_, let reason?), (.damaged(let reason), nil):
            throw PDFError.filter(name: name, reason: reason)
        case (.complete, nil), (.truncated, nil):
            return []  // an empty deflate stream, or one cut before its first byte of output
        }
    }

    /// Whether the first two bytes are a valid zlib header (RFC 1950, 2.2): compression
    /// method 8 (deflate), a window of at most 32 KB, and a header check that makes the
    /// 16-bit value a multiple of 31.
    static func hasZlibHeader(_ input: [UInt8]) -> Bool {
        guard input.count >= 2 else { return false }
        let cmf = input[0], flg = input[1]
        let method = cmf & 0x0F, windowLog = cmf >> 4
        return method == 8 && windowLog <= 7 && (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0
    }

    /// How one inflate run ended.
    private enum Ending {
        /// The deflate data ended properly (bytes after it are ignored).
        case complete
        /// The input ran out before the deflate data ended.
        case truncated
        /// zlib found invalid data (or a wrong checksum) and stopped.
        case damaged(String)
    }

    /// Runs zlib's streaming inflate over all of `input`, growing one output buffer in
    /// place (no intermediate chunk copies), and reports why it stopped early, if it did.
    private static func inflate(
        _ input: [UInt8], windowBits: Int32, limit: Int
    ) throws -> (output: [UInt8], ending: Ending) {
        var stream = z_stream()
        let initStatus = inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initStatus == Z_OK else {
            throw PDFError.filter(name: name, reason: "zlib could not start inflating (status \(initStatus))")
        }
        defer { inflateEnd(&stream) }

        // One byte past the limit is enough room to notice that the limit was passed.
        let cap = limit == Int.max ? limit : limit + 1
        // A first guess of four times the input, grown by doubling as zlib asks for room.
        let guess = input.count < Int.max / 4 ? max(16_384, input.count * 4) : Int.max
        var output = uninitializedBytes(min(cap, guess))
        var produced = 0
        var ending = Ending.complete

        try input.withUnsafeBufferPointer { inBuffer in
            guard let inBase = inBuffer.baseAddress else { return }
            var consumed = 0
            inflating: while true {
                if stream.avail_in == 0 && consumed < inBuffer.count {
                    let count = min(inBuffer.count - consumed, maxChunk)
                    stream.next_in = UnsafeMutablePointer(mutating: inBase + consumed)
                    stream.avail_in = UInt32(count)
                    consumed += count
                }
                if produced == output.count {
                    guard produced < cap else { throw FilterPipeline.limitError(limit) }
                    let grown = min(cap, max(output.count, 16_384).multipliedReportingOverflow(by: 2).partialValue)
                    var larger = uninitializedBytes(grown)
                    larger.withUnsafeMutableBufferPointer { target in
                        output.withUnsafeBufferPointer { target.baseAddress!.update(from: $0.baseAddress!, count: produced) }
                    }
                    output = larger
                }
                let room = min(output.count - produced, maxChunk)
                let status: Int32 = output.withUnsafeMutableBufferPointer { outBuffer in
                    guard let outBase = outBuffer.baseAddress else { return Z_BUF_ERROR }
                    stream.next_out = outBase + produced
                    stream.avail_out = UInt32(room)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    // zlib keeps its own window; it must not hold on to this pointer.
                    stream.next_out = nil
                    return status
                }
                produced += room - Int(stream.avail_out)
                if produced > limit { throw FilterPipeline.limitError(limit) }

                switch status {
                case Z_STREAM_END:
                    break inflating  // bytes after the end of the deflate data are ignored
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_out == 0:
                    continue  // only the output was full: grow it and go on
                case Z_BUF_ERROR:
                    if stream.avail_in == 0 && consumed < inBuffer.count { continue }
                    ending = .truncated
                    break inflating
                case Z_MEM_ERROR:
                    throw PDFError.filter(name: name, reason: "zlib ran out of memory")
                default:  // Z_DATA_ERROR, Z_NEED_DICT, Z_STREAM_ERROR
                    ending = .damaged(zlibMessage(stream, status: status))
                    break inflating
                }
            }
        }
        output.removeSubrange(min(produced, output.count)...)
        return (output, ending)
    }

    /// `count` bytes left as malloc gives them: zlib writes every byte that is kept before
    /// anything reads it, and zeroing a buffer per stream cost more than inflating small
    /// streams (a page of 46 content streams zeroed 16 KB for each).
    private static func uninitializedBytes(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    private static func zlibMessage(_ stream: z_stream, status: Int32) -> String {
        if let message = stream.msg { return "invalid deflate data (\(String(cString: message)))" }
        return "invalid deflate data (zlib status \(status))"
    }

    // MARK: - Encoding

    /// Compresses `input` into zlib-wrapped deflate data at `level` (0-12; 6 balances size
    /// and time). A compressor serves one call at a time: writers on several threads take
    /// their own from ``compressors``.
    static func encode(_ input: [UInt8], level: Int32) throws -> [UInt8] {
        guard let compressor = compressors.take(level: level) else {
            throw PDFError.filter(name: name, reason: "libdeflate could not start compressing (level \(level))")
        }
        defer { compressors.give(compressor, level: level) }
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            count = input.withUnsafeBytes { source in
                libdeflate_zlib_compress(compressor, source.baseAddress ?? UnsafeRawPointer(buffer.baseAddress!), source.count,
                                         buffer.baseAddress, bound)
            }
        }
        // The bound always suffices; an empty result would mean libdeflate broke its word.
        guard !output.isEmpty else { throw PDFError.filter(name: name, reason: "libdeflate could not compress") }
        return output
    }

    /// Idle compressors, kept for the next call: allocating one (several hundred KB of match
    /// tables) cost more than compressing a form field's appearance of 150 bytes.
    static let compressors = CompressorPool()
}

/// How hard a writer compresses a `/FlateDecode` stream: libdeflate's level for it.
public enum CompressionEffort: Int32, Sendable {
    /// Level 6, the writers' default: object streams, cross-reference streams, fonts, images.
    case standard = 6
    /// Level 2, for content streams the library draws (appearance streams): lines of numbers
    /// and operators, which level 6 shrinks by under half a percent more (the 200 ink
    /// appearances of "ink" in docs/benchmarks.md: 931,588 bytes at level 6, 935,412 at
    /// level 2) in about a quarter more time. Level 1 writes 4% more (968,336 bytes).
    case content = 2
}

/// A few idle libdeflate compressors per level of ``CompressionEffort``, shared by every
/// thread under a lock; other levels are allocated for each call.
final class CompressorPool: Sendable {
    // @unchecked: a libdeflate compressor has no thread of its own; the pool hands each to one caller at a time.
    private struct Idle: @unchecked Sendable { let compressor: OpaquePointer }
    /// Idle compressors by level.
    private let idle = Mutex<[Int32: [Idle]]>([:])
    /// The level of ``FilterPipeline/deflate(_:)``.
    static let pooledLevel: Int32 = CompressionEffort.standard.rawValue
    private static let maximumIdle = 4

    private static func isPooled(_ level: Int32) -> Bool { CompressionEffort(rawValue: level) != nil }

    func take(level: Int32) -> OpaquePointer? {
        if Self.isPooled(level), let kept = idle.withLock({ $0[level]?.popLast() }) {
            return kept.compressor
        }
        return libdeflate_alloc_compressor(level)
    }

    func give(_ compressor: OpaquePointer, level: Int32) {
        let kept = Self.isPooled(level) && idle.withLock { idle in
            guard idle[level, default: []].count < Self.maximumIdle else { return false }
            idle[level, default: []].append(Idle(compressor: compressor))
            return true
        }
        if !kept { libdeflate_free_compressor(compressor) }
    }
}
