import Foundation

/// The image file formats the decoder recognises, each by its first bytes (never a name).
public enum ImageFormat: String, Sendable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"
    case webp = "WebP"
    case gif = "GIF"
    case tiff = "TIFF"
    /// HEIC, HEIF and AVIF: ISO base media files with an image item (ISO/IEC 23008-12).
    case heif = "HEIF"

    /// The name people know the format by.
    public var name: String { rawValue }

    /// The Debian package whose library decodes the format, for the message when it is missing.
    var libraryPackage: String {
        switch self {
        case .png: return "libpng16-16"
        case .jpeg: return "libjpeg62-turbo"
        case .webp: return "libwebp7"
        case .gif: return "libgif7"
        case .tiff: return "libtiff6"
        case .heif: return "libheif1"
        }
    }

    /// The PNG signature (PNG specification, 5.2).
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The brands of an `ftyp` box that mark a still image libheif decodes: HEVC-coded
    /// (`heic`, `heix`, `heim`, `heis`, and the sequences' `hevc`, `hevx`), AV1-coded (`avif`,
    /// `avis`), and the generic image brands (`mif1`, `msf1`).
    static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "avif", "avis", "mif1", "msf1"]

    /// Recognises a format by its first bytes: the PNG signature; a JPEG's start-of-image
    /// marker followed by the start of another marker (ITU T.81, B.2.1); `RIFF` … `WEBP`;
    /// `GIF87a` or `GIF89a`; a TIFF or BigTIFF byte-order mark and magic number; or an `ftyp`
    /// box whose major or a compatible brand is a HEIF brand.
    public init?(sniffing data: Data) {
        let head = [UInt8](data.prefix(64))
        if head.starts(with: Self.pngSignature) {
            self = .png
        } else if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
                    || head.starts(with: [0x49, 0x49, 0x2B, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2B]) {
            self = .tiff
        } else if Self.hasHEIFBrand(data) {
            self = .heif
        } else {
            return nil
        }
    }

    /// Whether `data` starts with an `ftyp` box (ISO/IEC 14496-12, 4.3) naming a HEIF brand.
    private static func hasHEIFBrand(_ data: Data) -> Bool {
        let bytes = [UInt8](data.prefix(256))
        guard bytes.count >= 16, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return false }
        let size = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(max(size, 16), bytes.count)
        // The major brand, the minor version, then compatible brands to the end of the box.
        let brandOffsets = [8] + Array(stride(from: 16, to: end - 3, by: 4))
        return brandOffsets.contains { offset in
            heifBrands.contains(String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self))
        }
    }
}
