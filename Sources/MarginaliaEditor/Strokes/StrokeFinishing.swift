import Foundation
import Marginalia

/// What becomes of a finished stroke: the ink annotation it makes, and, when shape
/// recognition applies, the step that turns that ink into a shape.
///
/// The Draw tool and remote strokes (``EditorCommand/stroke(_:)``) both finish strokes here, so a stroke
/// drawn in the browser ends exactly as one drawn through the engine's own tools.
public enum StrokeFinishing {
    /// The ink annotation for `stroke` on page `pageIndex`: simplified for `zoom`, clipped to
    /// `pageBounds`, styled by `preset`; nil when nothing visible lies on the page.
    public static func ink(from stroke: StrokeBuilder, pageIndex: Int, preset: InkPreset, zoom: Double,
                           pageBounds: CGRect, author: String? = nil) -> PDFAnnotation? {
        guard let finished = stroke.finish(zoom: zoom) else { return nil }
        let pieces = StrokeClipping.clip(points: finished.points,
                                         pressures: preset.appliesPressure ? finished.pressures : nil, to: pageBounds)
        guard !pieces.isEmpty else { return nil }
        let pressures: [[Double]]? = preset.appliesPressure && pieces.allSatisfy({ $0.pressures != nil })
            ? pieces.map { $0.pressures ?? [] } : nil
        // A PDF colour has no alpha: the ink's transparency is its opacity (`/CA`), and a preset's
        // colour alpha (commands carry it) is left out, as the log and the file leave it out.
        var annotation = PDFAnnotation(kind: .ink(.init(paths: pieces.map(\.points), pressures: pressures, brush: preset.brush)), rect: .zero,
                                       color: preset.color.withAlpha(1), pageIndex: pageIndex)
        annotation.border.width = preset.width
        annotation.opacity = preset.opacity
        annotation.author = author
        return annotation
    }

    /// The step that replaces `ink` (already added) by the shape its single stroke confidently
    /// forms, in the ink's colour, width and opacity; nil when the stroke should stay ink.
    ///
    /// This is a separate undo step from adding the ink, so one undo brings the ink back.
    public static func recognition(of ink: PDFAnnotation) -> EditorOperation? {
        guard case .ink(let strokes) = ink.kind, strokes.paths.count == 1, let page = ink.pageIndex,
              let shape = ShapeRecognizer.recognize(strokes.paths[0]) else { return nil }
        let width = CGFloat(ink.border.width)
        var annotation = PDFAnnotation(kind: ShapeRecognizer.annotationKind(for: shape),
                                       rect: ShapeRecognizer.annotationRect(for: shape, lineWidth: width),
                                       color: ink.color, pageIndex: page)
        annotation.border.width = ink.border.width
        annotation.opacity = ink.opacity
        annotation.author = ink.author
        return .group(name: "recognize shape", [.removeAnnotation(ink), .addAnnotation(annotation)])
    }
}
