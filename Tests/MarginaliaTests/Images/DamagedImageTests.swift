import Foundation
import Marginalia
import Testing

extension ImagesTests {
    @Suite("Damaged and oversized images")
    struct DamagedImageTests {
        @Test func emptyAndForeignDataAreNotImages() {
            #expect(throws: ImageError.unsupportedFormat) { try ImageDecoder.decode(Data()) }
            #expect(throws: ImageError.unsupportedFormat) { try ImageDecoder.decode(Data("%PDF-1.7".utf8)) }
            #expect(throws: ImageError.unsupportedFormat) { try ImageDecoder.decode(Data([0x89, 0x50])) }
        }

        @Test(arguments: ImageFixtures.pngNames + ImageFixtures.jpegNames)
        func everyTruncationOfThePixelDataIsAnImageError(name: String) throws {
            let bytes = try ImageFixtures.data(name)
            // A PNG cut inside its final IEND chunk (12 bytes) still holds every pixel, and
            // libpng reads it as browsers do; a JPEG needs its 2-byte end-of-image marker.
            let complete = name.hasSuffix(".png") ? bytes.count - 12 : bytes.count
            for length in 0..<complete {
                #expect(throws: ImageError.self, "\(name) cut to \(length) bytes") {
                    try ImageDecoder.decode(bytes.prefix(length))
                }
            }
            let whole = try ImageDecoder.decode(bytes)
            for length in complete..<bytes.count {
                #expect(try ImageDecoder.decode(bytes.prefix(length)) == whole, "\(name) cut to \(length) bytes")
            }
        }

        @Test(arguments: ImageFixtures.pngNames + ImageFixtures.jpegNames)
        func corruptedBytesNeverCrash(name: String) throws {
            let bytes = try ImageFixtures.data(name)
            var failures = 0
            for offset in bytes.indices {
                for value: UInt8 in [0x00, 0xFF, bytes[offset] ^ 0x55] {
                    var corrupted = bytes
                    corrupted[offset] = value
                    do {
                        let image = try ImageDecoder.decode(corrupted)
                        #expect(image.width > 0 && image.height > 0)
                    } catch is ImageError {
                        failures += 1
                    }
                }
            }
            #expect(failures > 0, "damage to \(name) is never noticed")
        }

        @Test func randomBytesAreAnImageError() {
            var generator = SplitMix64(seed: 42)
            for round in 0..<300 {
                let length = Int(generator.next() % 400)
                var bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                // A third each: no signature, the PNG signature, the JPEG one, then noise.
                switch round % 3 {
                case 1: bytes = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bytes
                case 2: bytes = [0xFF, 0xD8, 0xFF] + bytes
                default: break
                }
                #expect(throws: ImageError.self) { try ImageDecoder.decode(Data(bytes)) }
            }
        }

        @Test func aHugeDeclaredSizeIsRefusedBeforeAllocating() throws {
            let bytes = try ImageFixtures.data("huge-dimensions.png")
            #expect(throws: ImageError.tooLarge(width: 100_000, height: 100_000, limit: 50_000_000)) { try ImageDecoder.decode(bytes) }
        }

        @Test func thePixelBudgetIsConfigurable() throws {
            let small = ImageDecoder(maximumPixelCount: 16 * 12 - 1)
            #expect(throws: ImageError.tooLarge(width: 16, height: 12, limit: 16 * 12 - 1)) { try small.decode(ImageFixtures.data("rgb.png")) }
            #expect(throws: ImageError.tooLarge(width: 16, height: 12, limit: 16 * 12 - 1)) { try small.decode(ImageFixtures.data("rgb.jpg")) }
            let exact = ImageDecoder(maximumPixelCount: 16 * 12)
            #expect(try exact.decode(ImageFixtures.data("rgb.png")).width == 16)
            #expect(ImageDecoder().maximumPixelCount == 50_000_000)
        }

        @Test func messagesSayWhatIsWrongInWords() throws {
            #expect(ImageError.unsupportedFormat.description
                    == "the file is not an image Marginalia reads (PNG, JPEG, HEIC, WebP, GIF or TIFF)")
            #expect(ImageError.tooLarge(width: 3, height: 4, limit: 10).description
                    == "the image is too large (3 × 4 pixels; the limit is 10 pixels)")
            let png = try ImageFixtures.data("rgb.png")
            do {
                _ = try ImageDecoder.decode(png.prefix(png.count - 20))
                Issue.record("a truncated PNG decoded")
            } catch let error as ImageError {
                #expect(error.description.hasPrefix("the image is damaged: "))
            }
        }
    }
}

/// A small deterministic generator (Steele, Lea, Flood: SplitMix64), so failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
