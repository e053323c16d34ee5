import Foundation
import PDFCore

/// Builds a content stream (ISO 32000-2, 8 and 9) operator by operator, with numbers
/// written the way the file writer writes them. Used by appearance streams, flattening and
/// PDF generation, so every generated stream reads the same.
///
/// Lengths and coordinates (path points, rectangles, line widths, dashes, text positions,
/// the translation of `cm`) are written with the fewest digits that keep them within
/// 0.0005 pt on the page: three decimals where a unit of user space is at most a point, more
/// where an enlarging `cm` made it bigger (tracked across `q` and `Q`). Factors (colour
/// components, the other coefficients of `cm`) keep six.
public struct ContentStreamBuilder: Sendable {
    public private(set) var bytes: [UInt8] = []
    /// An upper bound of how many points one unit of the current user space spans: the
    /// norm of the matrices concatenated since the stream began.
    private var scale: Double = 1
    private var savedScales: [Double] = []
    /// Decimals for lengths at the current scale.
    private var lengthDecimals = 3

    public init() {}

    /// Appends operands and an operator, separated by spaces, then a newline. The numbers
    /// keep six decimals: they may be factors as well as lengths.
    public mutating func emit(_ numbers: [Double], _ op: String) {
        for n in numbers {
            PDFSyntax.appendNumber(n, to: &bytes)
            bytes.append(0x20)
        }
        bytes.append(contentsOf: op.utf8)
        bytes.append(0x0A)
    }

