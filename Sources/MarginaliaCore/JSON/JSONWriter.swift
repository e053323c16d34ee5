#if !hasFeature(Embedded)
import Foundation
#endif

/// Writes JSON compactly (no spaces), with the keys in the order the value holds them.
///
/// Numbers: integers (up to 2^53) are written as integers; other finite numbers with at
/// most six decimals, trailing zeros dropped (beyond 9e15, fifteen digits and an exponent) (a millionth of a point is far below anything a
/// screen or a printer shows); NaN and infinities, which JSON cannot hold, as `null`. The
/// same digits on every platform, so the browser's build and the server agree byte for byte.
public enum JSONWriter {
    public static func string(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public static func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(value, to: &out)
        return out
    }

    public static func write(_ value: JSONValue, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        case .bool(let b):
            if b { out.append(contentsOf: [0x74, 0x72, 0x75, 0x65]) } else { out.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65]) }
        case .number(let n): writeNumber(n, to: &out)
        case .string(let s): writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(item, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                write(member.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied whole (path data is long and has none).
            var run = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                run = index + 1
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
                case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                default:
                    let hex = { (digit: UInt8) -> UInt8 in digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10 }
                    out.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex(byte >> 4), hex(byte & 15)])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A number as JSON text (see the type's discussion).
    public static func number(_ value: Double) -> String {
        var out: [UInt8] = []
        writeNumber(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func writeNumber(_ value: Double, to out: inout [UInt8]) {
        guard value.isFinite else {
            out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
            return
        }
        let magnitude = value.magnitude
        if magnitude >= 1e13 {
            // Beyond the range where the millionths fit a UInt64 (1.8e19) with room to spare:
            // fifteen digits and a power of ten are plenty (no coordinate is this large).
            if value < 0 { out.append(UInt8(ascii: "-")) }
            var scaled = magnitude
            var exponent = 0
            while scaled >= 1e15 {
                scaled /= 10
                exponent += 1
            }
            writeDigits(of: UInt64(scaled.rounded()), to: &out)
            if exponent > 0 {
                out.append(UInt8(ascii: "e"))
                writeDigits(of: UInt64(exponent), to: &out)
            }
            return
        }
        let millionths = (magnitude * 1_000_000).rounded()
        var units = UInt64(millionths)
        let whole = units / 1_000_000
        var fraction = units % 1_000_000
        if units == 0 {
            out.append(UInt8(ascii: "0"))
            return
        }
        if value < 0 { out.append(UInt8(ascii: "-")) }
        writeDigits(of: whole, to: &out)
        guard fraction > 0 else { return }
        var width = 6
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        out.append(UInt8(ascii: "."))
        // The fraction's digits, most significant first, zero-padded to `width`; written in
        // reverse and turned round in place (no buffer of its own: this runs for every
        // number the engine writes, in the browser for every pointer event).
        let start = out.count
        units = fraction
        for _ in 0..<width {
            out.append(UInt8(ascii: "0") + UInt8(units % 10))
            units /= 10
        }
        turnRound(&out, from: start)
    }

    static func writeDigits(of value: UInt64, to out: inout [UInt8]) {
        let start = out.count
        var rest = value
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        turnRound(&out, from: start)
    }

    /// Reverses `out[start...]` by swapping its bytes in `out` itself: `out[start...].reverse()`
    /// copied the slice (and freed it) for every number, most of the time a number took.
    private static func turnRound(_ out: inout [UInt8], from start: Int) {
        var low = start, high = out.count - 1
        while low < high {
            out.swapAt(low, high)
            low += 1
            high -= 1
        }
    }
}
