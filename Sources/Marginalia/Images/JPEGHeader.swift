import Foundation

/// What a JPEG file's markers say about its image, read without decoding any pixels.
///
/// The file is walked marker by marker (ITU T.81, annex B): segments before the first scan
/// are skipped by their length, scans are skipped up to the next marker (inside entropy-coded
/// data `FF` is always followed by a stuffed `00` or a restart marker, B.1.1.5), and the walk
/// ends at the end-of-image marker. A file that ends before that marker is truncated: viewers
/// would show a partly grey image, so it is refused rather than embedded.
struct JPEGHeader: Equatable {
    var width: Int
    var height: Int
    /// Components per pixel: 1 (gray), 3 (YCbCr or RGB) or 4 (CMYK or YCCK).
    var componentCount: Int
    /// Bits per sample (8: 12-bit JPEGs are refused).
    var precision: Int
    /// The colour transform of an Adobe APP14 segment (0 none, 1 YCbCr, 2 YCCK), or `nil`
    /// when the file has none.
    var adobeTransform: Int?
    /// Where the data ends: just after the end-of-image marker (trailing bytes are dropped).
    var endOffset: Int
    /// The orientation of an EXIF APP1 segment, or `nil` when the file has none.
    var orientation: ImageOrientation? = nil

    /// Whether the components are stored inverted. Photoshop writes 4-component JPEGs with
    /// inverted values and an APP14 segment; other writers that add the segment to CMYK files
    /// (PIL, through libjpeg) invert too, and libjpeg-based readers assume it. So APP14 on a
    /// 4-component JPEG means inverted CMYK; without APP14 the values are taken as stored.
    var hasInvertedComponents: Bool { componentCount == 4 && adobeTransform != nil }

    /// The image that embeds the file's bytes (up to the end-of-image marker) as they are.
    func image(_ data: Data) -> RasterImage {
        let colorSpace: RasterImage.ColorSpace
        switch componentCount {
        case 1: colorSpace = .gray
        case 3: colorSpace = .rgb
        default: colorSpace = .cmyk
        }
        let bytes = data.count == endOffset ? data : Data(data.prefix(endOffset))
        return RasterImage(
            width: width, height: height, colorSpace: colorSpace, bitsPerComponent: precision,
            storage: .jpeg(bytes), hasInvertedComponents: hasInvertedComponents
        )
    }

    // MARK: - Parsing

    /// Reads the markers of `data`, which starts with a start-of-image marker.
    ///
    /// - Throws: ``ImageError/damaged(_:)`` for a malformed or truncated file,
    ///   ``ImageError/unsupportedVariant(_:)`` for lossless, hierarchical, arithmetic-coded
    ///   or 12-bit JPEGs and component counts other than 1, 3 and 4, and
    ///   ``ImageError/tooLarge(width:height:limit:)`` past the decoder's budget.
    static func parse(_ data: Data, limit: ImageDecoder) throws -> JPEGHeader {
        try data.withUnsafeBytes { bytes in
            var parser = MarkerWalker(bytes: bytes)
            return try parser.walk(limit: limit)
        }
    }
}

/// The state of one walk over a JPEG's markers.
private struct MarkerWalker {
    let bytes: UnsafeRawBufferPointer
    var position = 2  // after SOI
    var frame: JPEGHeader?
    var adobeTransform: Int?
    var orientation: ImageOrientation?

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func walk(limit: ImageDecoder) throws -> JPEGHeader {
        while true {
            let marker = try nextMarker()
            switch marker {
            case 0x01, 0xD0...0xD7:
                continue  // TEM and restart markers stand alone
            case 0xD8:
                throw ImageError.damaged("a second start-of-image marker at byte \(position - 2)")
            case 0xD9:
                guard var header = frame else { throw ImageError.damaged("the JPEG data has no image frame") }
                header.adobeTransform = adobeTransform
                header.orientation = orientation
                header.endOffset = position
                return header
            default:
                break
            }
            let segment = try segmentBody()
            switch marker {
            case 0xC0, 0xC1, 0xC2:
                guard frame == nil else { throw ImageError.damaged("the JPEG data has more than one frame") }
                frame = try Self.frameHeader(segment)
                if let frame { try limit.checkSize(width: frame.width, height: frame.height) }
            case 0xC3, 0xC7, 0xCB, 0xCF:
                throw ImageError.unsupportedVariant("lossless JPEG")
            case 0xC5, 0xC6, 0xCD, 0xCE:
                throw ImageError.unsupportedVariant("hierarchical JPEG")
            case 0xC9, 0xCA:
                throw ImageError.unsupportedVariant("arithmetic-coded JPEG")
            case 0xE1:
                // EXIF (EXIF 2.32, 4.7.2): "Exif\0\0" and a TIFF structure; the first one counts.
                if orientation == nil, segment.starts(with: Array("Exif\0\0".utf8)) {
                    orientation = ImageOrientation.fromEXIF(segment)
                }
            case 0xEE:
                if let transform = Self.adobeTransform(segment) { adobeTransform = transform }
            case 0xDA:
                guard frame != nil else { throw ImageError.damaged("a JPEG scan comes before the frame header") }
                try skipEntropyCodedData()
            default:
                break  // tables, application data, comments: skipped by length
            }
        }
    }

