import Foundation

/// The mark of a checked checkbox or a chosen radio drawn as a path, for documents that must
/// embed every font they draw with (PDF/A: docs/accessibility.md), where ZapfDingbats, which
/// is never embedded, cannot be used. One path for each ZapfDingbats character `/MK /CA`
/// names in practice (12.7.5.2.3 lists them by the glyph Acrobat offers): check, circle,
/// cross, diamond, square and star; any other is drawn as a check.
enum ButtonSymbol {
    case check, circle, cross, diamond, square, star

    /// The symbol for the ZapfDingbats character code `code` (as `/MK /CA` holds it).
    init(zapfDingbatsCode code: UInt8) {
        switch code {
        case 0x6C: self = .circle   // l: a71, black circle
        case 0x38: self = .cross    // 8: a24, heavy ballot X
        case 0x75: self = .diamond  // u: a78, black diamond
        case 0x6E: self = .square   // n: a73, black square
        case 0x48: self = .star     // H: a40, black star
        default: self = .check      // 4: a20, heavy check mark
        }
    }

    /// Draws the symbol filled (the cross stroked) in the current colour, centred in a square
    /// `side` points wide around `centre`.
    func draw(centre: CGPoint, side: CGFloat, _ content: inout ContentStreamBuilder) {
        // A point of the unit square (0...1, y up) placed in the symbol's square.
        func at(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
            CGPoint(x: centre.x + (x - 0.5) * side, y: centre.y + (y - 0.5) * side)
        }
        func polygon(_ points: [(CGFloat, CGFloat)]) {
            guard let first = points.first else { return }
            content.move(at(first.0, first.1))
            for point in points.dropFirst() { content.line(at(point.0, point.1)) }
            content.closePath()
            content.fill()
        }
        switch self {
        case .check:
            polygon([(0.02, 0.55), (0.17, 0.70), (0.38, 0.44), (0.84, 0.96), (0.98, 0.83), (0.38, 0.12)])
        case .circle:
            AppearanceBuilder.ellipse(in: CGRect(origin: at(0.1, 0.1), size: CGSize(width: side * 0.8, height: side * 0.8)), &content)
            content.fill()
        case .cross:
            content.lineWidth(Double(side) * 0.18)
            content.move(at(0.12, 0.12)); content.line(at(0.88, 0.88))
            content.move(at(0.12, 0.88)); content.line(at(0.88, 0.12))
            content.stroke()
        case .diamond:
            polygon([(0.5, 0.02), (0.98, 0.5), (0.5, 0.98), (0.02, 0.5)])
        case .square:
            polygon([(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9)])
        case .star:
            // Five points: outer radius 0.5, inner 0.19, the first pointing up.
            polygon((0..<10).map { i in
                let radius: CGFloat = i % 2 == 0 ? 0.5 : 0.19
                let angle = CGFloat.pi / 2 + CGFloat(i) * CGFloat.pi / 5
                return (0.5 + radius * cos(angle), 0.5 + radius * sin(angle))
            })
        }
    }
}
