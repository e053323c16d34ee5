import CCairo
import Foundation
import MarginaliaCore
import PDFCore

/// The parts of the PDF graphics state (ISO 32000-2, 8.4) that cairo's own state does not
/// hold: colours (fill and stroke separately), constant alphas, the blend mode and the text
/// state. Line width, caps, joins, dashes, the CTM and the clip live in cairo's state, which
/// `q` and `Q` save and restore alongside this value.
struct GraphicsState {
    var fill = PaintColor()
    var stroke = PaintColor()
    /// `ca` and `CA`.
    var fillAlpha = 1.0
    var strokeAlpha = 1.0
    /// `BM`, as cairo's operator.
    var blend = CAIRO_OPERATOR_OVER
    var text = TextParameters()
}

/// A colour and the space it was given in.
struct PaintColor {
    var space = ColorSpace.gray
    var components: [Double] = [0]

    /// The colour as RGB, each 0...1.
    var rgb: (Double, Double, Double) { space.rgb(components) }
}

/// The colour spaces the renderer understands (8.6): the device spaces, ICC-based and
/// calibrated spaces by their component count, and indexed spaces over those.
indirect enum ColorSpace {
    case gray, rgb, cmyk
    case indexed(base: ColorSpace, high: Int, lookup: [UInt8])
    /// A pattern (not drawn; painting with it is reported and skipped).
    case pattern

    var componentCount: Int {
        switch self {
        case .gray, .indexed, .pattern: return 1
        case .rgb: return 3
        case .cmyk: return 4
        }
    }

    /// The initial colour of the space (8.6.5): black, or index 0.
    var initialComponents: [Double] {
        switch self {
        case .cmyk: return [0, 0, 0, 1]
        case .rgb: return [0, 0, 0]
        default: return [0]
        }
    }

    func rgb(_ c: [Double]) -> (Double, Double, Double) {
        func at(_ i: Int) -> Double { i < c.count ? max(0, min(1, c[i].isFinite ? c[i] : 0)) : 0 }
        switch self {
        case .gray, .pattern: return (at(0), at(0), at(0))
        case .rgb: return (at(0), at(1), at(2))
        case .cmyk:
            // The naive conversion viewers use without a colour profile (10.4.2.4).
            let k = at(3)
            return ((1 - at(0)) * (1 - k), (1 - at(1)) * (1 - k), (1 - at(2)) * (1 - k))
        case .indexed(let base, let high, let lookup):
            // hival is at most 255 (8.6.6.3); a larger one in a damaged file is held to it.
            let index = Int(saturating: (c.first ?? 0).rounded(), in: 0...max(0, min(high, 255)))
            let n = base.componentCount
            let values = (0..<n).map { i -> Double in
                let offset = index * n + i
                return offset < lookup.count ? Double(lookup[offset]) / 255 : 0
            }
            return base.rgb(values)
        }
    }

    /// The colour space an object names (a name, or an array such as `[/ICCBased 5 0 R]`),
    /// looked up in `resources` when it is a resource name; nil when unknown.
    static func resolve(_ object: PDFObject?, resources: PDFDictionary?, file: PDFFile, depth: Int = 0) -> ColorSpace? {
        guard depth < 8, let object, let value = try? file.resolve(object) else { return nil }
        if let name = value.nameValue {
            switch name {
            case "DeviceGray", "G", "CalGray": return .gray
            case "DeviceRGB", "RGB", "CalRGB": return .rgb
            case "DeviceCMYK", "CMYK": return .cmyk
            case "Pattern": return .pattern
            default:
                let named = (try? file.dictionary(resources?["ColorSpace"]))??[name]
                return resolve(named, resources: nil, file: file, depth: depth + 1)
            }
        }
        guard let array = value.arrayValue, let family = array.first?.nameValue else { return nil }
        switch family {
        case "CalGray": return .gray
        case "CalRGB", "Lab": return family == "Lab" ? nil : .rgb
        case "ICCBased":
            guard array.count > 1, let stream = (try? file.resolve(array[1]))?.streamValue else { return nil }
            switch stream.dictionary["N"]?.integerValue {
            case 1: return .gray
            case 3: return .rgb
            case 4: return .cmyk
            default: return nil
            }
        case "Indexed", "I":
            guard array.count >= 4, let base = resolve(array[1], resources: resources, file: file, depth: depth + 1),
                  let high = (try? file.resolve(array[2]))?.integerValue else { return nil }
            let table = try? file.resolve(array[3])
            let lookup: [UInt8]
            switch table {
            case .string(let bytes)?: lookup = bytes
            case .stream?: lookup = (try? file.decodedData(of: array[3])) ?? []
            default: return nil
            }
            return .indexed(base: base, high: max(0, min(255, high)), lookup: lookup)
        case "Pattern": return .pattern
        default: return nil
        }
    }
}

/// The text state parameters (9.3) and the font in use.
struct TextParameters {
    var characterSpacing = 0.0
    var wordSpacing = 0.0
    var horizontalScale = 1.0
    var leading = 0.0
    var font: RenderFont?
    var fontSize = 0.0
    var rise = 0.0
    var renderMode = 0
}
