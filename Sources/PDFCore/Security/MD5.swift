import Foundation

/// MD5 (RFC 1321), the digest PDF uses for RC4 keys (7.6.4.3) and file identifiers (14.4).
///
/// Written here rather than asked of libcrypto: every incremental save digests its update
/// for the new `/ID`, and loading and initialising libcrypto for that cost more than the
/// digest itself (about 15 M instructions, a tenth of "fill" in docs/benchmarks.md).
///
/// The 64 steps are written out with their constants (RFC 1321, 3.4) and read the message
/// straight from the caller's bytes: no table lookups, bounds checks or per-block copies,
/// which made an earlier loop over tables cost about 49 instructions a byte, a 1.3 MB
/// update of "ink" 64 M instructions.
enum MD5 {
    /// The 16-byte digest of `bytes`.
    static func digest(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { digest($0) }
    }

    /// The 16-byte digest of the bytes at `bytes`.
    static func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var state = State()
        let count = bytes.count
        let whole = count & ~63
        if let base = bytes.baseAddress {
            var offset = 0
            while offset < whole {
                state.compress(base + offset)
                offset += 64
            }
        }
        // The tail, a 0x80 byte, zeros to 56 mod 64, and the length in bits, little-endian:
        // one or two blocks on the stack.
        var tail: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                   UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &tail) { block in
            let rest = count - whole
            if rest > 0, let base = bytes.baseAddress {
                block.baseAddress!.copyMemory(from: base + whole, byteCount: rest)
            }
            block[rest] = 0x80
            let blocks = rest < 56 ? 1 : 2
            block.storeBytes(of: (UInt64(count) &* 8).littleEndian, toByteOffset: blocks * 64 - 8, as: UInt64.self)
            state.compress(UnsafeRawPointer(block.baseAddress!))
            if blocks == 2 { state.compress(UnsafeRawPointer(block.baseAddress! + 64)) }
        }
        var out = [UInt8](repeating: 0, count: 16)
        out.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: state.a.littleEndian, toByteOffset: 0, as: UInt32.self)
            raw.storeBytes(of: state.b.littleEndian, toByteOffset: 4, as: UInt32.self)
            raw.storeBytes(of: state.c.littleEndian, toByteOffset: 8, as: UInt32.self)
            raw.storeBytes(of: state.d.littleEndian, toByteOffset: 12, as: UInt32.self)
        }
        return out
    }

    /// The four words of the digest so far (RFC 1321, 3.3).
    private struct State {
        var a: UInt32 = 0x6745_2301
        var b: UInt32 = 0xEFCD_AB89
        var c: UInt32 = 0x98BA_DCFE
        var d: UInt32 = 0x1032_5476

        /// Folds in the 64 bytes at `block`.
        mutating func compress(_ block: UnsafeRawPointer) {
            @inline(__always) func word(_ index: Int) -> UInt32 {
                UInt32(littleEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
            }
            let x0 = word(0), x1 = word(1), x2 = word(2), x3 = word(3)
            let x4 = word(4), x5 = word(5), x6 = word(6), x7 = word(7)
            let x8 = word(8), x9 = word(9), x10 = word(10), x11 = word(11)
            let x12 = word(12), x13 = word(13), x14 = word(14), x15 = word(15)
            var a = self.a, b = self.b, c = self.c, d = self.d
            // Round 1.
            a = MD5.round1(a, b, c, d, x0 &+ 0xD76AA478, 7)
            d = MD5.round1(d, a, b, c, x1 &+ 0xE8C7B756, 12)
            c = MD5.round1(c, d, a, b, x2 &+ 0x242070DB, 17)
            b = MD5.round1(b, c, d, a, x3 &+ 0xC1BDCEEE, 22)
            a = MD5.round1(a, b, c, d, x4 &+ 0xF57C0FAF, 7)
            d = MD5.round1(d, a, b, c, x5 &+ 0x4787C62A, 12)
            c = MD5.round1(c, d, a, b, x6 &+ 0xA8304613, 17)
            b = MD5.round1(b, c, d, a, x7 &+ 0xFD469501, 22)
            a = MD5.round1(a, b, c, d, x8 &+ 0x698098D8, 7)
            d = MD5.round1(d, a, b, c, x9 &+ 0x8B44F7AF, 12)
            c = MD5.round1(c, d, a, b, x10 &+ 0xFFFF5BB1, 17)
            b = MD5.round1(b, c, d, a, x11 &+ 0x895CD7BE, 22)
            a = MD5.round1(a, b, c, d, x12 &+ 0x6B901122, 7)
            d = MD5.round1(d, a, b, c, x13 &+ 0xFD987193, 12)
            c = MD5.round1(c, d, a, b, x14 &+ 0xA679438E, 17)
            b = MD5.round1(b, c, d, a, x15 &+ 0x49B40821, 22)
            // Round 2.
            a = MD5.round2(a, b, c, d, x1 &+ 0xF61E2562, 5)
            d = MD5.round2(d, a, b, c, x6 &+ 0xC040B340, 9)
            c = MD5.round2(c, d, a, b, x11 &+ 0x265E5A51, 14)
            b = MD5.round2(b, c, d, a, x0 &+ 0xE9B6C7AA, 20)
            a = MD5.round2(a, b, c, d, x5 &+ 0xD62F105D, 5)
            d = MD5.round2(d, a, b, c, x10 &+ 0x02441453, 9)
            c = MD5.round2(c, d, a, b, x15 &+ 0xD8A1E681, 14)
            b = MD5.round2(b, c, d, a, x4 &+ 0xE7D3FBC8, 20)
            a = MD5.round2(a, b, c, d, x9 &+ 0x21E1CDE6, 5)
            d = MD5.round2(d, a, b, c, x14 &+ 0xC33707D6, 9)
            c = MD5.round2(c, d, a, b, x3 &+ 0xF4D50D87, 14)
            b = MD5.round2(b, c, d, a, x8 &+ 0x455A14ED, 20)
            a = MD5.round2(a, b, c, d, x13 &+ 0xA9E3E905, 5)
            d = MD5.round2(d, a, b, c, x2 &+ 0xFCEFA3F8, 9)
            c = MD5.round2(c, d, a, b, x7 &+ 0x676F02D9, 14)
            b = MD5.round2(b, c, d, a, x12 &+ 0x8D2A4C8A, 20)
            // Round 3.
            a = MD5.round3(a, b, c, d, x5 &+ 0xFFFA3942, 4)
            d = MD5.round3(d, a, b, c, x8 &+ 0x8771F681, 11)
            c = MD5.round3(c, d, a, b, x11 &+ 0x6D9D6122, 16)
            b = MD5.round3(b, c, d, a, x14 &+ 0xFDE5380C, 23)
            a = MD5.round3(a, b, c, d, x1 &+ 0xA4BEEA44, 4)
            d = MD5.round3(d, a, b, c, x4 &+ 0x4BDECFA9, 11)
            c = MD5.round3(c, d, a, b, x7 &+ 0xF6BB4B60, 16)
            b = MD5.round3(b, c, d, a, x10 &+ 0xBEBFBC70, 23)
            a = MD5.round3(a, b, c, d, x13 &+ 0x289B7EC6, 4)
            d = MD5.round3(d, a, b, c, x0 &+ 0xEAA127FA, 11)
            c = MD5.round3(c, d, a, b, x3 &+ 0xD4EF3085, 16)
            b = MD5.round3(b, c, d, a, x6 &+ 0x04881D05, 23)
            a = MD5.round3(a, b, c, d, x9 &+ 0xD9D4D039, 4)
            d = MD5.round3(d, a, b, c, x12 &+ 0xE6DB99E5, 11)
            c = MD5.round3(c, d, a, b, x15 &+ 0x1FA27CF8, 16)
            b = MD5.round3(b, c, d, a, x2 &+ 0xC4AC5665, 23)
            // Round 4.
            a = MD5.round4(a, b, c, d, x0 &+ 0xF4292244, 6)
            d = MD5.round4(d, a, b, c, x7 &+ 0x432AFF97, 10)
            c = MD5.round4(c, d, a, b, x14 &+ 0xAB9423A7, 15)
            b = MD5.round4(b, c, d, a, x5 &+ 0xFC93A039, 21)
            a = MD5.round4(a, b, c, d, x12 &+ 0x655B59C3, 6)
            d = MD5.round4(d, a, b, c, x3 &+ 0x8F0CCC92, 10)
            c = MD5.round4(c, d, a, b, x10 &+ 0xFFEFF47D, 15)
            b = MD5.round4(b, c, d, a, x1 &+ 0x85845DD1, 21)
            a = MD5.round4(a, b, c, d, x8 &+ 0x6FA87E4F, 6)
            d = MD5.round4(d, a, b, c, x15 &+ 0xFE2CE6E0, 10)
            c = MD5.round4(c, d, a, b, x6 &+ 0xA3014314, 15)
            b = MD5.round4(b, c, d, a, x13 &+ 0x4E0811A1, 21)
            a = MD5.round4(a, b, c, d, x4 &+ 0xF7537E82, 6)
            d = MD5.round4(d, a, b, c, x11 &+ 0xBD3AF235, 10)
            c = MD5.round4(c, d, a, b, x2 &+ 0x2AD7D2BB, 15)
            b = MD5.round4(b, c, d, a, x9 &+ 0xEB86D391, 21)
            self.a = self.a &+ a
            self.b = self.b &+ b
            self.c = self.c &+ c
            self.d = self.d &+ d
        }
    }

    // One step of each round: `a` plus the round's function of b, c, d plus the message
    // word and sine constant (`word`), rotated left by `shift`, plus `b`.

    @inline(__always)
    private static func rotate(_ value: UInt32, _ shift: UInt32, plus b: UInt32) -> UInt32 {
        b &+ (value &<< shift | value &>> (32 &- shift))
    }

    /// F(b, c, d) = (b AND c) OR (NOT b AND d), written as d XOR (b AND (c XOR d)).
    @inline(__always)
    private static func round1(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ word: UInt32, _ shift: UInt32) -> UInt32 {
        rotate(a &+ (d ^ (b & (c ^ d))) &+ word, shift, plus: b)
    }

    /// G(b, c, d) = (b AND d) OR (c AND NOT d), written as c XOR (d AND (b XOR c)).
    @inline(__always)
    private static func round2(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ word: UInt32, _ shift: UInt32) -> UInt32 {
        rotate(a &+ (c ^ (d & (b ^ c))) &+ word, shift, plus: b)
    }

    /// H(b, c, d) = b XOR c XOR d.
    @inline(__always)
    private static func round3(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ word: UInt32, _ shift: UInt32) -> UInt32 {
        rotate(a &+ (b ^ c ^ d) &+ word, shift, plus: b)
    }

    /// I(b, c, d) = c XOR (b OR NOT d).
    @inline(__always)
    private static func round4(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ word: UInt32, _ shift: UInt32) -> UInt32 {
        rotate(a &+ (c ^ (b | ~d)) &+ word, shift, plus: b)
    }
}
