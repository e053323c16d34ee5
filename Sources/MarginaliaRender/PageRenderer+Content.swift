import CCairo
import Foundation
import Marginalia
import PDFCore

extension PageRenderer {
    /// The pixels per point at which a page shows its image at the image's own size: for a
    /// page whose content draws one image over its whole crop box (an image document), the
    /// image's pixels per point; 1 (72 dpi) for any other page.
    public static func naturalScale(ofPage index: Int, in document: PDFDocument) throws -> Double {
        let page = try document.page(at: index, readingAnnotations: false)
        let file = document.file
        let box = page.bounds(for: .cropBox)
        guard let resources = try file.dictionary(page.effectiveAttributes["Resources"]),
              let xObjects = try file.dictionary(resources["XObject"]) else { return 1 }
        var parser = ContentStreamParser(bytes: try document.contentData(of: page), limits: file.limits)
        var matrices: [AffineTransform] = [AffineTransform()]
        var found: Double?
        var operations = 0
        while let op = try? parser.next(), operations < 100_000 {
            operations += 1
            switch op.name {
            case "q": matrices.append(matrices.last ?? AffineTransform())
            case "Q": if matrices.count > 1 { matrices.removeLast() }
            case "cm":
                let n = op.operands.compactMap(\.numberValue)
                if n.count == 6, let current = matrices.popLast() {
                    matrices.append(AffineTransform(m11: n[0], m12: n[1], m21: n[2], m22: n[3], tX: n[4], tY: n[5]).appending(current))
                }
            case "Do":
                guard let name = op.operands.first?.nameValue, let image = try file.resolve(xObjects[name] ?? .null).streamValue,
                      image.dictionary["Subtype"]?.nameValue == "Image",
                      let width = image.dictionary["Width"]?.integerValue, let height = image.dictionary["Height"]?.integerValue,
                      let matrix = matrices.last else { continue }
                let placed = matrix.transform(CGRect(x: 0, y: 0, width: 1, height: 1))
                let covers = abs(placed.minX - box.minX) <= 1 && abs(placed.minY - box.minY) <= 1
                    && abs(placed.maxX - box.maxX) <= 1 && abs(placed.maxY - box.maxY) <= 1
                guard covers, found == nil, placed.width > 0, placed.height > 0 else { return 1 }
                let turned = abs(matrix.m12) > abs(matrix.m11)
                found = turned ? max(Double(height) / placed.width, Double(width) / placed.height)
                               : max(Double(width) / placed.width, Double(height) / placed.height)
            default: break
            }
        }
        return found ?? 1
    }

    /// The page's `/Annots` entries.
    static func annotationObjects(_ page: PDFPage, file: PDFFile) -> [PDFObject] {
        (try? file.resolve(page.dictionary["Annots"] ?? .null))?.arrayValue ?? []
    }

    static func rect(_ d: PDFDictionary, file: PDFFile) -> CGRect? {
        let n = ((try? file.resolve(d["Rect"] ?? .null))?.arrayValue ?? []).compactMap { (try? file.resolve($0))?.numberValue }
        guard n.count == 4, n.allSatisfy(\.isFinite) else { return nil }
        return CGRect(x: min(n[0], n[2]), y: min(n[1], n[3]), width: abs(n[2] - n[0]), height: abs(n[3] - n[1]))
    }

    /// Draws an annotation's normal appearance the way ISO 32000-2, 12.5.5 places it: the
    /// `/BBox` through `/Matrix`, its bounding box mapped onto `/Rect`. Hidden and NoView
    /// annotations and popups are not drawn (as viewers show pages on screen). Returns
    /// whether there was an appearance to draw.
    @discardableResult
    static func drawAppearance(_ object: PDFObject, with renderer: ContentRenderer, requireAppearance: Bool) -> Bool {
        let file = renderer.file
        guard let d = try? file.dictionary(object) else { return false }
        let flags = (try? file.resolve(d["F"] ?? .null))?.integerValue ?? 0
        if !requireAppearance && (flags & 2 != 0 || flags & 32 != 0 || d["Subtype"]?.nameValue == AnnotationSubtype.popup.pdfName) { return false }
        guard let appearances = try? file.dictionary(d["AP"]), var normal = appearances["N"] else { return false }
        if let states = try? file.dictionary(normal), (try? file.resolve(normal))?.streamValue == nil {
            // A dictionary of states: the one /AS names (12.5.5).
            guard let chosen = (try? file.resolve(d["AS"] ?? .null))?.nameValue, let state = states[chosen] else { return false }
            normal = state
        }
        guard let stream = (try? file.resolve(normal))?.streamValue, let rect = rect(d, file: file) else { return false }
        let form = stream.dictionary
        func numbers(_ key: String) -> [Double] {
            ((try? file.resolve(form[key] ?? .null))?.arrayValue ?? []).compactMap { (try? file.resolve($0))?.numberValue }
        }
        let b = numbers("BBox")
        guard b.count == 4 else { return false }
        let m = numbers("Matrix")
        let matrix = m.count == 6 ? AffineTransform(m11: m[0], m12: m[1], m21: m[2], m22: m[3], tX: m[4], tY: m[5]) : AffineTransform()
        let box = matrix.transform(CGRect(x: min(b[0], b[2]), y: min(b[1], b[3]), width: abs(b[2] - b[0]), height: abs(b[3] - b[1])))
        guard box.width > 0, box.height > 0 else { return true }
        // A: the transformed box onto /Rect.
        let sx = rect.width / box.width, sy = rect.height / box.height
        var a = cairo_matrix_t(xx: sx, yx: 0, xy: 0, yy: sy, x0: rect.minX - box.minX * sx, y0: rect.minY - box.minY * sy)
        renderer.save()
        cairo_transform(renderer.cr, &a)
        renderer.drawForm(stream, object: normal, inherited: nil)
        renderer.restore()
        return true
    }
}