    /// The marker code at `position`, after any fill bytes; `position` moves past it.
    /// Stray bytes before a marker are skipped, as libjpeg does (with a warning).
    mutating func nextMarker() throws -> UInt8 {
        while position < bytes.count, bytes[position] != 0xFF { position += 1 }
        while position < bytes.count, bytes[position] == 0xFF { position += 1 }
        guard position < bytes.count else { throw Self.truncated }
        defer { position += 1 }
        return bytes[position]
    }

    /// The payload of the segment whose length field is at `position`; `position` moves
    /// past the segment.
    mutating func segmentBody() throws -> UnsafeRawBufferPointer.SubSequence {
        guard position + 2 <= bytes.count else { throw Self.truncated }
        let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
        guard length >= 2 else {
            throw ImageError.damaged("a JPEG segment at byte \(position) has an invalid length")
        }
        guard position + length <= bytes.count else { throw Self.truncated }
        defer { position += length }
        return bytes[(position + 2)..<(position + length)]
    }

    /// Moves `position` to the first marker after a scan's entropy-coded data: an `FF` that
    /// is not followed by a stuffed `00`, a restart marker or another fill `FF`.
    mutating func skipEntropyCodedData() throws {
        while position + 1 < bytes.count {
            if bytes[position] == 0xFF {
                let next = bytes[position + 1]
                if next != 0x00, next != 0xFF, !(0xD0...0xD7).contains(next) { return }
            }
            position += 1
        }
        throw Self.truncated
    }

    static let truncated = ImageError.damaged("the JPEG data ends before the end of the image")

    /// Reads a frame header (B.2.2): precision, height, width, then per component an
    /// identifier, sampling factors and a quantisation table.
    static func frameHeader(_ segment: UnsafeRawBufferPointer.SubSequence) throws -> JPEGHeader {
        let start = segment.startIndex
        guard segment.count >= 6 else { throw ImageError.damaged("the JPEG frame header is too short") }
        let precision = Int(segment[start])
        let height = Int(segment[start + 1]) << 8 | Int(segment[start + 2])
        let width = Int(segment[start + 3]) << 8 | Int(segment[start + 4])
        let components = Int(segment[start + 5])
        guard segment.count >= 6 + 3 * components else {
            throw ImageError.damaged("the JPEG frame header is too short for its \(components) components")
        }
        guard precision == 8 else { throw ImageError.unsupportedVariant("\(precision)-bit JPEG") }
        guard [1, 3, 4].contains(components) else {
            throw ImageError.unsupportedVariant("JPEG with \(components) colour components")
        }
        guard width > 0 else { throw ImageError.damaged("the JPEG frame has a width of 0") }
        // Height 0 means "given later by a DNL marker" (B.2.5), which few readers support.
        guard height > 0 else { throw ImageError.unsupportedVariant("JPEG whose height follows the first scan") }
        return JPEGHeader(
            width: width, height: height, componentCount: components, precision: precision,
            adobeTransform: nil, endOffset: 0
        )
    }

    /// The transform byte of an Adobe APP14 segment: "Adobe", a version, two flag words,
    /// then the transform. `nil` for other APP14 segments.
    static func adobeTransform(_ segment: UnsafeRawBufferPointer.SubSequence) -> Int? {
        let start = segment.startIndex
        guard segment.count >= 12, segment.prefix(5).elementsEqual("Adobe".utf8) else { return nil }
        return Int(segment[start + 11])
    }
}
