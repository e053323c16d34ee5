import Foundation
import Marginalia

/// The two erasers: the stroke eraser removes every annotation whose geometry the eraser
/// touches (by outline, never by bounding box); the segment eraser cuts ink strokes exactly
/// where the eraser's swept circle crosses them, keeping the pieces with their colour,
/// width, opacity, author and dates (issue 5, Tools).
public struct Eraser: Sendable, Equatable {
    /// Whole annotations or the parts of ink under the sweep (``EraserMode``, in the core).
    public typealias Mode = EraserMode

    public var mode: Mode
    /// The eraser's diameter in page points.
    public var size: Double

    public init(mode: Mode = .stroke, size: Double = 10) {
        self.mode = mode
        self.size = size
    }

    /// The operation that erases what a sweep from `a` to `b` (page space) touches on page
    /// `pageIndex`, or nil when it touches nothing. A tap is a sweep with `a == b`. The
    /// operation is not applied: the caller applies and records it (one undo step).
    public func erase(from a: CGPoint, to b: CGPoint, onPage pageIndex: Int, in document: PDFDocument) throws -> EditorOperation? {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, size.isFinite, size > 0 else { return nil }
        let sweep = BezierPath(polyline: [a, b], closed: false)
        let touched = try document.annotations(touching: sweep, width: CGFloat(size), onPage: pageIndex)
            .filter { !$0.flags.contains(.locked) && !$0.flags.contains(.readOnly) }
        switch mode {
        case .stroke:
            let removals = touched.filter { $0.kind.isDrawable }.map(EditorOperation.removeAnnotation)
            return removals.isEmpty ? nil : .group(name: "erase", removals)
        case .segment:
            var operations: [EditorOperation] = []
            for annotation in touched {
                guard case .ink(let ink) = annotation.kind else { continue }
                let pieces = Eraser.cut(ink, from: a, to: b, radius: CGFloat(size) / 2)
                guard pieces != ink else { continue }
                operations.append(.removeAnnotation(annotation))
                if !pieces.paths.isEmpty {
                    var rest = annotation
                    rest.id = UUID().uuidString.lowercased()
                    rest.kind = .ink(pieces)
                    rest.modificationDate = Date()
                    operations.append(.addAnnotation(rest))
                }
            }
            return operations.isEmpty ? nil : .group(name: "erase", operations)
        }
    }

    /// The parts of `ink` outside the capsule swept by a circle of `radius` from `a` to `b`,
    /// cut at the exact crossings; pressure is interpolated at the cuts.
    static func cut(_ ink: PDFAnnotation.Ink, from a: CGPoint, to b: CGPoint, radius: CGFloat) -> PDFAnnotation.Ink {
        var paths: [[CGPoint]] = []
        var pressures: [[Double]] = []
        for (index, stroke) in ink.paths.enumerated() {
            let strokePressures = ink.pressures.flatMap { index < $0.count ? $0[index].map { CGFloat($0) } : nil }
            for piece in SegmentGeometry.splitPositions(polyline: stroke, outsideCapsule: a, b: b, radius: radius) {
                let points = piece.compactMap { $0.point(in: stroke) }
                guard !points.isEmpty else { continue }
                paths.append(points)
                if let strokePressures {
                    pressures.append(piece.compactMap { $0.interpolate(strokePressures) }.map { Double($0) })
                }
            }
        }
        return PDFAnnotation.Ink(paths: paths, pressures: ink.pressures == nil ? nil : pressures)
    }
}
