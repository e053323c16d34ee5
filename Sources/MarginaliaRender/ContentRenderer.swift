import CCairo
import Foundation
import Marginalia
import PDFCore

/// Draws content streams (pages, form XObjects, annotation appearances) with cairo,
/// operator by operator (ISO 32000-2, 8 and 9): paths, fills and strokes, clips, colours in
/// the device, ICC-based and indexed spaces, constant alpha and the Multiply blend mode from
/// ExtGState, images (Flate, DCT and the other standard filters, soft masks, stencil masks),
/// form XObjects (transparency groups included) and text in simple fonts.
///
/// What it does not draw (shadings, patterns, composite and Type 3 fonts, soft masks in an
/// ExtGState, embedded font programs, which are replaced by the URW faces) is recorded in
/// ``unsupported`` with where it was met, so the caller can refuse a wrong picture.
final class ContentRenderer {
    let file: PDFFile
    let cr: OpaquePointer
    var state = GraphicsState()
    private var saved: [GraphicsState] = []
    /// Features met that were not drawn: "shading (sh)" and the like, in order, once each.
    private(set) var unsupported: [String] = []
    /// Where drawing is now, for ``unsupported`` ("page 1", "annotation 12 0").
    var location = ""
    /// The clip to apply after the next painting operator (`W`, `W*`).
    var pendingClip: cairo_fill_rule_t?
    var text = TextObject()
    var formDepth = 0
    var operationBudget = 20_000_000
    var imageCache: [Int: ImageSurface] = [:]

    static let maximumFormDepth = 16

