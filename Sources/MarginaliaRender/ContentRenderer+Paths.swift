import CCairo
import Foundation

extension ContentRenderer {
    /// `m l c v y h re` (8.5.2): built in cairo's path, in user space.
    func pathConstruction(_ name: String, _ n: [Double]) {
        guard n.allSatisfy(\.isFinite) else { return }
        switch name {
        case "m" where n.count == 2: cairo_move_to(cr, n[0], n[1])
        case "l" where n.count == 2: ensureCurrentPoint(n[0], n[1]); cairo_line_to(cr, n[0], n[1])
        case "c" where n.count == 6: ensureCurrentPoint(n[0], n[1]); cairo_curve_to(cr, n[0], n[1], n[2], n[3], n[4], n[5])
        case "v" where n.count == 4:
            // The first control point is the current point.
            var x = 0.0, y = 0.0
            guard cairo_has_current_point(cr) != 0 else { return }
            cairo_get_current_point(cr, &x, &y)
            cairo_curve_to(cr, x, y, n[0], n[1], n[2], n[3])
        case "y" where n.count == 4:
            // The second control point is the end point.
            ensureCurrentPoint(n[0], n[1])
            cairo_curve_to(cr, n[0], n[1], n[2], n[3], n[2], n[3])
        case "h": if cairo_has_current_point(cr) != 0 { cairo_close_path(cr) }
        case "re" where n.count == 4: cairo_rectangle(cr, n[0], n[1], n[2], n[3])
        default: break
        }
    }

    /// A segment without a current point starts one where it would begin (lenient, as Poppler).
    private func ensureCurrentPoint(_ x: Double, _ y: Double) {
        if cairo_has_current_point(cr) == 0 { cairo_move_to(cr, x, y) }
    }

    /// The painting operators (8.5.3), then the clip that `W` or `W*` asked for.
    func paint(_ name: String) {
        let evenOdd = name.hasSuffix("*")
        let rule = evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING
        switch name {
        case "s", "b", "b*":
            if cairo_has_current_point(cr) != 0 { cairo_close_path(cr) }
        default: break
        }
        switch name {
        case "f", "F", "f*":
            fill(rule)
        case "S", "s":
            stroke()
        case "B", "B*", "b", "b*":
            fill(rule)
            stroke()
        default:
            break  // "n": no painting
        }
        // A clip without a path (`W n` with none built, as some applications open a note's
        // appearance) changes nothing, as in Poppler, MuPDF and pdf.js: cairo would clip to nothing.
        if let clip = pendingClip {
            if cairo_has_current_point(cr) != 0 {
                cairo_set_fill_rule(cr, clip)
                cairo_clip(cr)
            }
            pendingClip = nil
        }
        cairo_new_path(cr)
    }

    private func fill(_ rule: cairo_fill_rule_t) {
        setSource(stroking: false)
        cairo_set_fill_rule(cr, rule)
        cairo_fill_preserve(cr)
    }

    /// Strokes the path; a width of 0 is the thinnest line the device can show (8.4.3.2).
    private func stroke() {
        setSource(stroking: true)
        let width = cairo_get_line_width(cr)
        if width == 0 {
            var dx = 1.0, dy = 0.0
            cairo_device_to_user_distance(cr, &dx, &dy)
            cairo_set_line_width(cr, hypot(dx, dy))
            cairo_stroke_preserve(cr)
            cairo_set_line_width(cr, 0)
        } else {
            cairo_stroke_preserve(cr)
        }
    }
}
