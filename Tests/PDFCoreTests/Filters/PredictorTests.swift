import Testing

@testable import PDFCore

extension FilterTests {
    @Suite("Predictors")
    struct PredictorTests {
        typealias T = FilterTestSupport

        /// A 4 x 3 grey image, 8 bits: the second row goes down, the third wraps around 0/255.
        static let greyImage: [UInt8] = [
            10, 20, 30, 40,
            15, 25, 20, 45,
            200, 5, 255, 0,
        ]

        /// `greyImage` with every row filtered by one PNG type: a type byte, then four bytes.
        /// Worked by hand from the PNG specification's formulas (and checked in Python).
        static let pngRows: [(type: UInt8, rows: [UInt8])] = [
            (0, [0, 10, 20, 30, 40, 0, 15, 25, 20, 45, 0, 200, 5, 255, 0]),
            (1, [1, 10, 10, 10, 10, 1, 15, 10, 251, 25, 1, 200, 61, 250, 1]),
            (2, [2, 10, 20, 30, 40, 2, 5, 5, 246, 5, 2, 185, 236, 235, 211]),
            (3, [3, 10, 15, 20, 25, 3, 10, 8, 249, 15, 3, 193, 149, 243, 106]),
            (4, [4, 10, 10, 10, 10, 4, 5, 5, 246, 15, 4, 185, 61, 250, 1]),
        ]

        static func png(columns: Int, colors: Int = 1, bits: Int = 8, predictor: Int = 15) -> PDFDictionary {
            PDFDictionary([
                ("Predictor", .integer(predictor)), ("Columns", .integer(columns)),
                ("Colors", .integer(colors)), ("BitsPerComponent", .integer(bits)),
            ])
        }

        @Test("each PNG row type decodes a grey image", arguments: 0..<5)
        func pngRowType(index: Int) throws {
            let (_, rows) = Self.pngRows[index]
            #expect(try Predictor.decode(rows, parameters: Self.png(columns: 4), filter: "FlateDecode") == Self.greyImage)
        }

        @Test("rows may mix PNG types, whichever /Predictor 10-15 is named", arguments: 10...15)
        func mixedRowTypes(predictor: Int) throws {
            // Row 0 Paeth, row 1 Up, row 2 Average: each row is cut from the tables above.
            let rows = Array(Self.pngRows[4].rows[0..<5]) + Array(Self.pngRows[2].rows[5..<10])
                + Array(Self.pngRows[3].rows[10..<15])
            let parameters = Self.png(columns: 4, predictor: predictor)
            #expect(try Predictor.decode(rows, parameters: parameters, filter: "FlateDecode") == Self.greyImage)
        }

        /// A 2 x 2 RGB image filtered by Sub, Average and Paeth (PNG type byte first).
        static let rgbRows: [[UInt8]] = [
            [1, 10, 20, 30, 30, 30, 30, 1, 11, 22, 33, 33, 33, 33],
            [3, 10, 20, 30, 35, 40, 45, 3, 6, 12, 18, 19, 19, 20],
            [4, 10, 20, 30, 30, 30, 30, 4, 1, 2, 3, 4, 5, 6],
        ]

        @Test("Sub, Average and Paeth look one whole RGB pixel (3 bytes) to the left", arguments: rgbRows)
        func pngRGB(rows: [UInt8]) throws {
            let image: [UInt8] = [10, 20, 30, 40, 50, 60, 11, 22, 33, 44, 55, 66]
            let parameters = Self.png(columns: 2, colors: 3)
            #expect(try Predictor.decode(rows, parameters: parameters, filter: "FlateDecode") == image)
        }

        struct PaethCase: Sendable, CustomTestStringConvertible {
            var left: UInt8, up: UInt8, upLeft: UInt8, expected: UInt8
            var testDescription: String { "paeth(\(left), \(up), \(upLeft))" }
        }

        /// Estimate p = left + up - upLeft; the nearest of the three wins, ties going to
        /// left, then up (PNG specification, 9.4).
        static let paethCases: [PaethCase] = [
            PaethCase(left: 13, up: 4, upLeft: 10, expected: 4),  // p 7: up and upLeft tie at 3
            PaethCase(left: 4, up: 13, upLeft: 10, expected: 4),  // p 7: left and upLeft tie at 3
            PaethCase(left: 10, up: 20, upLeft: 15, expected: 15),  // p 15 is upLeft itself
            PaethCase(left: 255, up: 255, upLeft: 0, expected: 255),  // p 510: no wrap-around
            PaethCase(left: 1, up: 200, upLeft: 100, expected: 100),
            PaethCase(left: 1, up: 200, upLeft: 2, expected: 200),  // p 199: up is off by 1
        ]