    init(file: PDFFile, context: OpaquePointer) {
        self.file = file
        self.cr = context
        cairo_set_line_width(cr, 1)
        cairo_set_miter_limit(cr, 10)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    /// Records a feature that was met and not drawn.
    func skip(_ feature: String) {
        let entry = location.isEmpty ? feature : "\(location): \(feature)"
        if !unsupported.contains(entry) { unsupported.append(entry) }
    }

    /// Runs the operators of decoded content `bytes` with `resources`.
    func run(_ bytes: [UInt8], resources: PDFDictionary?) {
        var parser = ContentStreamParser(bytes: bytes, limits: file.limits)
        let depth = saved.count
        while operationBudget > 0 {
            let operation: ContentOperation?
            do {
                operation = try parser.next()
            } catch {
                skip("a damaged operator (\(error))")
                continue
            }
            guard let operation else { break }
            operationBudget -= 1
            perform(operation, resources: resources)
        }
        if operationBudget <= 0 { skip("more operators than the renderer draws") }
        // An unbalanced q leaves its state behind: drop it, as viewers do.
        while saved.count > depth { restore() }
    }

    func save() {
        saved.append(state)
        cairo_save(cr)
    }

    func restore() {
        guard let last = saved.popLast() else { return }
        state = last
        cairo_restore(cr)
    }

    private func perform(_ op: ContentOperation, resources: PDFDictionary?) {
        let n = op.operands.compactMap(\.numberValue)
        switch op.name {
        case "q": save()
        case "Q": restore()
        case "cm" where n.count == 6:
            var m = cairo_matrix_t(xx: n[0], yx: n[1], xy: n[2], yy: n[3], x0: n[4], y0: n[5])
            if n[0] * n[3] - n[1] * n[2] != 0, n.allSatisfy(\.isFinite) { cairo_transform(cr, &m) }
        case "w" where n.count == 1: cairo_set_line_width(cr, max(0, n[0]))
        case "J" where n.count == 1: cairo_set_line_cap(cr, cairo_line_cap_t(UInt32(Int(saturating: n[0], in: 0...2))))
        case "j" where n.count == 1: cairo_set_line_join(cr, cairo_line_join_t(UInt32(Int(saturating: n[0], in: 0...2))))
        case "M" where n.count == 1: cairo_set_miter_limit(cr, max(1, n[0]))
        case "d": setDash(op.operands)
        case "ri", "i": break
        case "gs": if let name = op.operands.first?.nameValue { applyExtGState(name, resources: resources) }
        case "g", "G", "rg", "RG", "k", "K", "cs", "CS", "sc", "SC", "scn", "SCN":
            setColor(op, numbers: n, resources: resources)
        case "m", "l", "c", "v", "y", "h", "re": pathConstruction(op.name, n)
        case "S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n": paint(op.name)
        case "W": pendingClip = CAIRO_FILL_RULE_WINDING
        case "W*": pendingClip = CAIRO_FILL_RULE_EVEN_ODD
        case "BT", "ET", "Tc", "Tw", "Tz", "TL", "Tf", "Tr", "Ts", "Td", "TD", "Tm", "T*", "Tj", "TJ", "'", "\"":
            textOperator(op, numbers: n, resources: resources)
        case "Do": if let name = op.operands.first?.nameValue { drawXObject(name, resources: resources) }
        case "BI": if let image = op.inlineImage { drawInlineImage(image, resources: resources) }
        case "sh": skip("shading (sh)")
        case "BMC", "BDC", "EMC", "MP", "DP", "BX", "EX", "d0", "d1": break
        default: break  // operators with the wrong operands are ignored, as viewers do
        }
    }

    // MARK: - Graphics state

    private func setDash(_ operands: [PDFObject]) {
        guard operands.count == 2, let array = (try? file.resolve(operands[0]))?.arrayValue,
              let phase = operands[1].numberValue else { return }
        let lengths = array.compactMap { $0.numberValue }.map { max(0, $0) }
        if lengths.isEmpty || lengths.allSatisfy({ $0 == 0 }) {
            cairo_set_dash(cr, nil, 0, 0)
        } else {
            cairo_set_dash(cr, lengths, Int32(lengths.count), phase)
        }
    }

    private func applyExtGState(_ name: String, resources: PDFDictionary?) {
        guard let states = try? file.dictionary(resources?["ExtGState"]),
              let gs = try? file.dictionary(states[name]) else { return }
        func number(_ key: String) -> Double? { (try? file.resolve(gs[key] ?? .null))?.numberValue }
        if let ca = number("ca") { state.fillAlpha = max(0, min(1, ca)) }
        if let ca = number("CA") { state.strokeAlpha = max(0, min(1, ca)) }
        if let width = number("LW") { cairo_set_line_width(cr, max(0, width)) }
        if let cap = number("LC") { cairo_set_line_cap(cr, cairo_line_cap_t(UInt32(Int(saturating: cap, in: 0...2)))) }
        if let join = number("LJ") { cairo_set_line_join(cr, cairo_line_join_t(UInt32(Int(saturating: join, in: 0...2)))) }
        if let mode = (try? file.resolve(gs["BM"] ?? .null)) {
            let names = mode.nameValue.map { [$0] } ?? (mode.arrayValue ?? []).compactMap(\.nameValue)
            state.blend = Self.blendOperator(names.first ?? "Normal") ?? {
                skip("blend mode \(names.first ?? "?")")
                return CAIRO_OPERATOR_OVER
            }()
        }
        if let mask = try? file.resolve(gs["SMask"] ?? .null), mask.nameValue != "None", mask != .null {
            skip("soft mask in an ExtGState")
        }
    }

    /// The separable blend modes (11.3.5) cairo has an operator for.
    static func blendOperator(_ name: String) -> cairo_operator_t? {
        let table: [String: cairo_operator_t] = [
            "Normal": CAIRO_OPERATOR_OVER, "Compatible": CAIRO_OPERATOR_OVER, "Multiply": CAIRO_OPERATOR_MULTIPLY,
            "Screen": CAIRO_OPERATOR_SCREEN, "Overlay": CAIRO_OPERATOR_OVERLAY, "Darken": CAIRO_OPERATOR_DARKEN,
            "Lighten": CAIRO_OPERATOR_LIGHTEN, "ColorDodge": CAIRO_OPERATOR_COLOR_DODGE, "ColorBurn": CAIRO_OPERATOR_COLOR_BURN,
            "HardLight": CAIRO_OPERATOR_HARD_LIGHT, "SoftLight": CAIRO_OPERATOR_SOFT_LIGHT,
            "Difference": CAIRO_OPERATOR_DIFFERENCE, "Exclusion": CAIRO_OPERATOR_EXCLUSION,
        ]
        return table[name]
    }

    private func setColor(_ op: ContentOperation, numbers n: [Double], resources: PDFDictionary?) {
        let stroking = op.name.first?.isUppercase == true && op.name != "scn" && op.name != "sc"
        var color = stroking ? state.stroke : state.fill
        switch op.name {
        case "g", "G": color = PaintColor(space: .gray, components: Array(n.prefix(1)))
        case "rg", "RG": color = PaintColor(space: .rgb, components: Array(n.prefix(3)))
        case "k", "K": color = PaintColor(space: .cmyk, components: Array(n.prefix(4)))
        case "cs", "CS":
            guard let space = ColorSpace.resolve(op.operands.first, resources: resources, file: file) else {
                skip("colour space \(op.operands.first.map { "\($0)" } ?? "?")")
                return
            }
            color = PaintColor(space: space, components: space.initialComponents)
        default:
            if case .pattern = color.space {
                skip("pattern colour")
            } else if !n.isEmpty {
                color.components = n
            }
        }
        if stroking { state.stroke = color } else { state.fill = color }
    }

    /// Sets cairo's source to the fill (or stroke) colour with its alpha, and the blend mode.
    func setSource(stroking: Bool) {
        let color = stroking ? state.stroke : state.fill
        if case .pattern = color.space { skip("pattern colour") }
        let (r, g, b) = color.rgb
        cairo_set_source_rgba(cr, r, g, b, stroking ? state.strokeAlpha : state.fillAlpha)
        cairo_set_operator(cr, state.blend)
    }
}
