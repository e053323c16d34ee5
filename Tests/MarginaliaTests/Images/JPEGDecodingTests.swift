import Foundation
import Marginalia
import Testing

extension ImagesTests {
    @Suite("JPEG headers")
    struct JPEGDecodingTests {
        static let cases: [(String, RasterImage.ColorSpace, Bool)] = [
            ("gray.jpg", .gray, false), ("rgb.jpg", .rgb, false),
            ("cmyk.jpg", .cmyk, true), ("progressive.jpg", .rgb, false),
        ]

        @Test(arguments: cases)
        func readsSizeAndColourSpaceAndKeepsTheBytes(name: String, colorSpace: RasterImage.ColorSpace, inverted: Bool) throws {
            let bytes = try ImageFixtures.data(name)
            let image = try ImageDecoder.decode(bytes)
            #expect(image.width == 16)
            #expect(image.height == 12)
            #expect(image.colorSpace == colorSpace)
            #expect(image.bitsPerComponent == 8)
            #expect(image.alpha == nil)
            #expect(image.hasInvertedComponents == inverted)
            #expect(image.storage == .jpeg(bytes))
        }

        @Test func dropsBytesAfterTheEndOfImageMarker() throws {
            let bytes = try ImageFixtures.data("rgb.jpg")
            let image = try ImageDecoder.decode(bytes + Data("trailing junk".utf8))
            #expect(image.storage == .jpeg(bytes))
        }

        @Test func toleratesStrayBytesBeforeAMarker() throws {
            // libjpeg warns about "extraneous bytes before marker" and goes on; so do we.
            var bytes = try ImageFixtures.data("rgb.jpg")
            // After the 16-byte JFIF segment (FF E0, length 16): between two markers.
            try #require(bytes[2] == 0xFF && bytes[3] == 0xE0 && bytes[5] == 16 && bytes[20] == 0xFF)
            bytes.insert(contentsOf: [0x00, 0x12], at: 20)
            #expect(try ImageDecoder.decode(bytes).width == 16)
        }

        /// rgb.jpg with its frame header changed by `edit(bytes, offsetOfSOFMarker)`.
        static func editedFrame(_ edit: (inout Data, Int) -> Void) throws -> Data {
            var bytes = try ImageFixtures.data("rgb.jpg")
            let marker = try #require(bytes.indices.dropLast().first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
            edit(&bytes, marker)
            return bytes
        }

        @Test func refusesJPEGKindsThatPDFViewersCannotShow() throws {
            let lossless = try Self.editedFrame { bytes, at in bytes[at + 1] = 0xC3 }
            #expect(throws: ImageError.unsupportedVariant("lossless JPEG")) { try ImageDecoder.decode(lossless) }
            let arithmetic = try Self.editedFrame { bytes, at in bytes[at + 1] = 0xC9 }
            #expect(throws: ImageError.unsupportedVariant("arithmetic-coded JPEG")) { try ImageDecoder.decode(arithmetic) }
            let twelveBit = try Self.editedFrame { bytes, at in bytes[at + 4] = 12 }
            #expect(throws: ImageError.unsupportedVariant("12-bit JPEG")) { try ImageDecoder.decode(twelveBit) }
            let noHeight = try Self.editedFrame { bytes, at in bytes[at + 5] = 0; bytes[at + 6] = 0 }
            #expect(throws: ImageError.self) { try ImageDecoder.decode(noHeight) }
        }

        @Test func readsLargeDimensionsAsBigEndian() throws {
            // 0x0102 x 0x0304: a byte-order slip would give 513 x 1027.
            let bytes = try Self.editedFrame { bytes, at in
                bytes[at + 5] = 0x03; bytes[at + 6] = 0x04; bytes[at + 7] = 0x01; bytes[at + 8] = 0x02
            }
            let image = try ImageDecoder.decode(bytes)
            #expect(image.width == 258)
            #expect(image.height == 772)
        }
    }
}
