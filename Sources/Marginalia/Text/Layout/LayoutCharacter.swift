import Foundation

/// A character on its way from a shown glyph to a word, with its geometry in the page's
/// view frame (the page as shown, `/Rotate` applied: u to the right, v up).
struct LayoutCharacter {
    var text: CharacterText
    var quad: TextQuad
    /// An index into the page's font names.
    var font: Int32
    var fontSize: Double
    var isMapped: Bool
    /// A drawn space (or other whitespace) came just before it.
    var spaceBefore: Bool
    /// Where the character's baseline edge starts and ends, and its height, in the view frame.
    var start: (u: Double, v: Double)
    var end: (u: Double, v: Double)
    var height: Double
    /// The unit vector of its direction in the view frame.
    var direction: (u: Double, v: Double)
}

/// The characters of shown glyphs: ligatures split into their letters (each with an equal
/// share of the glyph's box), whitespace turned into word breaks, glyphs outside the crop box
/// left out, unmapped glyphs kept as U+FFFD and counted.
struct CharacterExpander {
    let cropBox: CGRect
    let rotation: Int

    /// A page-space point in the view frame: rotated clockwise by the page's `/Rotate`.
    func view(_ point: CGPoint) -> (u: Double, v: Double) {
        let x = Double(point.x), y = Double(point.y)
        switch rotation {
        case 90: return (y, -x)
        case 180: return (-x, -y)
        case 270: return (-y, x)
        default: return (x, y)
        }
    }

    /// The characters of `glyphs`, written over `result` (its storage kept), and how many
    /// glyphs had no text. Texts longer than a scalar are read from and added to `strings`.
    func expand(_ glyphs: [ShownGlyph], _ strings: inout PageStrings, into result: inout [LayoutCharacter]) -> Int {
        result.removeAll(keepingCapacity: true)
        result.reserveCapacity(glyphs.count)
        var unmapped = 0
        var pendingSpace = false
        let visible = VisibleArea(cropBox.insetBy(dx: -1, dy: -1))
        var pieces: [CharacterText] = []
        for glyph in glyphs {
            let bounds = glyph.quad.bounds
            guard visible.contains(Double(bounds.midX), Double(bounds.midY)) else { continue }
            if let text = glyph.text, let only = text.scalar {
                // The common case, one scalar: no grapheme breaking needed.
                if WordRule.separates(only) {
                    pendingSpace = true
                    continue
                }
                if Self.isIgnorable(only) { continue }
                guard (0xFB00...0xFB06).contains(only.value) else {
                    result.append(character(text, glyph.quad, glyph, mapped: true, spaceBefore: pendingSpace))
                    pendingSpace = false
                    continue
                }
                pieces.removeAll(keepingCapacity: true)
                for scalar in Self.expandLigatures(String(only)).unicodeScalars { pieces.append(.scalar(scalar)) }
            } else if let text = glyph.text {
                pieces.removeAll(keepingCapacity: true)
                let space = CharacterText.scalar(" ")
                for character in Self.expandLigatures(strings.string(text)) {
                    if WordRule.separates(character) {
                        if pieces.isEmpty { pendingSpace = true } else { pieces.append(space) }
                    } else if !character.unicodeScalars.allSatisfy(Self.isIgnorable) {
                        pieces.append(strings.text(for: String(character)))
                    }
                }
                while pieces.last == space { pieces.removeLast(); pendingSpace = true }
                if pieces.isEmpty { continue }
            } else {
                unmapped += 1
                pieces.removeAll(keepingCapacity: true)
                pieces.append(.replacement)
            }
            let count = Double(pieces.count)
            for (index, piece) in pieces.enumerated() {
                if piece == .scalar(" ") { pendingSpace = true; continue }
                let quad = pieces.count == 1 ? glyph.quad : glyph.quad.portion(from: Double(index) / count, to: Double(index + 1) / count)
                result.append(character(piece, quad, glyph, mapped: glyph.text != nil, spaceBefore: pendingSpace))
                pendingSpace = false
            }
        }
        return unmapped
    }

    private func character(_ text: CharacterText, _ quad: TextQuad, _ glyph: ShownGlyph, mapped: Bool, spaceBefore: Bool) -> LayoutCharacter {
        let start = view(quad.bottomLeft), end = view(quad.bottomRight), top = view(quad.topLeft)
        var du = end.u - start.u, dv = end.v - start.v
        var length = (du * du + dv * dv).squareRoot()
        if length < 1e-9 {
            // A zero-width glyph: its direction is a quarter turn clockwise from its height.
            du = top.v - start.v
            dv = -(top.u - start.u)
            length = (du * du + dv * dv).squareRoot()
        }
        let direction = length < 1e-9 ? (1.0, 0.0) : (du / length, dv / length)
        let height = ((top.u - start.u) * (top.u - start.u) + (top.v - start.v) * (top.v - start.v)).squareRoot()
        return LayoutCharacter(text: text, quad: quad, font: glyph.font, fontSize: glyph.fontSize, isMapped: mapped,
                               spaceBefore: spaceBefore, start: start, end: end, height: height, direction: direction)
    }

    /// The Latin ligatures of Unicode's Alphabetic Presentation Forms, as their letters.
    static func expandLigatures(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0xFB00...0xFB06).contains($0.value) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0xFB00: result += "ff"
            case 0xFB01: result += "fi"
            case 0xFB02: result += "fl"
            case 0xFB03: result += "ffi"
            case 0xFB04: result += "ffl"
            case 0xFB05, 0xFB06: result += "st"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The crop box's test of a glyph's centre, with the rectangle's edges read once per page
    /// rather than once per glyph: exactly `CGRect.contains(_:)` (Foundation's: nothing is in
    /// a null or empty rectangle; the low edges are in, the high edges out), which the
    /// compiler does not inline.
    struct VisibleArea {
        let isEmpty: Bool
        let minX: Double, maxX: Double, minY: Double, maxY: Double

        init(_ rect: CGRect) {
            isEmpty = rect.isNull || rect.isEmpty
            (minX, maxX, minY, maxY) = (Double(rect.minX), Double(rect.maxX), Double(rect.minY), Double(rect.maxY))
        }

        @inline(__always) func contains(_ x: Double, _ y: Double) -> Bool {
            !isEmpty && minX <= x && x < maxX && minY <= y && y < maxY
        }
    }

    /// Control characters, byte order marks and zero-width characters: not text to show.
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFEFF
            || (0x200B...0x200D).contains(scalar.value)
    }
}
