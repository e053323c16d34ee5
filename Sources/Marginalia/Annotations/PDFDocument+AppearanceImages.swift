import Foundation
import PDFCore

// An image stamp is stored once (DESIGN.md, "Annotations"): every edit draws a new appearance
// (a move, a turn, a crop, a frame), and each used to store its own copy of the image, so a
// 56 KB JPEG moved and cropped forty times grew a 10 KB file to 2.65 MB.

extension PDFDocument {
    /// The image XObject the annotation's current appearance (`stored`, its dictionary as read)
    /// already draws with the same bytes as `wanted` (and the same soft mask), or nil.
    func imageXObject(in stored: PDFDictionary, matching wanted: ImageXObjects) -> PDFReference? {
        guard let appearance = try? file.resolve(stored["AP"] ?? .null).dictionaryValue?["N"],
              case .stream(let form)? = try? file.resolve(appearance),
              let resources = try? file.resolve(form.dictionary["Resources"] ?? .null).dictionaryValue,
              let xObjects = try? file.resolve(resources["XObject"] ?? .null).dictionaryValue else { return nil }
        for (_, item) in xObjects {
            guard let reference = item.referenceValue, case .stream(let image)? = try? file.object(for: reference),
                  Self.sameImage(image, wanted.image) else { continue }
            let mask = image.dictionary["SMask"]?.referenceValue.flatMap { try? file.object(for: $0) }?.streamValue
            switch (mask, wanted.softMask) {
            case (nil, nil): return reference
            case (let found?, let expected?) where Self.sameImage(found, expected): return reference
            default: continue
            }
        }
        return nil
    }

    /// Whether two image streams hold the same encoded samples in the same layout.
    private static func sameImage(_ a: PDFStream, _ b: PDFStream) -> Bool {
        let keys = ["Subtype", "Width", "Height", "BitsPerComponent", "ColorSpace", "Filter", "DecodeParms", "Decode"]
        return a.rawBytes == b.rawBytes && keys.allSatisfy { a.dictionary[$0] == b.dictionary[$0] }
    }
}
