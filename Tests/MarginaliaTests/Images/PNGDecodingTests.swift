import Foundation
import Marginalia
import Testing

/// What a PNG fixture must decode to: make_images.py draws these values.
struct PNGExpectation: Sendable, CustomTestStringConvertible {
    var name: String
    var colorSpace: RasterImage.ColorSpace
    var hasAlpha: Bool
    /// (x, y, components) of pixels whose samples are known exactly.
    var pixels: [(Int, Int, [UInt8])]
    /// (x, y, opacity) of pixels whose alpha is known exactly.
    var opacities: [(Int, Int, UInt8)] = []

    var testDescription: String { name }
}

extension ImagesTests {
    @Suite("PNG decoding")
    struct PNGDecodingTests {
        static let expectations: [PNGExpectation] = [
            PNGExpectation(
                name: "rgb.png", colorSpace: .rgb, hasAlpha: false,
                pixels: [(0, 0, [10, 20, 30]), (8, 6, [200, 30, 60]), (15, 11, [255, 255, 255])]),
            // Colour must not be premultiplied by alpha: column 1 is 7% opaque pure blue.
            PNGExpectation(
                name: "rgba.png", colorSpace: .rgb, hasAlpha: true,
                pixels: [(1, 0, [0, 0, 255]), (8, 6, [0, 0, 255]), (3, 4, [10, 200, 30])],
                opacities: [(0, 0, 0), (1, 5, 17), (8, 6, 136), (15, 11, 255), (3, 4, 77)]),
            PNGExpectation(
                name: "rgba-opaque.png", colorSpace: .rgb, hasAlpha: false,
                pixels: [(0, 0, [40, 50, 60]), (15, 11, [40, 50, 60])]),
            PNGExpectation(
                name: "gray-alpha.png", colorSpace: .gray, hasAlpha: true,
                pixels: [(8, 6, [90])], opacities: [(0, 0, 0), (8, 6, 200)]),
            // A 2-bit palette with tRNS: red opaque, green at 128, blue transparent.
            PNGExpectation(
                name: "palette.png", colorSpace: .rgb, hasAlpha: true,
                pixels: [(0, 0, [255, 0, 0]), (8, 6, [0, 255, 0])],
                opacities: [(0, 0, 255), (1, 0, 0), (8, 6, 128)]),
            // 16-bit samples reduce to their high byte's scale: 0x8080 / 257 = 128 exactly.
            PNGExpectation(
                name: "gray16.png", colorSpace: .gray, hasAlpha: false,
                pixels: [(0, 0, [255]), (1, 0, [0]), (2, 0, [64]), (8, 6, [128])]),
            PNGExpectation(
                name: "interlaced.png", colorSpace: .rgb, hasAlpha: false,
                pixels: [(5, 3, [250, 240, 230]), (4, 3, [20, 160, 90]), (15, 11, [20, 160, 90])]),
        ]

        @Test(arguments: expectations)
        func decodesSizeColourSpaceAndPixels(_ expected: PNGExpectation) throws {
            let image = try ImageFixtures.decode(expected.name)
            #expect(image.width == 16)
            #expect(image.height == 12)
            #expect(image.colorSpace == expected.colorSpace)
            #expect(image.bitsPerComponent == 8)
            #expect(image.hasInvertedComponents == false)
            #expect(image.sampleBytes.count == 16 * 12 * expected.colorSpace.componentCount)
            #expect((image.alpha != nil) == expected.hasAlpha)
            if let alpha = image.alpha { #expect(alpha.count == 16 * 12) }
            for (x, y, components) in expected.pixels {
                #expect(image.pixel(x, y) == components, "pixel (\(x), \(y))")
            }
            for (x, y, opacity) in expected.opacities {
                #expect(image.opacity(x, y) == opacity, "opacity at (\(x), \(y))")
            }
        }

        @Test func interlacedMatchesTheSameImageWrittenProgressively() throws {
            // Every pixel but one is the same colour; a de-interlacing slip would move the odd one.
            let image = try ImageFixtures.decode("interlaced.png")
            for y in 0..<12 {
                for x in 0..<16 where (x, y) != (5, 3) {
                    #expect(image.pixel(x, y) == [20, 160, 90], "pixel (\(x), \(y))")
                }
            }
        }

        @Test func decodesFromADataSliceWithAnOffset() throws {
            // Data slices keep their parent's indices; decoding must not assume they start at 0.
            let bytes = Data([0, 1, 2]) + (try ImageFixtures.data("rgb.png"))
            let image = try ImageDecoder.decode(bytes[3...])
            #expect(image.pixel(0, 0) == [10, 20, 30])
        }
    }
}
