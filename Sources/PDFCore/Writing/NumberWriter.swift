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
    private static func write(_ value: Double, decimals: Int, into raw: UnsafeMutableRawBufferPointer, at start: Int) -> Int {
        let places = max(0, min(decimals, fineDecimals))
        let unit = powerOfTen(places)
        // Rounded half away from zero, without a call into the C library.
        let scaled = value * Double(unit)
        let magnitude = UInt64(abs(scaled) + 0.5)
        if magnitude == 0 {
            raw[start] = 0x30
            return start + 1
        }
        var whole = magnitude / unit
        var fraction = magnitude % unit
        var fractionCount = fraction == 0 ? 0 : places
        while fractionCount > 0 && fraction % 10 == 0 {
            fraction /= 10
            fractionCount -= 1
        }
        var wholeCount = 1
        var rest = whole / 10
        while rest > 0 {
            wholeCount += 1
            rest /= 10
        }
        var index = start
        if scaled < 0 {
            raw[index] = 0x2D
            index += 1
        }
        // Digits are written from the last one back.
        let end = index + wholeCount + (fractionCount > 0 ? fractionCount + 1 : 0)
        var position = end
        if fractionCount > 0 {
            for _ in 0..<fractionCount {
                position -= 1
                raw[position] = 0x30 + UInt8(truncatingIfNeeded: fraction % 10)
                fraction /= 10
            }
            position -= 1
            raw[position] = 0x2E
        }
        repeat {
            position -= 1
            raw[position] = 0x30 + UInt8(truncatingIfNeeded: whole % 10)
            whole /= 10
        } while whole > 0
        return end
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

    private static func powerOfTen(_ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
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
