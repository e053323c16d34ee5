import CCairo
import Foundation
import Marginalia
import PDFCore

/// The text matrix and line matrix of a text object (9.4.1).
struct TextObject {
    var matrix = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
    var lineMatrix = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
}

extension ContentRenderer {
    /// The text state and showing operators (9.3, 9.4).
    func textOperator(_ op: ContentOperation, numbers n: [Double], resources: PDFDictionary?) {
        switch op.name {
        case "BT": text = TextObject()
        case "ET": break
        case "Tc" where n.count == 1: state.text.characterSpacing = n[0]
        case "Tw" where n.count == 1: state.text.wordSpacing = n[0]
        case "Tz" where n.count == 1: state.text.horizontalScale = n[0] / 100
        case "TL" where n.count == 1: state.text.leading = n[0]
        case "Ts" where n.count == 1: state.text.rise = n[0]
        case "Tr" where n.count == 1: state.text.renderMode = Int(saturating: n[0], in: 0...7)
        case "Tf" where op.operands.count == 2:
            state.text.fontSize = op.operands[1].numberValue ?? 0
            state.text.font = font(named: op.operands[0].nameValue ?? "", resources: resources)
        case "Td" where n.count == 2: nextLine(n[0], n[1])
        case "TD" where n.count == 2:
            state.text.leading = -n[1]
            nextLine(n[0], n[1])
        case "Tm" where n.count == 6:
            text.matrix = cairo_matrix_t(xx: n[0], yx: n[1], xy: n[2], yy: n[3], x0: n[4], y0: n[5])
            text.lineMatrix = text.matrix
        case "T*": nextLine(0, -state.text.leading)
        case "Tj": if let bytes = op.operands.first?.stringBytes { show(bytes) }
        case "'":
            nextLine(0, -state.text.leading)
            if let bytes = op.operands.first?.stringBytes { show(bytes) }
        case "\"" where op.operands.count == 3:
            state.text.wordSpacing = op.operands[0].numberValue ?? state.text.wordSpacing
            state.text.characterSpacing = op.operands[1].numberValue ?? state.text.characterSpacing
            nextLine(0, -state.text.leading)
            if let bytes = op.operands[2].stringBytes { show(bytes) }
        case "TJ":
            for item in op.operands.first?.arrayValue ?? [] {
                if let bytes = item.stringBytes {
                    show(bytes)
                } else if let adjustment = item.numberValue {
                    advance(-adjustment / 1000 * state.text.fontSize * state.text.horizontalScale)
                }
            }
        default: break
        }
    }

    private func nextLine(_ tx: Double, _ ty: Double) {
        var translation = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: tx, y0: ty)
        var line = text.lineMatrix
        var result = cairo_matrix_t()
        cairo_matrix_multiply(&result, &translation, &line)
        text.lineMatrix = result
        text.matrix = result
    }

    private func advance(_ tx: Double) {
        var translation = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: tx, y0: 0)
        var current = text.matrix
        var result = cairo_matrix_t()
        cairo_matrix_multiply(&result, &translation, &current)
        text.matrix = result
    }

    private func font(named name: String, resources: PDFDictionary?) -> RenderFont? {
        guard let fonts = try? file.dictionary(resources?["Font"]), let dictionary = try? file.dictionary(fonts[name]) else {
            skip("font /\(name) missing from the resources")
            return nil
        }
        guard let font = RenderFont(dictionary: dictionary, file: file) else {
            skip("text in a composite or Type 3 font (/\(name))")
            return nil
        }
        if font.embedsProgram { skip("an embedded font program (/\(name), drawn with \(font.family))") }
        return font
    }

    /// Shows a string glyph by glyph: each glyph drawn at the text rendering matrix, then the
    /// text matrix advanced by its width, spacing and scale (9.4.4).
    private func show(_ bytes: [UInt8]) {
        let parameters = state.text
        guard let font = parameters.font else { return }
        let size = parameters.fontSize
        let mode = parameters.renderMode
        if mode >= 4 { skip("text used as a clip (Tr \(mode))") }
        font.select(in: cr)
        for code in bytes {
            if mode != 3 && mode != 7, let character = font.character(for: code) {
                // The glyph's outline under the text rendering matrix; the path outlives the
                // restore (cairo keeps paths in device space), so it is painted in user space.
                cairo_save(cr)
                var matrix = text.matrix
                cairo_transform(cr, &matrix)
                cairo_translate(cr, 0, parameters.rise)
                cairo_scale(cr, size * parameters.horizontalScale, -size)
                cairo_move_to(cr, 0, 0)
                cairo_text_path(cr, character)
                cairo_restore(cr)
                if [0, 2, 4, 6].contains(mode) {
                    setSource(stroking: false)
                    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                    cairo_fill_preserve(cr)
                }
                if [1, 2, 5, 6].contains(mode) {
                    setSource(stroking: true)
                    cairo_stroke_preserve(cr)
                }
                cairo_new_path(cr)
            }
            var tx = font.width(of: code) / 1000 * size + parameters.characterSpacing
            if code == 0x20 { tx += parameters.wordSpacing }
            advance(tx * parameters.horizontalScale)
        }
    }
}
