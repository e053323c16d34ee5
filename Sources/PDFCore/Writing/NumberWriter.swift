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

    static func append(_ value: Double, decimals: Int = fineDecimals, to out: inout [UInt8]) {
        guard value.isFinite else { out.append(0x30); return }
        let places = max(0, min(decimals, fineDecimals))
        let unit = powerOfTen(places)
        let scaled = (value * Double(unit)).rounded()
        // Beyond Int64 (only damaged files have such numbers): whole digits, no exponent.
        guard abs(scaled) < 9.0e18 else {
            out.append(contentsOf: Array(String(format: "%.0f", value).utf8))
            return
        }
        let units = Int64(scaled)
        if units == 0 { out.append(0x30); return }
        var whole = units.magnitude / unit
        var fraction = units.magnitude % unit
        var fractionCount = fraction == 0 ? 0 : places
        while fractionCount > 0 && fraction % 10 == 0 {
            fraction /= 10
            fractionCount -= 1
        }
        // Digits are written backwards into a small buffer on the stack, then appended at
        // once: a sign, 19 whole digits, a point and 6 decimals fit in 32 bytes.
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            var index = raw.count
            if fractionCount > 0 {
                for _ in 0..<fractionCount {
                    index -= 1
                    raw[index] = 0x30 + UInt8(truncatingIfNeeded: fraction % 10)
                    fraction /= 10
                }
                index -= 1
                raw[index] = 0x2E
            }
            repeat {
                index -= 1
                raw[index] = 0x30 + UInt8(truncatingIfNeeded: whole % 10)
                whole /= 10
            } while whole > 0
            if units < 0 {
                index -= 1
                raw[index] = 0x2D
            }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[index...]).assumingMemoryBound(to: UInt8.self))
        }
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
