import Foundation
import PDFCore

/// Paints over the pixels of an image XObject that redaction marks cover: the samples are
/// decoded, every pixel whose square meets a mark takes the overlay's colour, and the image is
/// written again (Flate, 8 bits per component), so the covered pixels are not in the file.
///
/// Images it can read: 8 bits per component in DeviceGray, DeviceRGB, DeviceCMYK or ICCBased
/// with 1, 3 or 4 components, encoded by any filter PDFCore decodes, or a JPEG (`DCTDecode`).
/// Others (image masks, indexed colour, other depths, JPEG 2000, JBIG2, CCITT) give nil and
/// are left whole under the overlay.
enum ImageRedaction {
    /// The image `object`, drawn at each of `placements` (the matrices mapping the unit square
    /// onto the page, 8.9.4), with the pixels under each area painted in its colour; nil when
    /// the image cannot be read this way or no pixel is covered.
    static func redacted(_ object: PDFObject, placements: [TextMatrix], areas: [(area: CGRect, color: Color)],
                         file: PDFFile) throws -> PDFStream? {
        guard case .stream(let image) = try file.resolve(object),
              image.dictionary["ImageMask"]?.boolValue != true,
              let width = try file.resolve(image.dictionary["Width"] ?? .null).integerValue,
              let height = try file.resolve(image.dictionary["Height"] ?? .null).integerValue,
              width > 0, height > 0, width <= 1 << 16, height <= 1 << 16 else { return nil }
        var dictionary = image.dictionary
        var samples: [UInt8]
        let components: Int
        let filters = image.filterNames
        if filters.contains(where: { ["JPXDecode", "JBIG2Decode", "CCITTFaxDecode", "CCF"].contains($0) }) { return nil }
        if let last = filters.last, last == "DCTDecode" || last == "DCT" {
            let jpeg = try file.decodedData(of: object)
            let decoded = try ImageCodecs.decodeJPEG(Data(jpeg), inverted: false, limit: ImageDecoder())
            guard case .samples(let pixels) = decoded.storage, decoded.width == width, decoded.height == height else { return nil }
            samples = pixels
            components = decoded.colorSpace.componentCount
            dictionary["ColorSpace"] = .name(decoded.colorSpace.pdfName)
        } else {
            guard try file.resolve(image.dictionary["BitsPerComponent"] ?? .null).integerValue == 8,
                  let count = try componentCount(image.dictionary["ColorSpace"], file: file) else { return nil }
            components = count
            samples = try file.decodedData(of: object)
        }
        guard samples.count >= width * height * components else { return nil }
        /// Paints the pixels of `area` (page space; `inverse` maps it into the unit square).
        func paint(_ area: CGRect, _ color: Color, _ inverse: TextMatrix) -> Bool {
            let fill = values(of: color, components: components)
            // The mark's corners in image space: columns left to right, rows top to bottom.
            let corners = [inverse.apply(Double(area.minX), Double(area.minY)), inverse.apply(Double(area.maxX), Double(area.minY)),
                           inverse.apply(Double(area.minX), Double(area.maxY)), inverse.apply(Double(area.maxX), Double(area.maxY))]
            let columns = corners.map { Double($0.x) * Double(width) }, rows = corners.map { (1 - Double($0.y)) * Double(height) }
            let firstColumn = max(0, Int(columns.min()!.rounded(.down))), lastColumn = min(width, Int(columns.max()!.rounded(.up)))
            let firstRow = max(0, Int(rows.min()!.rounded(.down))), lastRow = min(height, Int(rows.max()!.rounded(.up)))
            guard firstColumn < lastColumn, firstRow < lastRow else { return false }
            for row in firstRow..<lastRow {
                for column in firstColumn..<lastColumn {
                    let start = (row * width + column) * components
                    for c in 0..<components { samples[start + c] = fill[c] }
                }
            }
            return true
        }
        var painted = false
        for placement in placements {
            guard let inverse = placement.inverted else { continue }
            for (area, color) in areas where paint(area, color, inverse) { painted = true }
        }
        guard painted else { return nil }
        for key in ["Filter", "DecodeParms", "DL", "Length"] { dictionary[key] = nil }
        dictionary["BitsPerComponent"] = .integer(8)
        let bytes = Array(samples.prefix(width * height * components))
        return (try? PDFStream.compressing(bytes, dictionary: dictionary)) ?? PDFStream(dictionary: dictionary, rawBytes: bytes)
    }

    /// The components of a colour space this redaction reads, or nil.
    private static func componentCount(_ space: PDFObject?, file: PDFFile) throws -> Int? {
        let resolved = try file.resolve(space ?? .null)
        switch resolved.nameValue {
        case "DeviceGray", "G": return 1
        case "DeviceRGB", "RGB": return 3
        case "DeviceCMYK", "CMYK": return 4
        default: break
        }
        guard let array = resolved.arrayValue, array.first?.nameValue == "ICCBased", array.count == 2,
              case .stream(let profile) = try file.resolve(array[1]),
              let n = try file.resolve(profile.dictionary["N"] ?? .null).integerValue, [1, 3, 4].contains(n) else { return nil }
        return n
    }

    /// `color` as 8-bit samples of a space with `components` components.
    private static func values(of color: Color, components: Int) -> [UInt8] {
        let rgb = color.pdfComponents.map { max(0, min(1, $0)) }
        func byte(_ value: Double) -> UInt8 { UInt8((value * 255).rounded()) }
        switch components {
        case 1: return [byte(0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2])]
        case 4:
            let k = 1 - rgb.max()!
            let scale = k < 1 ? 1 / (1 - k) : 0
            return [byte((1 - rgb[0] - k) * scale), byte((1 - rgb[1] - k) * scale), byte((1 - rgb[2] - k) * scale), byte(k)]
        default: return rgb.map(byte)
        }
    }
}

extension TextMatrix {
    /// The inverse matrix; nil when this one flattens the plane.
    var inverted: TextMatrix? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        return TextMatrix(d / determinant, -b / determinant, -c / determinant, a / determinant,
                          (c * f - d * e) / determinant, (b * e - a * f) / determinant)
    }
}
