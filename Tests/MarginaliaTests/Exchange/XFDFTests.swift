import Foundation
import Testing
@testable import Marginalia

/// XFDF import and export (ISO 19444-1). The suites are nested in this one so that
/// `swift test --filter XFDF` runs them all.
@Suite("XFDF")
struct XFDFTests {}

/// Annotations of every kind XFDF export covers, each with every field set to a value
/// other than the model's default, and a field-by-field comparison with tolerances.
enum XFDFFixtures {
    static let created = Date(timeIntervalSince1970: 1_700_000_000)
    static let modified = Date(timeIntervalSince1970: 1_700_003_723)
    /// A real PNG (the stamp's appearance decodes it when the annotation is saved).
    static let stampImage: Data = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/images/rgb.png")
        return (try? Data(contentsOf: url)) ?? Data()
    }()
    static let richText = #"<body xmlns="http://www.w3.org/1999/xhtml"><p dir="ltr"><span style="font-weight:bold">Hello, world</span></p></body>"#

    static func annotation(_ kind: PDFAnnotation.Kind, id: String, page: Int, rect: CGRect) -> PDFAnnotation {
        var a = PDFAnnotation(kind: kind, rect: rect, color: Color(hex: "#1A2B3C"), pageIndex: page)
        a.id = id
        // Only where the kind has one (the vocabulary table): XFDF refuses it elsewhere.
        a.interiorColor = kind.allows(.interiorColor) ? Color(hex: "#C0FFEE") : nil
        a.opacity = 0.65
        a.border = PDFBorder(width: 2.5, style: .dashed, dashPattern: [4, 2.5])
        a.contents = "Line one\r\nline two & <three> \"quoted\"\ttabbed"
        a.author = "Zoë Reviewer, 東京"
        a.subject = "Review \"A\""
        a.creationDate = created
        a.modificationDate = modified
        a.flags = [.print, .noZoom, .noRotate, .locked, .lockedContents, .toggleNoView]
        return a
    }

    /// One annotation of every exportable kind (all four text markups), on pages 0 to 2.
    static func everyKind() -> [PDFAnnotation] {
        let ink = PDFAnnotation.Ink(paths: [[CGPoint(x: 10.125, y: 20.5), CGPoint(x: 30.0625, y: 40.75), CGPoint(x: 55, y: 12)],
                                            [CGPoint(x: 100.5, y: 200.25)]],
                                    pressures: [[0.25, 0.5, 0.75], [1]])
        var freeText = annotation(.freeText(PDFAnnotation.FreeText(
            text: "Hello, world", font: "Times-Bold", fontSize: 14.5, textColor: Color(red: 0.2, green: 0.4, blue: 0.6),
            alignment: .right, richText: richText)), id: "freetext-1", page: 1, rect: CGRect(x: 50, y: 60, width: 200.5, height: 40.25))
        freeText.contents = "Hello, world"
        let quad1 = PDFAnnotation.Quad(points: [CGPoint(x: 72, y: 720.5), CGPoint(x: 300.25, y: 720.5),
                                                CGPoint(x: 72, y: 700), CGPoint(x: 300.25, y: 700)])
        let quad2 = PDFAnnotation.Quad(rect: CGRect(x: 72, y: 670, width: 128, height: 20))
        return [
            annotation(.ink(ink), id: "ink-1", page: 0, rect: CGRect(x: 9, y: 11, width: 93, height: 191)),
            annotation(.square, id: "square-1", page: 0, rect: CGRect(x: 10.5, y: 20.25, width: 100, height: 50.0625)),
            annotation(.circle, id: "circle-1", page: 2, rect: CGRect(x: 300, y: 400, width: 80, height: 60)),
            annotation(.line(PDFAnnotation.Line(start: CGPoint(x: 10, y: 10.5), end: CGPoint(x: 200.25, y: 150),
                                                startEnding: .circle, endEnding: .reversedClosedArrow)),
                       id: "line-1", page: 1, rect: CGRect(x: 5, y: 5, width: 200, height: 150)),
            annotation(.polygon(vertices: [CGPoint(x: 10, y: 10), CGPoint(x: 110, y: 10), CGPoint(x: 110, y: 90.5),
                                           CGPoint(x: 10, y: 90.5)]),
                       id: "polygon-1", page: 2, rect: CGRect(x: 5, y: 5, width: 110, height: 90)),
            annotation(.polyLine(PDFAnnotation.PolyLine(vertices: [CGPoint(x: 1, y: 2), CGPoint(x: 50, y: 80), CGPoint(x: 120, y: 30)],
                                                        startEnding: .diamond, endEnding: .slash)),
                       id: "polyline-1", page: 0, rect: CGRect(x: 0, y: 0, width: 125, height: 85)),
            freeText,
            annotation(.note(PDFAnnotation.Note(icon: "Comment", isOpen: true)), id: "note-1", page: 0,
                       rect: CGRect(x: 400, y: 700, width: 24, height: 24)),
            annotation(.stamp(PDFAnnotation.Stamp(name: "Approved", imageData: stampImage)), id: "stamp-1", page: 2,
                       rect: CGRect(x: 100, y: 100, width: 150.5, height: 50)),
            annotation(.textMarkup(.highlight, quads: [quad1, quad2]), id: "highlight-1", page: 1,
                       rect: CGRect(x: 72, y: 670, width: 228.25, height: 50.5)),
            annotation(.textMarkup(.underline, quads: [quad1]), id: "underline-1", page: 1, rect: CGRect(x: 72, y: 700, width: 228.25, height: 20.5)),
            annotation(.textMarkup(.strikeOut, quads: [quad2]), id: "strikeout-1", page: 2, rect: CGRect(x: 72, y: 670, width: 128, height: 20)),
            annotation(.textMarkup(.squiggly, quads: [quad1, quad2]), id: "squiggly-1", page: 0,
                       rect: CGRect(x: 72, y: 670, width: 228.25, height: 50.5)),
            annotation(.redact(PDFAnnotation.Redact(quads: [quad1, quad2], overlayText: "Exempt (b)(6)", repeatsOverlayText: true)),
                       id: "redact-1", page: 1, rect: CGRect(x: 72, y: 670, width: 228.25, height: 50.5)),
            annotation(.redact(PDFAnnotation.Redact()), id: "redact-area-1", page: 0, rect: CGRect(x: 300, y: 300, width: 80, height: 40)),
        ]
    }

    /// What may differ after a trip through a PDF file.
    struct Tolerance {
        var rect = true
        var modificationDate = true
        var border = true
        var stampImage = true
    }

    /// The fields that differ between `a` and `b`: points to 1e-3, colours to 1/255, dates
    /// to the second. Empty when they match.
    static func differences(_ a: PDFAnnotation, _ b: PDFAnnotation, compare: Tolerance = Tolerance()) -> [String] {
        var out: [String] = []
        func check(_ same: Bool, _ field: String, _ x: Any, _ y: Any) {
            if !same { out.append("\(a.id).\(field): \(x) != \(y)") }
        }
        check(a.id == b.id, "id", a.id, b.id)
        check(a.subtype == b.subtype, "subtype", a.subtype, b.subtype)
        check(a.pageIndex == b.pageIndex, "pageIndex", a.pageIndex as Any, b.pageIndex as Any)
        if compare.rect { check(close(a.rect, b.rect), "rect", a.rect, b.rect) }
        check(close(a.color, b.color), "color", a.color as Any, b.color as Any)
        check(close(a.interiorColor, b.interiorColor), "interiorColor", a.interiorColor as Any, b.interiorColor as Any)
        check(abs(a.opacity - b.opacity) < 1e-3, "opacity", a.opacity, b.opacity)
        if compare.border {
            check(abs(a.border.width - b.border.width) < 1e-3, "border.width", a.border.width, b.border.width)
            check(a.border.style == b.border.style, "border.style", a.border.style, b.border.style)
            check(close(a.border.dashPattern, b.border.dashPattern), "border.dashPattern", a.border.dashPattern, b.border.dashPattern)
        }
        check(a.contents == b.contents, "contents", a.contents as Any, b.contents as Any)
        check(a.author == b.author, "author", a.author as Any, b.author as Any)
        check(a.subject == b.subject, "subject", a.subject as Any, b.subject as Any)
        check(close(a.creationDate, b.creationDate), "creationDate", a.creationDate as Any, b.creationDate as Any)
        if compare.modificationDate {
            check(close(a.modificationDate, b.modificationDate), "modificationDate", a.modificationDate as Any, b.modificationDate as Any)
        }
        check(a.flags == b.flags, "flags", a.flags.rawValue, b.flags.rawValue)
        out += kindDifferences(a, b, compare: compare)
        return out
    }

    private static func kindDifferences(_ a: PDFAnnotation, _ b: PDFAnnotation, compare: Tolerance) -> [String] {
        let same: Bool
        switch (a.kind, b.kind) {
        case (.ink(let x), .ink(let y)):
            same = x.paths.count == y.paths.count && zip(x.paths, y.paths).allSatisfy { close($0, $1) }
                && x.pressures?.count == y.pressures?.count
                && zip(x.pressures ?? [], y.pressures ?? []).allSatisfy { close($0, $1) }
        case (.square, .square), (.circle, .circle):
            same = true
        case (.line(let x), .line(let y)):
            same = close([x.start, x.end], [y.start, y.end]) && x.startEnding == y.startEnding && x.endEnding == y.endEnding
        case (.polygon(let x), .polygon(let y)):
            same = close(x, y)
        case (.polyLine(let x), .polyLine(let y)):
            same = close(x.vertices, y.vertices) && x.startEnding == y.startEnding && x.endEnding == y.endEnding
        case (.freeText(let x), .freeText(let y)):
            same = x.text == y.text && x.font == y.font && abs(x.fontSize - y.fontSize) < 1e-3
                && close(x.textColor, y.textColor) && x.alignment == y.alignment && x.richText == y.richText
        case (.note(let x), .note(let y)):
            same = x == y
        case (.stamp(let x), .stamp(let y)):
            same = x.name == y.name && (!compare.stampImage || x.imageData == y.imageData)
        case (.textMarkup(let m, let x), .textMarkup(let n, let y)):
            same = m == n && x.count == y.count && zip(x, y).allSatisfy { close($0.points, $1.points) }
        case (.redact(let x), .redact(let y)):
            same = x.overlayText == y.overlayText && x.repeatsOverlayText == y.repeatsOverlayText && x.quads.count == y.quads.count
                && zip(x.quads, y.quads).allSatisfy { close($0.points, $1.points) }
        default:
            same = false
        }
        return same ? [] : ["\(a.id).kind: \(a.kind) != \(b.kind)"]
    }

    static func close(_ a: [CGPoint], _ b: [CGPoint]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0.x - $1.x) < 1e-3 && abs($0.y - $1.y) < 1e-3 }
    }

    static func close(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-3 }
    }

    static func close(_ a: CGRect, _ b: CGRect) -> Bool {
        close([a.origin, CGPoint(x: a.maxX, y: a.maxY)], [b.origin, CGPoint(x: b.maxX, y: b.maxY)])
    }

    static func close(_ a: Color?, _ b: Color?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return abs(a.red - b.red) <= 1 / 255 && abs(a.green - b.green) <= 1 / 255 && abs(a.blue - b.blue) <= 1 / 255
    }

    static func close(_ a: Date?, _ b: Date?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return abs(a.timeIntervalSince(b)) < 1
    }
}
