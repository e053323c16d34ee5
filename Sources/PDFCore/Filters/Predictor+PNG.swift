/// The PNG predictors (7.4.4.4; PNG specification, section 9): `/Predictor` 10 to 15.
///
/// Each row of `bytesPerRow` bytes is preceded by one byte naming the filter type used
/// for that row, whichever of 10-15 the dictionary says: 0 None, 1 Sub, 2 Up, 3 Average,
/// 4 Paeth. The filters work on bytes, whatever the bits per component; "left" is one
/// whole pixel back (at least one byte) and the row above the first is all zeros.
extension Predictor {
    /// The PNG filter types (PNG specification, 9.2).
    enum PNGFilterType: UInt8 {
        case none = 0, sub, up, average, paeth
    }

    /// Undoes the PNG predictors on `data`.
    ///
    /// A short final row (the data ends before the row does, as in truncated streams) is
    /// decoded as far as it goes.
    ///
    /// - Throws: ``PDFError/filter(name:reason:)`` for a row whose type byte is not 0-4:
    ///   the row layout does not match the data, and guessing would only produce noise.
    static func decodePNG(_ data: [UInt8], _ layout: PredictorParameters, filter: String) throws -> [UInt8] {
        let rowLength = layout.bytesPerRow
        let pixelLength = layout.bytesPerPixel
        guard rowLength > 0 else { return data }
        // The output is the input less one type byte per row: never larger.
        var output = [UInt8](repeating: 0, count: data.count)
        var inputIndex = 0
        var outputIndex = 0
        var previousRow: Int? = nil  // start of the row above in `output`
        var rowNumber = 0
        while inputIndex < data.count {
            let typeByte = data[inputIndex]
            inputIndex += 1
            let count = min(rowLength, data.count - inputIndex)
            guard let type = PNGFilterType(rawValue: typeByte) else {
                throw PDFError.filter(
                    name: filter,
                    reason: "unknown PNG predictor type \(typeByte) in row \(rowNumber) (byte \(inputIndex - 1))")
            }
            let rows = RowPosition(source: inputIndex, target: outputIndex, above: previousRow, count: count)
            undoPNGRow(type, data, &output, rows, pixelLength: pixelLength)
            previousRow = outputIndex
            inputIndex += count
            outputIndex += count
            rowNumber += 1
        }
        output.removeSubrange(outputIndex...)
        return output
    }

    /// Where one row is: its filtered bytes in the input, its place in the output, and the
    /// start of the decoded row above (nil for the first row). Only the last row may be
    /// shorter than `bytesPerRow`, so the row above always has `count` bytes.
    struct RowPosition {
        var source: Int
        var target: Int
        var above: Int?
        var count: Int
    }

    private static func undoPNGRow(
        _ type: PNGFilterType, _ input: [UInt8], _ output: inout [UInt8], _ row: RowPosition, pixelLength: Int
    ) {
        let source = row.source, target = row.target
        switch type {
        case .none:
            for i in 0..<row.count { output[target + i] = input[source + i] }
        case .sub:
            for i in 0..<row.count {
                let left = i >= pixelLength ? output[target + i - pixelLength] : 0
                output[target + i] = input[source + i] &+ left
            }
        case .up:
            guard let above = row.above else {
                for i in 0..<row.count { output[target + i] = input[source + i] }
                return
            }
            for i in 0..<row.count { output[target + i] = input[source + i] &+ output[above + i] }
        case .average:
            for i in 0..<row.count {
                let left = i >= pixelLength ? Int(output[target + i - pixelLength]) : 0
                let up = row.above.map { Int(output[$0 + i]) } ?? 0
                output[target + i] = input[source + i] &+ UInt8(truncatingIfNeeded: (left + up) / 2)
            }
        case .paeth:
            for i in 0..<row.count {
                let hasLeft = i >= pixelLength
                let left = hasLeft ? output[target + i - pixelLength] : 0
                let up = row.above.map { output[$0 + i] } ?? 0
                let upLeft = hasLeft ? row.above.map { output[$0 + i - pixelLength] } ?? 0 : 0
                output[target + i] = input[source + i] &+ paeth(left, up, upLeft)
            }
        }
    }

    /// The Paeth predictor (PNG specification, 9.4): whichever of left, above and upper
    /// left is closest to left + above - upper left, ties going in that order.
    static func paeth(_ left: UInt8, _ up: UInt8, _ upLeft: UInt8) -> UInt8 {
        let estimate = Int(left) + Int(up) - Int(upLeft)
        let toLeft = abs(estimate - Int(left))
        let toUp = abs(estimate - Int(up))
        let toUpLeft = abs(estimate - Int(upLeft))
        if toLeft <= toUp && toLeft <= toUpLeft { return left }
        if toUp <= toUpLeft { return up }
        return upLeft
    }
}