    /// Appends raw content-stream text (already valid syntax).
    public mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        if !text.hasSuffix("\n") { bytes.append(0x0A) }
    }

    // MARK: - Operands

    private mutating func length(_ value: CGFloat) {
        PDFSyntax.appendNumber(Double(value), decimals: lengthDecimals, to: &bytes)
        bytes.append(0x20)
    }

    /// One line of up to six lengths and an operator, written in one go.
    private mutating func operation(_ name: StaticString, _ operands: (CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat),
                                    count: Int) {
        var values = (Double(operands.0), Double(operands.1), Double(operands.2),
                      Double(operands.3), Double(operands.4), Double(operands.5))
        let decimals = lengthDecimals
        withUnsafeBytes(of: &values) { raw in
            let all = raw.assumingMemoryBound(to: Double.self)
            PDFSyntax.appendOperation(UnsafeBufferPointer(rebasing: all[..<count]), decimals: decimals, operator: name, to: &bytes)
        }
    }

    /// A one- or two-letter operator and the newline after it.
    private mutating func op(_ first: UInt8, _ second: UInt8? = nil) {
        bytes.append(first)
        if let second { bytes.append(second) }
        bytes.append(0x0A)
    }

    // MARK: - Graphics state

    public mutating func save() {
        savedScales.append(scale)
        op(0x71)  // q
    }

    public mutating func restore() {
        if let saved = savedScales.popLast() { setScale(saved) }
        op(0x51)  // Q
    }

    public mutating func concatenate(_ t: AffineTransform) {
        for factor in [t.m11, t.m12, t.m21, t.m22] {
            PDFSyntax.appendNumber(Double(factor), to: &bytes)
            bytes.append(0x20)
        }
        length(t.tX)
        length(t.tY)
        op(0x63, 0x6D)  // cm
        setScale(scale * Self.norm(t))
    }

    public mutating func lineWidth(_ w: Double) { operation("w", (CGFloat(w), 0, 0, 0, 0, 0), count: 1) }
    /// 0 butt, 1 round, 2 projecting square.
    public mutating func lineCap(_ cap: Int) { emit([Double(cap)], "J") }
    /// 0 miter, 1 round, 2 bevel.
    public mutating func lineJoin(_ join: Int) { emit([Double(join)], "j") }
    public mutating func dash(_ pattern: [Double], phase: Double = 0) {
        bytes.append(0x5B)
        for (i, length) in pattern.enumerated() {
            if i > 0 { bytes.append(0x20) }
            PDFSyntax.appendNumber(length, decimals: lengthDecimals, to: &bytes)
        }
        bytes.append(contentsOf: [0x5D, 0x20])
        length(CGFloat(phase))
        op(0x64)  // d
    }
    /// Sets a graphics state from the resources' /ExtGState dictionary.
    public mutating func graphicsState(_ name: String) { raw(PDFSyntax.name(name) + " gs") }

    private mutating func setScale(_ newScale: Double) {
        scale = newScale
        // One more decimal for every tenfold enlargement, one fewer for every reduction.
        let magnitude = newScale.isFinite && newScale > 0 ? log10(newScale).rounded(.up) : 3
        lengthDecimals = max(0, min(6, 3 + Int(magnitude)))
    }

    /// The largest factor by which `t` stretches a length (its largest singular value).
    private static func norm(_ t: AffineTransform) -> Double {
        let (a, b, c, d) = (Double(t.m11), Double(t.m12), Double(t.m21), Double(t.m22))
        let sum = a * a + b * b + c * c + d * d
        let determinant = a * d - b * c
        return ((sum + (max(0, sum * sum - 4 * determinant * determinant)).squareRoot()) / 2).squareRoot()
    }

    // MARK: - Colour

    /// Stroke colour from 1 (gray), 3 (RGB) or 4 (CMYK) components.
    public mutating func strokeColor(_ components: [Double]) {
        switch components.count {
        case 1: emit(components, "G")
        case 4: emit(components, "K")
        default: emit(Array(components.prefix(3)), "RG")
        }
    }

    /// Fill colour from 1 (gray), 3 (RGB) or 4 (CMYK) components.
    public mutating func fillColor(_ components: [Double]) {
        switch components.count {
        case 1: emit(components, "g")
        case 4: emit(components, "k")
        default: emit(Array(components.prefix(3)), "rg")
        }
    }

    // MARK: - Paths

    public mutating func move(_ p: CGPoint) { operation("m", (p.x, p.y, 0, 0, 0, 0), count: 2) }
    public mutating func line(_ p: CGPoint) { operation("l", (p.x, p.y, 0, 0, 0, 0), count: 2) }
    public mutating func curve(_ c1: CGPoint, _ c2: CGPoint, _ to: CGPoint) {
        operation("c", (c1.x, c1.y, c2.x, c2.y, to.x, to.y), count: 6)
    }

    public mutating func closePath() { raw("h") }
    public mutating func rectangle(_ r: CGRect) { operation("re", (r.minX, r.minY, r.width, r.height, 0, 0), count: 4) }
    /// A closed path around a quadrilateral given in `/QuadPoints` order (upper-left,
    /// upper-right, lower-left, lower-right).
    public mutating func quadrilateral(_ p: [CGPoint]) {
        move(p[2])
        line(p[3])
        line(p[1])
        line(p[0])
        closePath()
    }
    public mutating func stroke() { raw("S") }
    public mutating func fill(evenOdd: Bool = false) { raw(evenOdd ? "f*" : "f") }
    public mutating func fillAndStroke(evenOdd: Bool = false) { raw(evenOdd ? "B*" : "B") }
    public mutating func clip(evenOdd: Bool = false) { raw(evenOdd ? "W* n" : "W n") }
    public mutating func endPath() { raw("n") }

    // MARK: - Text and XObjects

    public mutating func beginText() { raw("BT") }
    public mutating func endText() { raw("ET") }
    public mutating func font(_ name: String, size: Double) { raw(PDFSyntax.name(name) + " " + PDFSyntax.number(size) + " Tf") }
    public mutating func textPosition(_ x: Double, _ y: Double) { operation("Td", (x, y, 0, 0, 0, 0), count: 2) }
    /// Shows a string of already-encoded bytes.
    public mutating func show(_ encoded: [UInt8]) {
        PDFSyntax.append(.string(encoded), to: &bytes)
        raw(" Tj")
    }
    /// Shows glyphs with adjustments between them (`TJ`, 9.4.3): each element is already-
    /// encoded bytes or a number, in thousandths of the font size, that moves the next glyph
    /// left (positive) or right (negative).
    public mutating func showAdjusted(_ elements: [PDFObject]) {
        PDFSyntax.append(.array(elements), to: &bytes)
        raw(" TJ")
    }
    /// Text rise (`Ts`, 9.3.7): how far the glyphs shown next sit above the baseline.
    public mutating func textRise(_ rise: Double) { raw(PDFSyntax.number(rise) + " Ts") }
    /// Begins a marked-content sequence with properties (`BDC`, 14.6), such as a `/Span`
    /// carrying `/ActualText`.
    public mutating func beginMarkedContent(_ tag: String, properties: PDFDictionary) {
        PDFSyntax.appendName(tag, to: &bytes)
        bytes.append(0x20)
        PDFSyntax.append(.dictionary(properties), to: &bytes)
        raw(" BDC")
    }
    public mutating func endMarkedContent() { raw("EMC") }
    public mutating func drawXObject(_ name: String) { raw(PDFSyntax.name(name) + " Do") }
}
