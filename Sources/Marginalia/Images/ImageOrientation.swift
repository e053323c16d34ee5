import Foundation

/// How a photo's stored pixels are turned to be seen upright: the Orientation tag of TIFF
/// (tag 274) and of EXIF, which cameras and phones write instead of turning the pixels.
///
/// The raw values are the tag's: 1 means the first stored row is the top and its first pixel
/// the left; 6, the usual tag of a phone held upright, means the stored image must turn a
/// quarter clockwise.
public enum ImageOrientation: Int, Sendable, CaseIterable {
    /// Stored upright.
    case up = 1
    /// Mirrored left to right.
    case mirrored = 2
    /// Turned half a turn.
    case upsideDown = 3
    /// Mirrored top to bottom.
    case upsideDownMirrored = 4
    /// Mirrored along the top-left to bottom-right diagonal.
    case transposed = 5
    /// Turned a quarter clockwise to be seen upright (stored a quarter counterclockwise).
    case turnedClockwise = 6
    /// Mirrored along the top-right to bottom-left diagonal.
    case transversed = 7
    /// Turned a quarter counterclockwise to be seen upright.
    case turnedCounterclockwise = 8

    /// Whether width and height trade places.
    public var swapsSides: Bool { rawValue >= 5 }

    /// The stored pixel shown at (`x`, `y`) of the upright image, for a stored image of
    /// `width` × `height` pixels.
    func source(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: return (x, y)
        case .mirrored: return (width - 1 - x, y)
        case .upsideDown: return (width - 1 - x, height - 1 - y)
        case .upsideDownMirrored: return (x, height - 1 - y)
        case .transposed: return (y, x)
        case .turnedClockwise: return (y, height - 1 - x)
        case .transversed: return (width - 1 - y, height - 1 - x)
        case .turnedCounterclockwise: return (width - 1 - y, x)
        }
    }

    // MARK: - Reading the tag

    /// The orientation an EXIF block gives: a TIFF header and its first directory (EXIF 2.32,
    /// 4.5.2; TIFF 6.0, section 2), possibly after the `Exif\0\0` of a JPEG's APP1 segment.
    /// `nil` when the block has no valid Orientation entry.
    static func fromEXIF<Bytes: Collection<UInt8>>(_ block: Bytes) -> ImageOrientation? {
        var bytes = [UInt8](block)
        if bytes.starts(with: Array("Exif\0\0".utf8)) { bytes.removeFirst(6) }
        guard bytes.count >= 8 else { return nil }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func number(_ at: Int, _ length: Int) -> Int? {
            guard at >= 0, at + length <= bytes.count else { return nil }
            let slice = bytes[at..<(at + length)]
            return (little ? slice.reversed() : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard number(2, 2) == 42, let directory = number(4, 4), let count = number(directory, 2) else { return nil }
        for entry in 0..<min(count, 1000) {
            let at = directory + 2 + entry * 12
            guard let tag = number(at, 2) else { return nil }
            // Tag 274, type SHORT (3), one value, held in the first two bytes of the value field.
            if tag == 0x0112, number(at + 2, 2) == 3, let value = number(at + 8, 2) {
                return ImageOrientation(rawValue: value)
            }
        }
        return nil
    }

    /// The orientation of a WebP file's `EXIF` chunk (RIFF container, WebP container
    /// specification); `nil` without one.
    static func fromWebP(_ data: Data) -> ImageOrientation? {
        let bytes = [UInt8](data)
        var at = 12  // after "RIFF", the size, "WEBP"
        while at + 8 <= bytes.count {
            let kind = String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
            let size = Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            let body = at + 8
            guard size >= 0, body + size <= bytes.count else { return nil }
            if kind == "EXIF" { return fromEXIF(bytes[body..<(body + size)]) }
            at = body + size + (size & 1)  // chunks are padded to an even size
        }
        return nil
    }
}

extension RasterImage {
    /// The image turned upright: samples and alpha moved as `orientation` says. A JPEG that
    /// keeps its bytes cannot be turned here; ``ImageDecoder`` decodes a turned JPEG first.
    func oriented(_ orientation: ImageOrientation) -> RasterImage {
        guard orientation != .up, case .samples(let samples) = storage, let pixelCount else { return self }
        let components = colorSpace.componentCount
        let newWidth = orientation.swapsSides ? height : width
        let newHeight = orientation.swapsSides ? width : height
        var turned = [UInt8](repeating: 0, count: samples.count)
        var turnedAlpha = alpha.map { _ in [UInt8](repeating: 0, count: pixelCount) }
        samples.withUnsafeBufferPointer { from in
            turned.withUnsafeMutableBufferPointer { to in
                var index = 0
                for y in 0..<newHeight {
                    for x in 0..<newWidth {
                        let source = orientation.source(x: x, y: y, width: width, height: height)
                        let sourceIndex = source.y * width + source.x
                        for c in 0..<components { to[index * components + c] = from[sourceIndex * components + c] }
                        if let alpha { turnedAlpha?[index] = alpha[sourceIndex] }
                        index += 1
                    }
                }
            }
        }
        var result = self
        result.width = newWidth
        result.height = newHeight
        result.storage = .samples(turned)
        result.alpha = turnedAlpha
        return result
    }
}
