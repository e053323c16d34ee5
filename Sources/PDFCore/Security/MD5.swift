import Foundation

/// MD5 (RFC 1321), the digest PDF uses for RC4 keys (7.6.4.3) and file identifiers (14.4).
///
/// Written here rather than asked of libcrypto: every incremental save digests its update
/// for the new `/ID`, and loading and initialising libcrypto for that cost more than the
/// digest itself (about 15 M instructions, a tenth of "fill" in docs/benchmarks.md).
enum MD5 {
    /// The 16-byte digest of `bytes`.
    static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476)
        let whole = bytes.count / 64 * 64
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < whole {
                compress(&state, UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + 64)]))
                offset += 64
            }
        }
        // The tail, a 0x80 byte, zeros to 56 mod 64, and the length in bits, little-endian.
        var tail = Array(bytes[whole...])
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bits = UInt64(bytes.count) &* 8
        for shift in stride(from: 0, to: 64, by: 8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        tail.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                compress(&state, UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + 64)]))
                offset += 64
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(16)
        for word in [state.0, state.1, state.2, state.3] {
            for shift in stride(from: UInt32(0), to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        return out
    }

    /// Per-round left rotations (RFC 1321, 3.4).
    private static let shifts: [UInt32] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]

    /// The sine table: floor(abs(sin(i + 1)) * 2^32).
    private static let sines: [UInt32] = (0..<64).map { UInt32(truncatingIfNeeded: Int64((abs(sin(Double($0 + 1))) * 4_294_967_296).rounded(.down))) }

    private static func compress(_ state: inout (UInt32, UInt32, UInt32, UInt32), _ block: UnsafeRawBufferPointer) {
        var words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
                    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { target in
            for index in 0..<16 {
                let value = UInt32(block[index * 4]) | UInt32(block[index * 4 + 1]) << 8
                    | UInt32(block[index * 4 + 2]) << 16 | UInt32(block[index * 4 + 3]) << 24
                target.storeBytes(of: value, toByteOffset: index * 4, as: UInt32.self)
            }
        }
        var (a, b, c, d) = state
        withUnsafeBytes(of: &words) { raw in
            let m = raw.bindMemory(to: UInt32.self)
            for i in 0..<64 {
                var f: UInt32
                let g: Int
                switch i >> 4 {
                case 0: f = (b & c) | (~b & d); g = i
                case 1: f = (d & b) | (~d & c); g = (5 &* i &+ 1) & 15
                case 2: f = b ^ c ^ d; g = (3 &* i &+ 5) & 15
                default: f = c ^ (b | ~d); g = (7 &* i) & 15
                }
                f = f &+ a &+ sines[i] &+ m[g]
                a = d
                d = c
                c = b
                let s = shifts[(i >> 4) << 2 | (i & 3)]
                b = b &+ (f << s | f >> (32 - s))
            }
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }
}
