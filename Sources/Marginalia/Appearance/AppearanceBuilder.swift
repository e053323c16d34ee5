import Foundation
import PDFCore

/// Draws the normal appearance of every subtype Marginalia creates or edits, one function
/// per subtype (the MuPDF pattern), and computes the `/Rect` that covers the whole drawing,
/// line width and line endings included. Text markup, squares, circles, lines, polylines and
/// polygons are the core's ``AnnotationDrawing``, which the browser draws too
/// (`AppearanceBuilder+Drawing.swift`). Rules kept everywhere: nothing is drawn outside the
/// returned bounds; borders are centred on the shape's outline, inside `/Rect`.
struct AppearanceBuilder {
    /// Stores objects an appearance needs besides itself (images, soft masks).
    var addObject: (PDFObject) -> PDFReference
    /// The page's `/Rotate`: text, notes and stamps are drawn upright for the reader.
    var pageRotation: Int = 0
    /// An image already in the file with these objects' bytes, to refer to instead of storing
    /// another copy (an image stamp moved, turned or cropped keeps its one image).
    var storedImage: (ImageXObjects) -> PDFReference? = { _ in nil }
    /// Whether text is drawn only in embedded fonts (the standard fonts' URW clones, Nimbus
    /// Sans for Helvetica, with the script fonts), as a document that claims PDF/A needs.
    var embedsFonts = false

    struct Result {
        var stream: PDFStream
        /// The `/Rect` the annotation must have.
        var rect: CGRect
    }

    /// The appearance of `annotation`, or nil for subtypes whose appearance is kept as read.
    func build(for annotation: PDFAnnotation) throws -> Result? {
        let appearance: AppearanceStream
        switch annotation.kind {
        case .square, .circle, .line, .polygon, .polyLine, .textMarkup, .redact:
            // Drawn once (AnnotationDrawing, in the core): the browser draws the same marks.
            guard let drawing = AnnotationDrawing(annotation.annotation) else { return nil }
            appearance = self.appearance(of: drawing, annotation)
        case .ink(let ink): appearance = self.ink(annotation, ink)
        case .note(let note): appearance = self.note(annotation, note)
        case .freeText(let text): appearance = try freeText(annotation, text)
        case .stamp(let stamp): appearance = try self.stamp(annotation, stamp)
        case .other: return nil
        }
        return Result(stream: appearance.stream(), rect: appearance.pageRect ?? appearance.bounds)
    }

    /// Four cubic arcs approximating the ellipse inscribed in `r` (``BezierPath/init(ovalIn:)``).
    static func ellipse(in r: CGRect, _ content: inout ContentStreamBuilder) {
        content.append(BezierPath(ovalIn: r))
    }
}
