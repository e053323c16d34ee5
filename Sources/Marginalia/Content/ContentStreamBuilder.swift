import Foundation
import PDFCore

/// Builds a content stream (ISO 32000-2, 8 and 9) operator by operator, with numbers
/// written the way the file writer writes them. Used by appearance streams, flattening and
/// PDF generation, so every generated stream reads the same.
public struct ContentStreamBuilder: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// Appends operands and an operator, separated by spaces, then a newline.
    public mutating func emit(_ numbers: [Double], _ op: String) {
        var line = ""
        for n in numbers {
            line += PDFSyntax.number(n)
            line += " "
        }
        line += op
        line += "\n"
        bytes.append(contentsOf: Array(line.utf8))
    }

    /// Appends raw content-stream text (already valid syntax).
    public mutating func raw(_ text: String) {
        bytes.append(contentsOf: Array(text.utf8))
        if !text.hasSuffix("\n") { bytes.append(0x0A) }
    }

    // MARK: - Graphics state

    public mutating func save() { raw("q") }
    public mutating func restore() { raw("Q") }
    public mutating func concatenate(_ t: AffineTransform) { emit([t.m11, t.m12, t.m21, t.m22, t.tX, t.tY].map { Double($0) }, "cm") }
    public mutating func lineWidth(_ w: Double) { emit([w], "w") }
    /// 0 butt, 1 round, 2 projecting square.
    public mutating func lineCap(_ cap: Int) { emit([Double(cap)], "J") }
    /// 0 miter, 1 round, 2 bevel.
    public mutating func lineJoin(_ join: Int) { emit([Double(join)], "j") }
    public mutating func dash(_ pattern: [Double], phase: Double = 0) {
        raw("[" + pattern.map(PDFSyntax.number).joined(separator: " ") + "] " + PDFSyntax.number(phase) + " d")
    }
    /// Sets a graphics state from the resources' /ExtGState dictionary.
    public mutating func graphicsState(_ name: String) { raw(PDFSyntax.name(name) + " gs") }

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

    public mutating func move(_ p: CGPoint) { emit([Double(p.x), Double(p.y)], "m") }
    public mutating func line(_ p: CGPoint) { emit([Double(p.x), Double(p.y)], "l") }
    public mutating func curve(_ c1: CGPoint, _ c2: CGPoint, _ to: CGPoint) {
        emit([c1.x, c1.y, c2.x, c2.y, to.x, to.y].map { Double($0) }, "c")
    }
    public mutating func closePath() { raw("h") }
    public mutating func rectangle(_ r: CGRect) { emit([r.minX, r.minY, r.width, r.height].map { Double($0) }, "re") }
    public mutating func stroke() { raw("S") }
    public mutating func fill(evenOdd: Bool = false) { raw(evenOdd ? "f*" : "f") }
    public mutating func fillAndStroke(evenOdd: Bool = false) { raw(evenOdd ? "B*" : "B") }
    public mutating func clip(evenOdd: Bool = false) { raw(evenOdd ? "W* n" : "W n") }
    public mutating func endPath() { raw("n") }

    // MARK: - Text and XObjects

    public mutating func beginText() { raw("BT") }
    public mutating func endText() { raw("ET") }
    public mutating func font(_ name: String, size: Double) { raw(PDFSyntax.name(name) + " " + PDFSyntax.number(size) + " Tf") }
    public mutating func textPosition(_ x: Double, _ y: Double) { emit([x, y], "Td") }
    /// Shows a string of already-encoded bytes.
    public mutating func show(_ encoded: [UInt8]) {
        bytes.append(contentsOf: PDFSyntax.bytes(of: .string(encoded)))
        raw(" Tj")
    }
    public mutating func drawXObject(_ name: String) { raw(PDFSyntax.name(name) + " Do") }
}
