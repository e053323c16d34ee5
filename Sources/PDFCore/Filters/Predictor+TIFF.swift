/// TIFF Predictor 2 (7.4.4.4; TIFF 6.0, section 14): each sample is stored as its
/// difference from the same colour component of the pixel to its left, modulo
/// 2^BitsPerComponent. The first pixel of every row is stored as it is.
extension Predictor {
    /// Undoes TIFF Predictor 2 on `data`, row by row.
    ///
    /// Rows are `layout.bytesPerRow` bytes, each starting on a byte boundary; a short final
    /// row is decoded as far as it has whole samples, and any bytes left over (padding, or
    /// half of a 16-bit sample) are kept as they are.
    static func decodeTIFF(_ data: [UInt8], _ layout: PredictorParameters) -> [UInt8] {
        let rowLength = layout.bytesPerRow
        guard rowLength > 0 else { return data }
        var output = data
        var rowStart = 0
        while rowStart < output.count {
            let rowEnd = rowStart + min(rowLength, output.count - rowStart)
            switch layout.bitsPerComponent {
            case 8: undoTIFF8(&output, rowStart, rowEnd, colors: layout.colors)
            case 16: undoTIFF16(&output, rowStart, rowEnd, colors: layout.colors)
            default: undoTIFFPacked(&output, rowStart, rowEnd, layout)
            }
            rowStart = rowEnd
        }
        return output
    }

    /// 8-bit samples: one byte each, so the left sample is `colors` bytes back.
    private static func undoTIFF8(_ row: inout [UInt8], _ start: Int, _ end: Int, colors: Int) {
        guard colors < end - start else { return }
        for index in (start + colors)..<end {
            row[index] = row[index] &+ row[index - colors]
        }
    }

    /// 16-bit samples: big-endian pairs (7.4.4.4 stores multi-byte samples high byte first).
    private static func undoTIFF16(_ row: inout [UInt8], _ start: Int, _ end: Int, colors: Int) {
        let distance = 2 * colors
        guard distance < end - start - 1 else { return }
        for index in stride(from: start + distance, to: end - 1, by: 2) {
            let left = UInt16(row[index - distance]) << 8 | UInt16(row[index - distance + 1])
            let delta = UInt16(row[index]) << 8 | UInt16(row[index + 1])
            let value = delta &+ left
            row[index] = UInt8(truncatingIfNeeded: value >> 8)
            row[index + 1] = UInt8(truncatingIfNeeded: value)
        }
    }

    /// 1-, 2- and 4-bit samples, packed high bits first. Decoding runs left to right in
    /// place, so the left sample has always been decoded already.
    private static func undoTIFFPacked(_ row: inout [UInt8], _ start: Int, _ end: Int, _ layout: PredictorParameters) {
        let bits = layout.bitsPerComponent
        let mask = UInt8((1 << bits) - 1)
        let sampleCount = min(layout.colors * layout.columns, (end - start) * 8 / bits)
        guard layout.colors < sampleCount else { return }
        for sample in layout.colors..<sampleCount {
            let left = packedSample(row, start, sample - layout.colors, bits: bits, mask: mask)
            let bitOffset = sample * bits
            let index = start + bitOffset / 8
            let shift = 8 - bits - bitOffset % 8
            let delta = (row[index] >> shift) & mask
            let value = (delta &+ left) & mask
            row[index] = row[index] & ~(mask << shift) | value << shift
        }
    }

    private static func packedSample(_ row: [UInt8], _ start: Int, _ sample: Int, bits: Int, mask: UInt8) -> UInt8 {
        let bitOffset = sample * bits
        return (row[start + bitOffset / 8] >> (8 - bits - bitOffset % 8)) & mask
    }
}
