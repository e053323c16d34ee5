import Foundation
import Marginalia

// The two interactions a client records whole, a stroke and an eraser sweep, finished with the
// code the engine's own tools use: a stroke is smoothed, simplified for the zoom and clipped
// to its page; a sweep cuts or removes what it touches by geometry.

extension EditorCommand {
    /// The steps a stroke becomes, not yet applied: nothing (a stroke wholly off its page),
    /// the ink, or for a recognised shape the ink followed by the step that turns it into the
    /// shape (so one undo brings the ink back). The samples were checked with the command.
    static func steps(of stroke: Stroke, on document: PDFDocument, author: String?) throws -> [EditorOperation] {
        // Only the crop box: reading the annotations of a page holding thousands of strokes
        // would cost more than finishing the stroke.
        let bounds = try document.page(at: stroke.pageIndex, readingAnnotations: false).bounds(for: .cropBox)
        var builder = StrokeBuilder(width: stroke.ink.width)
        builder.append(stroke.samples)
        guard let ink = StrokeFinishing.ink(from: builder, pageIndex: stroke.pageIndex, preset: stroke.ink,
                                            zoom: stroke.zoom, pageBounds: bounds, author: stroke.author ?? author) else { return [] }
        guard stroke.recognizeShape, let recognition = StrokeFinishing.recognition(of: ink) else { return [.addAnnotation(ink)] }
        return [.addAnnotation(ink), recognition]
    }

    /// Applies an eraser sweep piece by piece, each piece seeing the page as the previous ones
    /// left it (a stroke touched twice is removed once, a cut piece can be cut again), and
    /// returns it as one step, already applied: a `group` "erase", or nothing when it touched
    /// nothing. An annotation it removes takes its comment thread with it.
    ///
    /// - Throws: what a piece's step throws; the pieces applied before are taken back, so the
    ///   document is then unchanged.
    static func apply(_ erase: Erase, to document: PDFDocument) throws -> [EditorOperation] {
        let eraser = Eraser(mode: erase.mode, size: erase.size)
        var pieces: [EditorOperation] = []
        do {
            for index in erase.points.indices {
                let from = erase.points[max(0, index - 1)]
                guard let piece = try eraser.erase(from: from, to: erase.points[index], onPage: erase.pageIndex, in: document) else {
                    continue
                }
                // Expanded before it is applied, while the removed annotations' replies still
                // point at them.
                for step in try removingThreads([piece], in: document) { pieces.append(try step.apply(to: document)) }
            }
        } catch {
            for piece in pieces.reversed() { _ = try? piece.inverse.apply(to: document, dating: .replayed(Date())) }
            throw error
        }
        let operations = pieces.flatMap { piece -> [EditorOperation] in
            if case .group(_, let inner) = piece { return inner }
            return [piece]
        }
        return operations.isEmpty ? [] : [.group(name: "erase", operations)]
    }
}
