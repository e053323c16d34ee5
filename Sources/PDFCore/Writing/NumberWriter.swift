import Foundation

/// Writes numbers as PDF syntax (ISO 32000-2, 7.3.3) straight into a byte buffer: no exponent,
/// at most `decimals` digits after the point, trailing zeros dropped, exact integers as
/// integers, NaN and infinities (which PDF cannot write) as 0.
///
/// Writers call it for every number of every object and content stream they produce, so it
/// builds no `String`: a 300-point ink stroke is some 2,000 numbers.
enum NumberWriter {
    /// Decimals for a length or coordinate in points: 3 keep every position within
    /// 0.0005 pt, finer than any device renders.
    static let coordinateDecimals = 3
    /// Decimals for everything else (colour components, matrix coefficients, opacity, reals
    /// read from a file), whose error is multiplied by whatever they scale.
    static let fineDecimals = 6

    /// The most bytes one number takes: a sign, 19 whole digits, a point and 6 decimals.
    static let maximumLength = 27

    static func append(_ value: Double, decimals: Int = fineDecimals, to out: inout [UInt8]) {
        guard value.isFinite, abs(value) < 9.0e12 else {
            appendUnusual(value, to: &out)
            return
        }
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            let end = write(value, decimals: decimals, into: raw, at: 0)
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[..<end]).assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Appends `operands` with `decimals` each, a space after each, then `operator` and a
    /// newline: one content-stream line assembled on the stack and appended at once (a
    /// curve is six numbers; appending each on its own cost more than writing it).
    static func appendOperation(_ operands: UnsafeBufferPointer<Double>, decimals: Int, operator name: (UInt8, UInt8?),
                                to out: inout [UInt8]) {
        guard operands.count <= 8, operands.allSatisfy({ $0.isFinite && abs($0) < 9.0e12 }) else {
            for operand in operands {
                append(operand, decimals: decimals, to: &out)
                out.append(0x20)
            }
            out.append(name.0)
            if let second = name.1 { out.append(second) }
            out.append(0x0A)
            return
        }
        // 8 numbers of at most 27 bytes with their spaces, the operator and a newline.
        var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                     UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                     UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                     UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                                        0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            var end = 0
            for operand in operands {
                end = write(operand, decimals: decimals, into: raw, at: end)
                raw[end] = 0x20
                end += 1
            }
            raw[end] = name.0
            end += 1
            if let second = name.1 {
                raw[end] = second
                end += 1
            }
            raw[end] = 0x0A
            end += 1
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[..<end]).assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Writes `value` (finite, below 9e12 in magnitude) at `start`; returns where it ends.
    ///
    /// The value is scaled to an integer of `decimals` places (rounded half away from zero),
    /// its trailing zero places dropped, then split into whole and fraction by a division by
    /// a constant power of ten and written two digits at a time from the end.
    private static func write(_ value: Double, decimals: Int, into raw: UnsafeMutableRawBufferPointer, at start: Int) -> Int {
        var places = max(0, min(decimals, fineDecimals))
        // Rounded half away from zero, without a call into the C library.
        let scaled = value * scale(places)
        var magnitude = UInt64(abs(scaled) + 0.5)
        if magnitude == 0 {
            raw[start] = 0x30
            return start + 1
        }
        while places > 0 && magnitude % 10 == 0 {
            magnitude /= 10
            places -= 1
        }
        let (whole, fraction) = split(magnitude, places: places)
        var index = start
        if scaled < 0 {
            raw[index] = 0x2D
            index += 1
        }
        let end = index + digitCount(whole) + (places > 0 ? places + 1 : 0)
        var position = end
        if places > 0 {
            writeDigits(fraction, count: places, before: &position, into: raw)
            position -= 1
            raw[position] = 0x2E
        }
        writeDigits(whole, count: position - index, before: &position, into: raw)
        return end
    }

    /// 10 to the power `places` (0 to ``fineDecimals``) as a `Double`.
    private static func scale(_ places: Int) -> Double {
        switch places {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1000
        case 4: 10_000
        case 5: 100_000
        default: 1_000_000
        }
    }

    /// `magnitude`'s whole part and its `places` decimals, each division by a constant (which
    /// the compiler turns into a multiplication).
    private static func split(_ magnitude: UInt64, places: Int) -> (whole: UInt64, fraction: UInt64) {
        switch places {
        case 0: (magnitude, 0)
        case 1: (magnitude / 10, magnitude % 10)
        case 2: (magnitude / 100, magnitude % 100)
        case 3: (magnitude / 1000, magnitude % 1000)
        case 4: (magnitude / 10_000, magnitude % 10_000)
        case 5: (magnitude / 100_000, magnitude % 100_000)
        default: (magnitude / 1_000_000, magnitude % 1_000_000)
        }
    }

    /// The decimal digits `value` takes (at least one).
    private static func digitCount(_ value: UInt64) -> Int {
        var count = 1, rest = value
        while rest >= 100 {
            rest /= 100
            count += 2
        }
        return rest >= 10 ? count + 1 : count
    }

    /// "00" to "99", two bytes each.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Writes the last `count` decimal digits of `value`, zeros in front where it has fewer,
    /// ending just before `position`, which is moved back over them.
    private static func writeDigits(_ value: UInt64, count: Int, before position: inout Int,
                                    into raw: UnsafeMutableRawBufferPointer) {
        let pairs = digitPairs.utf8Start
        var rest = value, left = count
        while left >= 2 {
            let pair = Int(truncatingIfNeeded: rest % 100)
            rest /= 100
            position -= 2
            raw[position] = pairs[2 * pair]
            raw[position + 1] = pairs[2 * pair + 1]
            left -= 2
        }
        if left == 1 {
            position -= 1
            raw[position] = 0x30 + UInt8(truncatingIfNeeded: rest % 10)
        }
    }

    /// NaN and infinities as 0; magnitudes too large for the fast path with every whole
    /// digit (only damaged files have them), still without an exponent.
    private static func appendUnusual(_ value: Double, to out: inout [UInt8]) {
        guard value.isFinite else {
            out.append(0x30)
            return
        }
        out.append(contentsOf: Array(String(format: "%.0f", value).utf8))
    }

    /// An integer in decimal.
    static func append(_ value: Int, to out: inout [UInt8]) {
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            var index = raw.count
            var rest = value.magnitude
            repeat {
                index -= 1
                raw[index] = 0x30 + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            if value < 0 {
                index -= 1
                raw[index] = 0x2D
            }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[index...]).assumingMemoryBound(to: UInt8.self))
        }
    }

}

extension PDFObject {
    /// A length or coordinate in points as writers store it: rounded to 0.001 pt (see
    /// ``PDFSyntax/appendCoordinate(_:to:)``), so it is written with at most three decimals
    /// and reads back as written.
    public static func coordinate(_ value: Double) -> PDFObject {
        guard value.isFinite, abs(value) < 1e12 else { return .real(value) }
        return .real((value * 1000).rounded() / 1000)
    }
}
