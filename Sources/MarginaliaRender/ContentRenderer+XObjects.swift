import CCairo
import Foundation
import PDFCore

extension ContentRenderer {
    /// `Do` (8.8): an image or a form XObject from the resources.
    func drawXObject(_ name: String, resources: PDFDictionary?) {
        guard let xObjects = try? file.dictionary(resources?["XObject"]), let object = xObjects[name],
              let stream = (try? file.resolve(object))?.streamValue else {
            skip("XObject /\(name) missing from the resources")
            return
        }
        switch stream.dictionary["Subtype"]?.nameValue {
        case "Image":
            let key = object.referenceValue?.number
            if let key, let cached = imageCache[key] {
                paintImage(cached)
                return
            }
            do {
                let image = try ImageSurface.make(
                    dictionary: stream.dictionary, data: { try self.file.decodedData(of: object) }, filters: stream.filterNames,
                    resources: resources, file: file, smask: softMask(of: stream.dictionary))
                if let key { imageCache[key] = image }
                paintImage(image)
            } catch {
                skip(Self.describe(error))
            }
        case "Form":
            drawForm(stream, object: object, inherited: resources)
        default:
            skip("XObject /\(name) of subtype \(stream.dictionary["Subtype"]?.nameValue ?? "none")")
        }
    }

    /// A form XObject: its `/Matrix`, clipped to its `/BBox`, with its own resources (or the
    /// caller's); a transparency group is drawn apart and composited once with the current
    /// alpha and blend mode (11.6.6).
    func drawForm(_ stream: PDFStream, object: PDFObject, inherited: PDFDictionary?) {
        guard formDepth < Self.maximumFormDepth else {
            skip("form XObjects nested deeper than \(Self.maximumFormDepth)")
            return
        }
        let d = stream.dictionary
        func numbers(_ key: String) -> [Double] {
            ((try? file.resolve(d[key] ?? .null))?.arrayValue ?? []).compactMap { (try? file.resolve($0))?.numberValue }
        }
        guard let content = try? file.decodedData(of: object) else {
            skip("a form XObject whose content cannot be decoded")
            return
        }
        let resources = (try? file.dictionary(d["Resources"])) ?? inherited
        formDepth += 1
        save()
        let m = numbers("Matrix")
        if m.count == 6, m.allSatisfy(\.isFinite), m[0] * m[3] - m[1] * m[2] != 0 {
            var matrix = cairo_matrix_t(xx: m[0], yx: m[1], xy: m[2], yy: m[3], x0: m[4], y0: m[5])
            cairo_transform(cr, &matrix)
        }
        let box = numbers("BBox")
        if box.count == 4 {
            cairo_rectangle(cr, min(box[0], box[2]), min(box[1], box[3]), abs(box[2] - box[0]), abs(box[3] - box[1]))
            cairo_clip(cr)
        }
        let isGroup = (try? file.dictionary(d["Group"]))?["S"]?.nameValue == "Transparency"
        if isGroup {
            let alpha = state.fillAlpha, blend = state.blend
            cairo_push_group(cr)
            state.fillAlpha = 1
            state.strokeAlpha = 1
            state.blend = CAIRO_OPERATOR_OVER
            run(content, resources: resources)
            cairo_pop_group_to_source(cr)
            cairo_set_operator(cr, blend)
            cairo_paint_with_alpha(cr, alpha)
        } else {
            run(content, resources: resources)
        }
        restore()
        formDepth -= 1
    }

    /// `BI ... ID ... EI` (8.9.7): the abbreviated keys expanded, then drawn as an image.
    func drawInlineImage(_ inline: InlineImage, resources: PDFDictionary?) {
        let names = ["W": "Width", "H": "Height", "BPC": "BitsPerComponent", "CS": "ColorSpace", "IM": "ImageMask",
                     "F": "Filter", "DP": "DecodeParms", "D": "Decode", "I": "Interpolate"]
        let filterNames = ["AHx": "ASCIIHexDecode", "A85": "ASCII85Decode", "LZW": "LZWDecode", "Fl": "FlateDecode",
                           "RL": "RunLengthDecode", "CCF": "CCITTFaxDecode", "DCT": "DCTDecode"]
        var d = PDFDictionary()
        for (key, value) in inline.dictionary {
            var value = value
            if key == "F" || key == "Filter" {
                if let name = value.nameValue { value = .name(filterNames[name] ?? name) }
                if let array = value.arrayValue { value = .array(array.map { $0.nameValue.map { .name(filterNames[$0] ?? $0) } ?? $0 }) }
            }
            d[names[key] ?? key] = value
        }
        let stream = PDFStream(dictionary: d, rawBytes: inline.data)
        do {
            let image = try ImageSurface.make(dictionary: d, data: { try self.file.decodedData(of: .stream(stream)) },
                                              filters: stream.filterNames, resources: resources, file: file, smask: nil)
            paintImage(image)
        } catch {
            skip("inline " + Self.describe(error))
        }
    }

    /// The soft mask of an image dictionary, decoded when needed.
    private func softMask(of d: PDFDictionary) -> (() throws -> ImageSurface?)? {
        if d["Mask"] != nil { skip("an image /Mask (drawn without it)") }
        guard let object = d["SMask"], let stream = (try? file.resolve(object))?.streamValue else { return nil }
        return {
            try ImageSurface.make(dictionary: stream.dictionary, data: { try self.file.decodedData(of: object) },
                                  filters: stream.filterNames, resources: nil, file: self.file, smask: nil)
        }
    }

    /// Paints an image into the unit square of user space (its first row at the top).
    private func paintImage(_ image: ImageSurface) {
        cairo_save(cr)
        guard let pattern = cairo_pattern_create_for_surface(image.surface) else {
            cairo_restore(cr)
            return
        }
        // User space (the unit square, y up) to the image's pixels (y down).
        var matrix = cairo_matrix_t(xx: Double(image.width), yx: 0, xy: 0, yy: -Double(image.height), x0: 0, y0: Double(image.height))
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_rectangle(cr, 0, 0, 1, 1)
        cairo_clip(cr)
        cairo_set_operator(cr, state.blend)
        if image.isStencil {
            setSource(stroking: false)
            cairo_mask(cr, pattern)
        } else {
            cairo_set_source(cr, pattern)
            cairo_paint_with_alpha(cr, state.fillAlpha)
        }
        cairo_pattern_destroy(pattern)
        cairo_restore(cr)
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case ImageSurface.Failure.unsupported(let what): return what
        case ImageSurface.Failure.damaged(let what): return what
        default: return "\(error)"
        }
    }
}
