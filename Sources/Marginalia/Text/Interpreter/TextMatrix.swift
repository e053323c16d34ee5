import Foundation
import PDFCore

/// A PDF transformation matrix `[a b c d e f]` (ISO 32000-2, 8.3.3): a point (x, y) goes to
/// (a·x + c·y + e, b·x + d·y + f). Kept apart from Foundation's `AffineTransform` so the text
/// interpreter's inner loop works on plain doubles.
struct TextMatrix: Equatable, Sendable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

    static let identity = TextMatrix()

    init() {}

    init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    /// Six numbers, as in `cm`, `Tm` or a `/Matrix` array; nil unless all are finite numbers.
    init?(_ operands: [PDFObject]) {
        guard operands.count >= 6 else { return nil }
        let numbers = operands.suffix(6).compactMap(\.numberValue)
        guard numbers.count == 6, numbers.allSatisfy(\.isFinite) else { return nil }
        self.init(numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
    }

    /// `self` then `other`: the matrix that applies this one first (PDF's `M × N`).
    func concatenating(_ other: TextMatrix) -> TextMatrix {
        TextMatrix(a * other.a + b * other.c, a * other.b + b * other.d,
                   c * other.a + d * other.c, c * other.b + d * other.d,
                   e * other.a + f * other.c + other.e, e * other.b + f * other.d + other.f)
    }

    func apply(_ x: Double, _ y: Double) -> CGPoint {
        CGPoint(x: a * x + c * y + e, y: b * x + d * y + f)
    }

    /// A translation by (x, y) before this matrix.
    func translated(_ x: Double, _ y: Double) -> TextMatrix {
        TextMatrix(a, b, c, d, x * a + y * c + e, x * b + y * d + f)
    }
}