        @Test("the Paeth predictor's choice and tie order", arguments: paethCases)
        func paethChoice(testCase: PaethCase) {
            #expect(Predictor.paeth(testCase.left, testCase.up, testCase.upLeft) == testCase.expected)
        }

        @Test("a short final PNG row decodes as far as it goes")
        func pngShortFinalRow() throws {
            let rows: [UInt8] = [2, 10, 20, 30, 40, 2, 5, 5]
            #expect(try Predictor.decode(rows, parameters: Self.png(columns: 4), filter: "FlateDecode") == [10, 20, 30, 40, 15, 25])
            // A final row of just its type byte adds nothing.
            #expect(try Predictor.decode([1, 1, 2, 3, 4, 2], parameters: Self.png(columns: 4), filter: "FlateDecode") == [1, 3, 6, 10])
        }

        @Test("an unknown PNG row type is an error naming the row")
        func pngUnknownType() throws {
            let error = #expect(throws: PDFError.self) {
                try Predictor.decode([0, 1, 2, 3, 4, 9, 1, 2, 3, 4], parameters: Self.png(columns: 4), filter: "LZWDecode")
            }
            #expect(error?.filterName == "LZWDecode")
            #expect(error?.description.contains("row 1") == true)
        }

        @Test("sub-byte components: PNG works on whole bytes")
        func pngFourBit() throws {
            // 4 columns of 4 bits = 2 bytes per row; Sub with bpp rounded up to 1 byte.
            let rows: [UInt8] = [1, 0x12, 0x22, 2, 0x01, 0x01]
            let parameters = Self.png(columns: 4, bits: 4)
            #expect(try Predictor.decode(rows, parameters: parameters, filter: "FlateDecode") == [0x12, 0x34, 0x13, 0x35])
        }

        // MARK: - TIFF

        static func tiff(columns: Int, colors: Int, bits: Int) -> PDFDictionary {
            PDFDictionary([
                ("Predictor", 2), ("Columns", .integer(columns)), ("Colors", .integer(colors)),
                ("BitsPerComponent", .integer(bits)),
            ])
        }

        @Test("TIFF predictor, 8-bit RGB: differences per component, restarting each row")
        func tiff8() throws {
            let encoded: [UInt8] = [10, 20, 30, 5, 254, 10, 0, 0, 0, 255, 255, 255]
            let decoded: [UInt8] = [10, 20, 30, 15, 18, 40, 0, 0, 0, 255, 255, 255]
            let parameters = Self.tiff(columns: 2, colors: 3, bits: 8)
            #expect(try Predictor.decode(encoded, parameters: parameters, filter: "FlateDecode") == decoded)
        }

        @Test("TIFF predictor, 16-bit: big-endian samples, sums wrap at 65536")
        func tiff16() throws {
            // Row 0: 0102, 0304, 0100 (0xFDFC + 0x0304 wraps). Row 1: FFFF, 0001, 0000.
            let encoded = T.bytes(hex: "0102 0202 FDFC  FFFF 0002 FFFF")
            let decoded = T.bytes(hex: "0102 0304 0100  FFFF 0001 0000")
            let parameters = Self.tiff(columns: 3, colors: 1, bits: 16)
            #expect(try Predictor.decode(encoded, parameters: parameters, filter: "FlateDecode") == decoded)
        }

        struct PackedCase: Sendable, CustomTestStringConvertible {
            var bits: Int, colors: Int, columns: Int
            var encoded: [UInt8], decoded: [UInt8]
            var testDescription: String { "\(bits) bits, \(colors) colours, \(columns) columns" }
        }

        /// Worked by hand: 1 bit, 11001011 stored as 10101110 (each bit XOR its left
        /// neighbour); 2 bits, samples 1 3 0 2 3 stored as 1 2 1 2 1 in two rows of 10 bits
        /// plus 6 padding bits; 4 bits, two 2-component pixels (3, 15) (5, 1) stored as
        /// (3, 15) (2, 2).
        static let packedCases: [PackedCase] = [
            PackedCase(bits: 1, colors: 1, columns: 8, encoded: [0xAE], decoded: [0xCB]),
            PackedCase(bits: 2, colors: 1, columns: 5, encoded: [0x66, 0x40, 0x66, 0x40], decoded: [0x72, 0xC0, 0x72, 0xC0]),
            PackedCase(bits: 4, colors: 2, columns: 2, encoded: [0x3F, 0x22], decoded: [0x3F, 0x51]),
        ]

