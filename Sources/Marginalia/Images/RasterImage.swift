import Foundation

/// A raster image ready to be embedded in a PDF: its size, colour space and pixel data.
///
/// A JPEG keeps its original bytes (``Storage/jpeg(_:)``), which PDF viewers decode
/// themselves through `/DCTDecode`, so embedding never recompresses it. Every other image
/// holds plain 8-bit samples (``Storage/samples(_:)``). Transparency is a separate 8-bit
/// ``alpha`` plane, which becomes the image's soft mask (ISO 32000-2, 11.6.5.3).
///
/// Make one with ``ImageDecoder/decode(_:)``, or build one directly from samples, and turn
/// it into PDF objects with ``pdfObjects()``.
public struct RasterImage: Sendable, Hashable {
    /// The colour space of the samples, which becomes the image's `/ColorSpace`.
    public enum ColorSpace: Sendable, Hashable, CaseIterable {
        /// One component per pixel: `/DeviceGray`.
        case gray
        /// Red, green, blue: `/DeviceRGB`.
        case rgb
        /// Cyan, magenta, yellow, black: `/DeviceCMYK` (only JPEGs decode to this).
        case cmyk

        /// How many samples make one pixel.
        public var componentCount: Int {
            switch self {
            case .gray: return 1
            case .rgb: return 3
            case .cmyk: return 4
            }
        }

        /// The PDF name of the device colour space (8.6.4).
        public var pdfName: String {
            switch self {
            case .gray: return "DeviceGray"
            case .rgb: return "DeviceRGB"
            case .cmyk: return "DeviceCMYK"
            }
        }
    }

    /// Where the pixels are.
    public enum Storage: Sendable, Hashable {
        /// The complete bytes of a baseline or progressive JPEG file, embedded as they are.
        case jpeg(Data)
        /// Interleaved 8-bit samples, row by row from the top, with no padding between
        /// rows: `width * height * colorSpace.componentCount` bytes.
        case samples([UInt8])
    }

    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The colour space of the samples.
    public var colorSpace: ColorSpace
    /// Bits in one sample: always 8 for ``Storage/samples(_:)``; a JPEG's precision otherwise.
    public var bitsPerComponent: Int
    /// The pixel data.
    public var storage: Storage
    /// Opacity, one byte per pixel in the order of the samples (0 transparent, 255 opaque);
    /// `nil` when the image is fully opaque.
    public var alpha: [UInt8]?
    /// Whether the stored components are inverted (0 meaning full ink), as Adobe
    /// applications write CMYK JPEGs. The image then gets `/Decode [1 0 1 0 1 0 1 0]`
    /// (8.9.5.2), which maps them back; viewers do not undo the inversion on their own.
    public var hasInvertedComponents: Bool

    /// Makes an image from its parts. Nothing is checked here; ``pdfObjects()`` reports an
    /// image whose sample or alpha count does not match its size.
    ///
    /// - Parameters:
    ///   - width: width in pixels.
    ///   - height: height in pixels.
    ///   - colorSpace: the colour space of the samples.
    ///   - bitsPerComponent: bits in one sample; 8 for ``Storage/samples(_:)``.
    ///   - storage: the pixel data.
    ///   - alpha: one opacity byte per pixel, or `nil` for an opaque image.
    ///   - hasInvertedComponents: whether the samples are stored inverted (Adobe CMYK JPEG).
    public init(
        width: Int, height: Int, colorSpace: ColorSpace, bitsPerComponent: Int = 8,
        storage: Storage, alpha: [UInt8]? = nil, hasInvertedComponents: Bool = false
    ) {
        self.width = width
        self.height = height
        self.colorSpace = colorSpace
        self.bitsPerComponent = bitsPerComponent
        self.storage = storage
        self.alpha = alpha
        self.hasInvertedComponents = hasInvertedComponents
    }

    /// The number of pixels, or `nil` when the size is negative or overflows.
    var pixelCount: Int? {
        guard width >= 0, height >= 0 else { return nil }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? nil : count
    }

    /// The number of sample bytes ``Storage/samples(_:)`` must hold, or `nil` on overflow.
    var sampleCount: Int? {
        guard let pixelCount else { return nil }
        let (count, overflow) = pixelCount.multipliedReportingOverflow(by: colorSpace.componentCount)
        return overflow ? nil : count
    }

    /// `alpha`, or `nil` when every pixel is fully opaque: an all-255 plane adds a soft
    /// mask that changes nothing on the page but costs bytes and rendering time.
    static func significantAlpha(_ alpha: [UInt8]) -> [UInt8]? {
        alpha.allSatisfy { $0 == 255 } ? nil : alpha
    }
}
