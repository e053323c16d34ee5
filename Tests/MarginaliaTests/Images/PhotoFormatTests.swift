import Foundation
import Marginalia
import Testing

/// The formats phones, the web and scanners make: HEIC, WebP, GIF and TIFF, and photos turned
/// by their orientation tag (fixtures from Tests/Fixtures/images/make_photos.py, whose
/// pictures these values repeat).
extension ImagesTests {
    @Suite("HEIC, WebP, GIF and TIFF")
    struct PhotoFormatTests {
        static let red: [UInt8] = [200, 30, 60], green: [UInt8] = [20, 200, 40], blue: [UInt8] = [30, 60, 200]
        static let dark: [UInt8] = [10, 20, 30], white: [UInt8] = [255, 255, 255]

        /// Whether each component is within `tolerance` of the expected one (lossy codecs).
        static func near(_ pixel: [UInt8], _ expected: [UInt8], _ tolerance: Int = 12) -> Bool {
            pixel.count == expected.count && zip(pixel, expected).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
        }

        @Test(arguments: [
            ("marked.webp", ImageFormat.webp), ("photo.heic", .heif), ("first-frame.gif", .gif),
            ("marked.tiff", .tiff), ("corner.jpg", .jpeg), ("rgb.png", .png),
        ])
        func theFormatComesFromTheBytes(name: String, format: ImageFormat) throws {
            #expect(ImageFormat(sniffing: try ImageFixtures.data(name)) == format)
        }

        @Test(arguments: ["marked.webp", "marked.tiff"])
        func losslessFilesDecodeToTheirExactPixels(name: String) throws {
            let image = try ImageFixtures.decode(name)
            #expect((image.width, image.height) == (16, 12))
            #expect(image.colorSpace == .rgb)
            #expect(image.alpha == nil)
            #expect(image.pixel(0, 0) == Self.dark)
            #expect(image.pixel(15, 11) == Self.white)
            #expect(image.pixel(7, 5) == Self.red)
        }

        @Test func aWebPKeepsItsAlphaAsASoftMask() throws {
            let image = try ImageFixtures.decode("rgba.webp")
            #expect(image.colorSpace == .rgb)
            #expect((0..<16).map { image.opacity($0, 3) } == (0..<16).map { UInt8(17 * $0) })
            #expect(image.pixel(5, 3) == [0, 0, 255])
            #expect(try image.pdfObjects().softMask != nil)
        }

        @Test func aLossyWebPAndAHEICDecodeNearTheirColours() throws {
            for name in ["photo.webp", "photo.heic"] {
                let image = try ImageFixtures.decode(name)
                #expect((image.width, image.height) == (64, 48), "\(name)")
                #expect(Self.near(image.pixel(8, 24), Self.red), "\(name): \(image.pixel(8, 24))")
                #expect(Self.near(image.pixel(56, 24), Self.blue), "\(name): \(image.pixel(56, 24))")
                // Decoded pixels go in as samples, compressed: never as the original bytes.
                let objects = try image.pdfObjects()
                #expect(objects.image.dictionary["Filter"] == .name("FlateDecode"))
                #expect(objects.softMask == nil)
            }
        }

        /// Found by fuzzing the decoders: a HEIC whose `ispe` says 48 × 64 but whose coded
        /// image claims 12288 × 16384 pixels. libheif decoded all 201 megapixels (seconds, and
        /// 600 MB) before the size was seen; now it refuses planes larger than the file said.
        @Test func aHEICWhoseCodedImageIsLargerThanItSaysIsRefusedAtOnce() throws {
            let start = ContinuousClock.now
            do {
                _ = try ImageFixtures.decode("oversized-stream.heic")
                Issue.record("decoded")
            } catch let ImageError.damaged(message) {
                #expect(message.contains("exceeds the maximum image size"), "\(message)")
                #expect(!message.contains("\n"))
            }
            #expect(ContinuousClock.now - start < .seconds(2))
        }

        @Test func anAnimatedWebPIsRefusedByName() throws {
            #expect(throws: ImageError.unsupportedVariant("animated WebP")) { try ImageFixtures.decode("animated.webp") }
        }

        /// What the editor places for a format the browser cannot show: a PNG of the same
        /// pixels, upright, with the alpha; a JPEG that needs no turning keeps its bytes.
        @Test(arguments: ["photo-turned.heic", "corner.webp", "rgba.webp", "first-frame.gif", "gray.tiff", "corner.jpg"])
        func fileDataIsAPNGOfTheSamePixels(name: String) throws {
            let image = try ImageFixtures.decode(name)
            let file = try image.fileData()
            #expect(file.mediaType == "image/png")
            #expect(ImageFormat(sniffing: file.data) == .png)
            #expect(try ImageDecoder.decode(file.data) == image)
        }

        @Test func fileDataOfAnUprightJPEGIsTheJPEG() throws {
            let bytes = try ImageFixtures.data("rgb.jpg")
            let file = try ImageDecoder.decode(bytes).fileData()
            #expect(file.mediaType == "image/jpeg")
            #expect(file.data == bytes)
        }

        @Test func aGIFShowsItsFirstFrameWithItsTransparentColour() throws {
            let image = try ImageFixtures.decode("first-frame.gif")
            #expect((image.width, image.height) == (16, 12))
            #expect(image.pixel(0, 0) == Self.dark)
            #expect(image.pixel(7, 5) == Self.red, "the second frame is green")
            #expect(image.opacity(15, 11) == 0)
            #expect(image.opacity(7, 5) == 255)
        }

