import Foundation
import Marginalia
import Testing

/// The parent of every image suite, so `swift test --filter Images` runs them all.
@Suite("Images")
struct ImagesTests {}

/// The images of Tests/Fixtures/images, written by make_images.py there.
enum ImageFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    static func decode(_ name: String) throws -> RasterImage {
        try ImageDecoder.decode(data(name))
    }

    static let pngNames = [
        "rgb.png", "rgba.png", "rgba-opaque.png", "gray-alpha.png", "palette.png", "gray16.png", "interlaced.png",
    ]
    static let jpegNames = ["gray.jpg", "rgb.jpg", "cmyk.jpg", "progressive.jpg"]
}

extension RasterImage {
    /// The decoded samples; empty for a JPEG.
    var sampleBytes: [UInt8] {
        if case .samples(let samples) = storage { return samples }
        return []
    }

    /// The components of the pixel at (`x`, `y`) from the top left; empty for a JPEG.
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        let n = colorSpace.componentCount
        let start = (y * width + x) * n
        guard start >= 0, start + n <= sampleBytes.count else { return [] }
        return Array(sampleBytes[start..<(start + n)])
    }

    /// The opacity of the pixel at (`x`, `y`): 255 for opaque images.
    func opacity(_ x: Int, _ y: Int) -> UInt8? {
        guard let alpha else { return 255 }
        let index = y * width + x
        return alpha.indices.contains(index) ? alpha[index] : nil
    }
}
