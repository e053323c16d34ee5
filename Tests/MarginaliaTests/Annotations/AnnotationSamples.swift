import Foundation
@testable import Marginalia

/// One annotation of every kind Marginalia creates, with non-default values everywhere.
enum AnnotationSamples {
    static func all() -> [PDFAnnotation] {
        func make(_ kind: PDFAnnotation.Kind, _ rect: CGRect, _ color: Color?) -> PDFAnnotation {
            var a = PDFAnnotation(kind: kind, rect: rect, color: color)
            a.author = "Ada"
            a.subject = "Subject of \(kind.subtype)"
            a.contents = "Contents of \(kind.subtype)"
            a.opacity = 0.75
            a.border.width = 2
            a.creationDate = Date(timeIntervalSince1970: 1_700_000_000)
            return a
        }
        var square = make(.square, CGRect(x: 300, y: 500, width: 150, height: 100), Color(red: 0, green: 0, blue: 1))
        square.interiorColor = Color(red: 0.8, green: 0.9, blue: 1)
        var circle = make(.circle, CGRect(x: 100, y: 500, width: 150, height: 120), Color(red: 0, green: 0.5, blue: 0))
        circle.border = PDFBorder(width: 4, style: .dashed, dashPattern: [6, 3])
        var pressure = make(.ink(.init(paths: [[CGPoint(x: 400, y: 100), CGPoint(x: 450, y: 160), CGPoint(x: 500, y: 120)]],
                                       pressures: [[0.2, 0.9, 0.5]])), .zero, Color(red: 0, green: 0, blue: 0))
        pressure.opacity = 1
        var note = make(.note(.init(icon: "Comment", isOpen: true)), CGRect(x: 500, y: 700, width: 20, height: 20),
                        Color(red: 1, green: 0.85, blue: 0.2))
        note.flags = [.print, .noZoom, .noRotate]
        var textRedaction = make(.redact(.init(quads: [.init(rect: CGRect(x: 72, y: 665, width: 120, height: 15))],
                                               overlayText: "(b)(6)", repeatsOverlayText: true)), .zero, Color(red: 0.8, green: 0.1, blue: 0.1))
        textRedaction.interiorColor = Color(red: 0, green: 0, blue: 0)
        var areaRedaction = make(.redact(.init()), CGRect(x: 300, y: 300, width: 80, height: 40), Color(red: 1, green: 0, blue: 0))
        areaRedaction.interiorColor = Color(red: 1, green: 1, blue: 1)
        return [
            make(.ink(.init(paths: [[CGPoint(x: 100, y: 100), CGPoint(x: 150, y: 180), CGPoint(x: 200, y: 120)],
                                    [CGPoint(x: 120, y: 200), CGPoint(x: 300, y: 110)]])), .zero, Color(red: 1, green: 0, blue: 0)),
            pressure, square, circle,
            make(.line(.init(start: CGPoint(x: 100, y: 300), end: CGPoint(x: 400, y: 380), startEnding: .circle, endEnding: .closedArrow)),
                 .zero, Color(red: 0.5, green: 0, blue: 0.5)),
            make(.polygon(vertices: [CGPoint(x: 400, y: 200), CGPoint(x: 500, y: 260), CGPoint(x: 470, y: 330)]), .zero,
                 Color(red: 0, green: 0, blue: 0)),
            make(.polyLine(.init(vertices: [CGPoint(x: 50, y: 700), CGPoint(x: 120, y: 740), CGPoint(x: 190, y: 690)],
                                 startEnding: .butt, endEnding: .openArrow)), .zero, Color(red: 1, green: 0, blue: 1)),
            note,
            make(.textMarkup(.highlight, quads: [.init(rect: CGRect(x: 72, y: 745, width: 228, height: 15))]), .zero,
                 Color(red: 1, green: 1, blue: 0)),
            make(.textMarkup(.underline, quads: [.init(rect: CGRect(x: 72, y: 725, width: 228, height: 15))]), .zero,
                 Color(red: 0, green: 0, blue: 1)),
            make(.textMarkup(.strikeOut, quads: [.init(rect: CGRect(x: 72, y: 705, width: 228, height: 15))]), .zero,
                 Color(red: 1, green: 0, blue: 0)),
            make(.textMarkup(.squiggly, quads: [.init(rect: CGRect(x: 72, y: 685, width: 228, height: 15))]), .zero,
                 Color(red: 0, green: 0.6, blue: 0)),
            textRedaction, areaRedaction,
        ]
    }
}
