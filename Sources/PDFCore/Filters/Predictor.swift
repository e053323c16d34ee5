/// The predictor functions that `/FlateDecode` and `/LZWDecode` may apply after
/// decompressing (7.4.4.4): TIFF Predictor 2 and the PNG predictors.
///
/// The predictor, its sample layout and the row width come from the filter's
/// `/DecodeParms` (Table 8 for LZW and Flate). See `Predictor+TIFF.swift` and
/// `Predictor+PNG.swift` for the two families.
enum Predictor {
    /// Undoes the predictor named in `parameters` on decompressed `data`.
    ///
    /// - Parameter filter: the filter's name, for error messages.
    /// - Throws: ``PDFError/filter(name:reason:)`` for parameters that describe no valid
    ///   sample layout, an unsupported predictor, or an unknown PNG row filter type.
    static func decode(_ data: [UInt8], parameters: PDFDictionary?, filter: String) throws -> [UInt8] {
        let layout = try PredictorParameters(parameters, filter: filter)
        return try decode(data, layout, filter: filter)
    }

    /// Undoes the predictor described by `layout` on `data`.
    static func decode(_ data: [UInt8], _ layout: PredictorParameters, filter: String) throws -> [UInt8] {
        try layout.validate(filter: filter)
        switch layout.predictor {
        case PredictorParameters.tiff:
            return decodeTIFF(data, layout)
        case PredictorParameters.pngRange:
            return try decodePNG(data, layout, filter: filter)
        default:
            return data
        }
    }
}

/// The `/DecodeParms` entries that shape a predictor (7.4.4.4, Table 8).
struct PredictorParameters: Equatable, Sendable {
    /// 1 (or absent): no prediction; 2: TIFF Predictor 2; 10-15: PNG predictors.
    var predictor: Int
    /// Interleaved colour components per sample (`/Colors`, default 1).
    var colors: Int
    /// Bits per colour component (`/BitsPerComponent`, default 8): 1, 2, 4, 8 or 16.
    var bitsPerComponent: Int
    /// Samples per row (`/Columns`, default 1).
    var columns: Int

    /// The value of `/Predictor` that selects TIFF Predictor 2.
    static let tiff = 2
    /// The values of `/Predictor` that select the PNG predictors. Which of them a file
    /// uses does not matter when decoding: each row carries its own PNG filter type.
    static let pngRange = 10...15
    static let validBitsPerComponent: Set<Int> = [1, 2, 4, 8, 16]

    init(predictor: Int = 1, colors: Int = 1, bitsPerComponent: Int = 8, columns: Int = 1) {
        self.predictor = predictor
        self.colors = colors
        self.bitsPerComponent = bitsPerComponent
        self.columns = columns
    }

    /// Reads and checks the predictor entries of a filter's `/DecodeParms`.
    ///
    /// A `/Predictor` of 1 or less means no prediction: the other entries are then not
    /// looked at, since 7.4.4.4 makes them meaningful only for predictors above 1.
    init(_ dictionary: PDFDictionary?, filter: String) throws {
        func integer(_ key: String, default value: Int) -> Int {
            dictionary?[key]?.integerValue ?? value
        }
        self.init(
            predictor: integer("Predictor", default: 1), colors: integer("Colors", default: 1),
            bitsPerComponent: integer("BitsPerComponent", default: 8), columns: integer("Columns", default: 1))
        try validate(filter: filter)
    }

    /// Checks that the entries describe a predictor this library knows and a row layout
    /// whose size fits in an `Int`.
    func validate(filter: String) throws {
        if predictor <= 1 { return }
        guard predictor == Self.tiff || Self.pngRange.contains(predictor) else {
            throw PDFError.filter(name: filter, reason: "unsupported /Predictor \(predictor)")
        }
        guard Self.validBitsPerComponent.contains(bitsPerComponent) else {
            throw PDFError.filter(name: filter, reason: "unsupported /BitsPerComponent \(bitsPerComponent) for a predictor")
        }
        guard colors >= 1, columns >= 1, bitsPerRow != nil else {
            throw PDFError.filter(name: filter, reason: "invalid predictor row: /Colors \(colors), /Columns \(columns)")
        }
    }

    /// Bits in one row of samples, or nil if that does not fit in an `Int`.
    var bitsPerRow: Int? {
        let (perPixel, overflow1) = colors.multipliedReportingOverflow(by: bitsPerComponent)
        let (perRow, overflow2) = perPixel.multipliedReportingOverflow(by: columns)
        return overflow1 || overflow2 || perRow > Int.max - 7 ? nil : perRow
    }

    /// Bytes in one row of samples: each row starts on a byte boundary (7.4.4.4).
    var bytesPerRow: Int { ((bitsPerRow ?? 0) + 7) / 8 }

    /// Bytes per complete pixel, at least 1: the distance to the "left" byte of the PNG
    /// filters (PNG specification, 9.2: "bpp ... rounded up to one").
    var bytesPerPixel: Int { max(1, (colors * bitsPerComponent + 7) / 8) }
}