        @Test("TIFF predictor, 1, 2 and 4 bits, padding bits kept", arguments: packedCases)
        func tiffPacked(testCase: PackedCase) throws {
            let (bits, colors, columns) = (testCase.bits, testCase.colors, testCase.columns)
            let (encoded, decoded) = (testCase.encoded, testCase.decoded)
            let parameters = Self.tiff(columns: columns, colors: colors, bits: bits)
            #expect(try Predictor.decode(encoded, parameters: parameters, filter: "FlateDecode") == decoded)
        }

        @Test("TIFF predictor tolerates a short final row")
        func tiffShortRow() throws {
            let parameters = Self.tiff(columns: 3, colors: 1, bits: 8)
            #expect(try Predictor.decode([1, 1, 1, 5, 1], parameters: parameters, filter: "FlateDecode") == [1, 2, 3, 5, 6])
            let wide = Self.tiff(columns: 2, colors: 1, bits: 16)
            // One and a half samples in the last row: the odd byte stays as it is.
            #expect(try Predictor.decode([0, 1, 0, 1, 0, 7, 9], parameters: wide, filter: "FlateDecode") == [0, 1, 0, 2, 0, 7, 9])
        }

        // MARK: - Parameters

        @Test("defaults: /Colors 1, /BitsPerComponent 8, /Columns 1")
        func defaults() throws {
            let layout = try PredictorParameters(PDFDictionary([("Predictor", 12)]), filter: "FlateDecode")
            #expect(layout == PredictorParameters(predictor: 12, colors: 1, bitsPerComponent: 8, columns: 1))
            #expect(layout.bytesPerRow == 1)
            // One column: each row is a type byte and one byte.
            #expect(try Predictor.decode([2, 5, 2, 1, 2, 1], parameters: PDFDictionary([("Predictor", 12)]), filter: "Fl") == [5, 6, 7])
        }

        @Test("no /Predictor, or 1, leaves the data alone")
        func noPredictor() throws {
            let data: [UInt8] = [9, 8, 7]
            #expect(try Predictor.decode(data, parameters: nil, filter: "FlateDecode") == data)
            #expect(try Predictor.decode(data, parameters: PDFDictionary([("Predictor", 1), ("Columns", 99)]), filter: "FlateDecode") == data)
        }

        @Test("unusable predictor parameters are errors",
              arguments: [
                PDFDictionary([("Predictor", 5)]),
                PDFDictionary([("Predictor", 16)]),
                PDFDictionary([("Predictor", 12), ("BitsPerComponent", 3)]),
                PDFDictionary([("Predictor", 12), ("Columns", 0)]),
                PDFDictionary([("Predictor", 2), ("Colors", -1)]),
                PDFDictionary([("Predictor", 12), ("Columns", .integer(Int.max / 2)), ("Colors", 4)]),
              ])
        func invalidParameters(parameters: PDFDictionary) throws {
            let error = #expect(throws: PDFError.self) {
                try Predictor.decode([0, 1, 2, 3], parameters: parameters, filter: "FlateDecode")
            }
            #expect(error?.filterName == "FlateDecode")
        }

        @Test("a cross-reference stream's Flate + PNG Up predictor through the pipeline")
        func xrefStreamStyle() throws {
            // Three 5-byte entries (type, offset 3 bytes, generation), /Predictor 12 /Columns 5.
            let entries: [UInt8] = [1, 0, 0, 15, 0, 1, 0, 1, 16, 0, 2, 0, 0, 4, 0]
            var predicted: [UInt8] = []
            var above = [UInt8](repeating: 0, count: 5)
            for row in stride(from: 0, to: entries.count, by: 5) {
                let current = Array(entries[row..<(row + 5)])
                predicted.append(2)
                predicted += zip(current, above).map { $0 &- $1 }
                above = current
            }
            let stream = try FilterPipeline.deflate(predicted)
            let parameters = PDFDictionary([("Predictor", 12), ("Columns", 5)])
            #expect(try T.decode(stream, "FlateDecode", parameters) == entries)
        }
    }
}
