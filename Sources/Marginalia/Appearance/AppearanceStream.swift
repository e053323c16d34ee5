import Foundation
import PDFCore

/// A normal appearance (`/AP /N`) being drawn: a form XObject (ISO 32000-2, 8.10 and
/// 12.5.5) whose `/BBox` is the annotation's drawing area in page space and whose
/// `/Matrix` is the identity (or, for text on a rotated page, a rotation about that area),
/// so every viewer maps it exactly onto `/Rect`.
struct AppearanceStream {
    var content = ContentStreamBuilder()
    /// The area the drawing covers, in page space; becomes `/BBox` and `/Rect`.
    var bounds: CGRect
    var matrix: AffineTransform = AffineTransform()
    /// The `/Rect` when it differs from `bounds` (a rotated drawing); nil means `bounds`.
    var pageRect: CGRect?
    private var graphicsStates: [String: PDFDictionary] = [:]
    /// Font resources: inline dictionaries (standard fonts) or references (embedded fonts).
    var fonts: [String: PDFObject] = [:]
    var xObjects: [String: PDFReference] = [:]

    /// The entry of the stream's private dictionary that marks an appearance Marginalia drew.
    static let drawnKey = "Drawn"

    init(bounds: CGRect) {
        self.bounds = bounds
    }

    /// Sets stroke and fill opacity through an ExtGState, so the whole drawing is composited
    /// once: a translucent stroke that crosses itself is not darker where it crosses.
    mutating func setOpacity(_ opacity: Double, blendMode: String? = nil) {
        guard opacity < 1 || blendMode != nil else { return }
        var state = PDFDictionary()
        state["Type"] = .name("ExtGState")
        state["CA"] = .real(max(0, min(1, opacity)))
        state["ca"] = .real(max(0, min(1, opacity)))
        if let blendMode { state["BM"] = .name(blendMode) }
        let name = "GS\(graphicsStates.count)"
        graphicsStates[name] = state
        content.graphicsState(name)
    }

    /// A font resource for a standard-14 font (9.6.2.2), named as in `/DA`.
    mutating func addFont(_ font: StandardFont, named resource: String? = nil) -> String {
        let name = resource ?? font.baseFontName
        var dictionary = PDFDictionary()
        dictionary["Type"] = .name("Font")
        dictionary["Subtype"] = .name("Type1")
        dictionary["BaseFont"] = .name(font.baseFontName)
        if font.usesWinAnsi { dictionary["Encoding"] = .name("WinAnsiEncoding") }
        fonts[name] = .dictionary(dictionary)
        return name
    }

    /// Writes laid-out `lines` inside a text object, the first on `firstBaseline` and each
    /// next one `lineHeight` lower, aligned between `left` and `right` (0 left, 1 centre,
    /// 2 right, as /Q numbers them); lines wholly below `bottom` are clipped anyway and not
    /// written. Free text and form fields lay out their text this way.
    mutating func showLines(_ lines: [LaidOutLine], font: any PDFFont, firstBaseline: Double, lineHeight: Double,
                            left: Double, right: Double, alignment: Int, bottom: Double) {
        var baseline = firstBaseline
        for line in lines {
            if baseline < bottom - lineHeight { break }
            let x = Self.lineStart(width: line.width, left: left, right: right, alignment: alignment)
            content.raw("1 0 0 1 \(PDFSyntax.number(x)) \(PDFSyntax.number(baseline)) Tm")
            content.show(font.encode(line.text).bytes)
            baseline -= lineHeight
        }
    }

    /// Writes `lines` placed by the core (``TextBoxLayout``) inside a text object, each at its
    /// own baseline origin: free text in a standard font.
    mutating func showPlacedLines(_ lines: [TextBoxLayout.Line], font: any PDFFont) {
        for line in lines {
            content.raw("1 0 0 1 \(PDFSyntax.number(line.x)) \(PDFSyntax.number(line.baseline)) Tm")
            content.show(font.encode(line.text).bytes)
        }
    }

