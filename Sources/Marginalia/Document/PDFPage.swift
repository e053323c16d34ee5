import Foundation
import PDFCore

/// The page boxes of ISO 32000-2, 14.11.2.
public enum PDFDisplayBox: String, CaseIterable, Sendable {
    case mediaBox = "MediaBox"
    case cropBox = "CropBox"
    case bleedBox = "BleedBox"
    case trimBox = "TrimBox"
    case artBox = "ArtBox"
}

/// One page of a ``PDFDocument``: a snapshot of its dictionary and inherited attributes,
/// taken when the page was fetched. Fetch the page again after editing the document.
///
/// Not `Sendable`, like the document it links back to for its text (``string`` and friends):
/// a page stays on the thread of its document, and the compiler checks it. What crosses
/// threads are its values (``dictionary``, ``effectiveAttributes``, boxes), which are.
public struct PDFPage {
    /// The 0-based position of the page when it was fetched.
    public let index: Int
    /// The page object's reference.
    public let reference: PDFReference
    /// The page dictionary, with its boxes resolved when they were indirect objects.
    public let dictionary: PDFDictionary
    /// `/Resources`, `/MediaBox`, `/CropBox` and `/Rotate` as the page sees them, its own
    /// entries over those inherited from ancestors in the page tree.
    public let effectiveAttributes: PDFDictionary
    /// The page's annotation dictionaries (resolved), in `/Annots` order. Entries that are
    /// not dictionaries are skipped.
    public let annotationDictionaries: [PDFDictionary]
    /// The page label (from the catalog's `/PageLabels`), or nil when the document has none.
    public let label: String?
    /// The document the page came from, held weakly (as PDFKit's `PDFPage.document` is), for
    /// the text API (``string`` and friends).
    weak var document: PDFDocument?

    /// The rotation in degrees clockwise: 0, 90, 180 or 270 (inherited, normalised; values
    /// that are not multiples of 90 are rounded down to one, as viewers do).
    public var rotation: Int {
        let raw = effectiveAttributes["Rotate"]?.integerValue ?? 0
        let normalised = ((raw % 360) + 360) % 360
        return normalised - normalised % 90
    }

    /// A box as stored (normalised so that the origin is its lower-left corner), following
    /// the defaults of 14.11.2: CropBox defaults to MediaBox; Bleed, Trim and Art default
    /// to CropBox. MediaBox defaults to US Letter when missing or malformed.
    public func storedBox(_ box: PDFDisplayBox) -> CGRect {
        switch box {
        case .mediaBox:
            return PDFPage.rectangle(effectiveAttributes["MediaBox"]) ?? CGRect(x: 0, y: 0, width: 612, height: 792)
        case .cropBox:
            return PDFPage.rectangle(effectiveAttributes["CropBox"]) ?? storedBox(.mediaBox)
        default:
            return PDFPage.rectangle(dictionary[box.rawValue]) ?? storedBox(.cropBox)
        }
    }

    /// The box as a viewer uses it: clipped to the MediaBox (CropBox, and Bleed, Trim and
    /// Art boxes, are intersected with it; an empty intersection falls back to the MediaBox).
    public func bounds(for box: PDFDisplayBox) -> CGRect {
        let media = storedBox(.mediaBox)
        guard box != .mediaBox else { return media }
        let clipped = storedBox(box).intersection(media)
        return clipped.isNull || clipped.isEmpty ? media : clipped
    }

    /// The number of entries in `/Annots` that are annotation dictionaries.
    public var annotationCount: Int { annotationDictionaries.count }

    /// Reads a rectangle array, normalised; nil when it is not four numbers.
    static func rectangle(_ object: PDFObject?) -> CGRect? {
        guard let items = object?.arrayValue, items.count == 4 else { return nil }
        let numbers = items.compactMap(\.numberValue)
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite) else { return nil }
        let x0 = min(numbers[0], numbers[2]), x1 = max(numbers[0], numbers[2])
        let y0 = min(numbers[1], numbers[3]), y1 = max(numbers[1], numbers[3])
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