        @Test func aGrayTIFFStaysGray() throws {
            let image = try ImageFixtures.decode("gray.tiff")
            #expect(image.colorSpace == .gray)
            // Pillow's conversion to L: 0.299 R + 0.587 G + 0.114 B.
            #expect(image.pixel(7, 5) == [84])
            #expect(image.pixel(15, 11) == [255])
        }

        @Test func aTIFFsAlphaComesOutStraight() throws {
            let image = try ImageFixtures.decode("rgba.tiff")
            #expect(image.opacity(0, 0) == 255)
            #expect(image.pixel(0, 0) == Self.red)
            #expect(image.opacity(5, 5) == 128)
            // libtiff premultiplies (0, 0, 128 of 255); undone, it is full blue again.
            #expect(Self.near(image.pixel(5, 5), [0, 0, 255], 2), "\(image.pixel(5, 5))")
        }

        @Test func aMultiPageTIFFGivesEveryPageAndDecodeTheFirst() throws {
            let data = try ImageFixtures.data("pages.tiff")
            let pages = try ImageDecoder().decodePages(data)
            #expect(pages.map { [$0.width, $0.height] } == [[16, 12], [20, 10], [8, 8]])
            #expect(pages.map(\.colorSpace) == [.rgb, .rgb, .gray])
            #expect(pages[1].pixel(3, 3) == Self.blue)
            #expect(pages[2].pixel(3, 3) == [100])
            #expect(try ImageDecoder.decode(data) == pages[0])

            let document = try PDFDocument(data: try ImageDocument.data(showingPages: pages))
            #expect(try document.pageCount == 3)
            #expect(try document.page(at: 1).bounds(for: .mediaBox) == CGRect(x: 0, y: 0, width: 20, height: 10))
        }

        /// Each file stores a red picture with a green block at the stored top left (16 × 12 with
        /// a 4-pixel block; the JPEG 32 × 24 with a 16-pixel block) and asks to be turned a
        /// quarter clockwise: upright, it is taller than wide with the block at the top right.
        @Test(arguments: [("corner.webp", 12, 16, 4, 0), ("corner.tiff", 12, 16, 4, 0), ("corner.jpg", 24, 32, 16, 20)])
        func anOrientationTagTurnsThePicture(name: String, width: Int, height: Int, block: Int, tolerance: Int) throws {
            let image = try ImageFixtures.decode(name)
            #expect((image.width, image.height) == (width, height))
            let topRight = image.pixel(width - 1 - block / 2, block / 2)
            #expect(Self.near(topRight, Self.green, tolerance), "top right: \(topRight)")
            #expect(Self.near(image.pixel(1, 1), Self.red, tolerance), "top left: \(image.pixel(1, 1))")
            #expect(Self.near(image.pixel(width - 2, height - 2), Self.red, tolerance))
        }

        @Test func aHEICsOwnRotationIsApplied() throws {
            // photo-turned.heic: the 64 × 48 photo (red left, blue right) with `irot` a quarter
            // clockwise: upright it is 48 × 64, red at the top, blue at the bottom.
            let image = try ImageFixtures.decode("photo-turned.heic")
            #expect((image.width, image.height) == (48, 64))
            #expect(Self.near(image.pixel(24, 8), Self.red), "\(image.pixel(24, 8))")
            #expect(Self.near(image.pixel(24, 56), Self.blue), "\(image.pixel(24, 56))")
        }

        @Test(arguments: ["marked.webp", "photo.heic", "first-frame.gif", "marked.tiff", "corner.jpg"])
        func thePixelBudgetHoldsForEveryFormat(name: String) throws {
            let small = ImageDecoder(maximumPixelCount: 100)
            let image = try ImageFixtures.decode(name)
            // The stored size is refused (for a turned JPEG, before turning).
            let stored = name == "corner.jpg" ? (image.height, image.width) : (image.width, image.height)
            #expect(throws: ImageError.tooLarge(width: stored.0, height: stored.1, limit: 100)) {
                try small.decode(ImageFixtures.data(name))
            }
        }

        @Test func theTIFFPagesHaveATotalBudgetAndAPageLimit() throws {
            let data = try ImageFixtures.data("pages.tiff")
            #expect(throws: ImageError.tooLarge(width: 20, height: 10, limit: 300)) {
                try ImageDecoder(maximumTotalPixelCount: 300).decodePages(data)
            }
            #expect(throws: ImageError.tooManyPages(count: 3, limit: 2)) {
                try ImageDecoder(maximumPageCount: 2).decodePages(data)
            }
        }

        /// A cut-short file never crashes: it is refused as damaged, or (a GIF whose later frames
        /// are cut, a TIFF whose later pages are) gives what it still holds. With only its
        /// first bytes left there is no picture at all.
        @Test(arguments: ["marked.webp", "photo.webp", "photo.heic", "first-frame.gif", "marked.tiff", "pages.tiff"])
        func aCutShortFileIsDamagedNotACrash(name: String) throws {
            let data = try ImageFixtures.data(name)
            for length in [20, data.count / 2, data.count - 8] {
                do {
                    let pages = try ImageDecoder().decodePages(data.prefix(length))
                    #expect(length > 20 && !pages.isEmpty, "\(name) cut to \(length) bytes decoded")
                } catch let error as ImageError {
                    switch error {
                    case .damaged, .unsupportedFormat, .unsupportedVariant: break
                    default: Issue.record("\(name) cut to \(length) bytes: \(error)")
                    }
                }
            }
        }
    }
}