    /// Writes shaped `lines` (text in any script, ``ShapedTextLayout``) as ``showLines(_:font:firstBaseline:lineHeight:left:right:alignment:bottom:)``
    /// writes plain ones, switching fonts as the lines' runs do; the font resources are the
    /// faces' (``TextFaces/fontResources(add:)``), to add once everything is drawn.
    mutating func showShapedLines(_ lines: [ShapedLine], faces: TextFaces, size: Double, firstBaseline: Double,
                                  lineHeight: Double, left: Double, right: Double, alignment: Int, bottom: Double) {
        var baseline = firstBaseline
        for line in lines {
            if baseline < bottom - lineHeight { break }
            let x = Self.lineStart(width: line.width, left: left, right: right, alignment: alignment)
            line.draw(x: x, baseline: baseline, size: size, faces: faces, into: &content)
            baseline -= lineHeight
        }
    }

    /// Where a line `width` wide starts between `left` and `right` (0 left, 1 centre, 2 right).
    private static func lineStart(width: Double, left: Double, right: Double, alignment: Int) -> Double {
        switch alignment {
        case 1: (left + right) / 2 - width / 2
        case 2: right - width
        default: left
        }
    }

    /// An appearance for text, notes and stamps that reads upright on a page turned by
    /// `pageRotation` degrees: drawn in a box of the size the reader sees (width and height
    /// swapped for 90 and 270), with `/Matrix` turning it counter-clockwise by the page's
    /// rotation; viewers then map the turned box onto `rect` (12.5.5).
    static func upright(in rect: CGRect, pageRotation: Int) -> AppearanceStream {
        // The core's box and turn, which the browser's overlay places text boxes by too.
        var appearance = AppearanceStream(bounds: TextBoxLayout.uprightBox(of: rect, pageRotation: pageRotation))
        appearance.matrix = TextBoxLayout.uprightMatrix(pageRotation: pageRotation)
        appearance.pageRect = rect
        return appearance
    }

    /// The finished form XObject.
    func stream() -> PDFStream {
        var dictionary = PDFDictionary()
        dictionary["Type"] = .name("XObject")
        dictionary["Subtype"] = .name("Form")
        dictionary["FormType"] = 1
        dictionary["BBox"] = AnnotationWriter.rectangle(bounds)
        if matrix != AffineTransform() {
            dictionary["Matrix"] = .array([matrix.m11, matrix.m12, matrix.m21, matrix.m22, matrix.tX, matrix.tY].map { .real(Double($0)) })
        }
        var resources = PDFDictionary()
        if !graphicsStates.isEmpty {
            resources["ExtGState"] = .dictionary(PDFDictionary(graphicsStates.sorted { $0.key < $1.key }.map { ($0.key, .dictionary($0.value)) }))
        }
        if !fonts.isEmpty {
            resources["Font"] = .dictionary(PDFDictionary(fonts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        }
        if !xObjects.isEmpty {
            resources["XObject"] = .dictionary(PDFDictionary(xObjects.sorted { $0.key < $1.key }.map { ($0.key, .reference($0.value)) }))
        }
        dictionary["Resources"] = .dictionary(resources)
        // Says that Marginalia drew it: an appearance without the mark (another application's,
        // or ours redrawn by one) is kept when the annotation is only moved or resized.
        dictionary[AnnotationReader.privateKey] = .dictionary(PDFDictionary([(AppearanceStream.drawnKey, .bool(true))]))
        // Ink of hundreds of points makes long streams: compress them, with the effort for
        // content (lines of numbers, which harder work barely shrinks more; zlib does not
        // fail on valid input; should it, the stream is stored as it is).
        return (try? PDFStream.compressing(content.bytes, dictionary: dictionary, effort: .content))
            ?? PDFStream(dictionary: dictionary, rawBytes: content.bytes)
    }
}
