import Foundation
import Marginalia
import Testing

extension ImagesTests {
    @Suite("Image XObjects")
    struct ImageXObjectTests {
        @Test func samplesBecomeAFlateImage() throws {
            let image = try ImageFixtures.decode("rgb.png")
            let objects = try image.pdfObjects()
            let dictionary = objects.image.dictionary
            #expect(dictionary["Type"] == .name("XObject"))
            #expect(dictionary["Subtype"] == .name("Image"))
            #expect(dictionary["Width"] == .integer(16))
            #expect(dictionary["Height"] == .integer(12))
            #expect(dictionary["ColorSpace"] == .name("DeviceRGB"))
            #expect(dictionary["BitsPerComponent"] == .integer(8))
            #expect(dictionary["Filter"] == .name("FlateDecode"))
            #expect(dictionary["Decode"] == nil)
            #expect(dictionary["SMask"] == nil)
            #expect(try objects.image.decodedBytes() == image.sampleBytes)
            #expect(objects.softMask == nil)
        }

        @Test func alphaBecomesAGraySoftMaskLinkedWhenStored() throws {
            let image = try ImageFixtures.decode("rgba.png")
            let objects = try image.pdfObjects()
            let mask = try #require(objects.softMask)
            #expect(mask.dictionary["Subtype"] == .name("Image"))
            #expect(mask.dictionary["ColorSpace"] == .name("DeviceGray"))
            #expect(mask.dictionary["BitsPerComponent"] == .integer(8))
            #expect(mask.dictionary["Width"] == .integer(16))
            #expect(try mask.decodedBytes() == image.alpha)
            #expect(objects.image.dictionary["SMask"] == nil)

            var stored: [PDFObject] = []
            let reference = objects.addToFile { object in
                stored.append(object)
                return PDFReference(stored.count + 10)
            }
            #expect(reference == PDFReference(12))
            #expect(stored.count == 2)
            #expect(stored.first == .stream(mask))
            #expect(stored.last?.dictionaryValue?["SMask"] == .reference(PDFReference(11)))
        }

        @Test func jpegBytesAreEmbeddedUnchanged() throws {
            let bytes = try ImageFixtures.data("rgb.jpg")
            let objects = try ImageDecoder.decode(bytes).pdfObjects()
            #expect(objects.image.dictionary["Filter"] == .name("DCTDecode"))
            #expect(objects.image.dictionary["ColorSpace"] == .name("DeviceRGB"))
            #expect(objects.image.dictionary["Decode"] == nil)
            #expect(objects.image.rawBytes == [UInt8](bytes))
            #expect(objects.softMask == nil)
        }

        @Test func adobeCMYKJPEGsGetAnInvertingDecodeArray() throws {
            let objects = try ImageFixtures.decode("cmyk.jpg").pdfObjects()
            #expect(objects.image.dictionary["ColorSpace"] == .name("DeviceCMYK"))
            #expect(objects.image.dictionary["Decode"] == [1, 0, 1, 0, 1, 0, 1, 0])
        }

        @Test func inconsistentHandBuiltImagesAreRefused() {
            let short = RasterImage(width: 2, height: 2, colorSpace: .rgb, storage: .samples([1, 2, 3]))
            #expect(throws: ImageError.self) { try short.pdfObjects() }
            let badAlpha = RasterImage(
                width: 1, height: 1, colorSpace: .gray, storage: .samples([7]), alpha: [1, 2])
            #expect(throws: ImageError.self) { try badAlpha.pdfObjects() }
            let empty = RasterImage(width: 0, height: 5, colorSpace: .gray, storage: .samples([]))
            #expect(throws: ImageError.self) { try empty.pdfObjects() }
            let sixteenBit = RasterImage(
                width: 1, height: 1, colorSpace: .gray, bitsPerComponent: 16, storage: .samples([0, 0]))
            #expect(throws: ImageError.self) { try sixteenBit.pdfObjects() }
            let overflow = RasterImage(width: Int.max, height: 2, colorSpace: .gray, storage: .samples([]))
            #expect(throws: ImageError.self) { try overflow.pdfObjects() }
        }

        @Test func aHandBuiltImageRoundTrips() throws {
            let image = RasterImage(
                width: 2, height: 1, colorSpace: .gray, storage: .samples([0, 255]), alpha: [255, 0])
            let objects = try image.pdfObjects()
            #expect(try objects.image.decodedBytes() == [0, 255])
            #expect(try objects.softMask?.decodedBytes() == [255, 0])
        }
    }
}
