import Foundation
import PDFCore

/// Draws the normal appearance of every subtype Marginalia creates or edits, one function
/// per subtype (the MuPDF pattern), and computes the `/Rect` that covers the whole drawing,
/// line width and line endings included. Rules kept everywhere: nothing is drawn outside
/// the returned bounds; borders are centred on the shape's outline, inside `/Rect`.
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
        case .square, .circle: appearance = shape(annotation)
        case .line(let line): appearance = self.line(annotation, line)
        case .polygon(let vertices): appearance = polygon(annotation, vertices, closed: true, endings: (.none, .none))
        case .polyLine(let p): appearance = polygon(annotation, p.vertices, closed: false, endings: (p.startEnding, p.endEnding))
        case .ink(let ink): appearance = self.ink(annotation, ink)
        case .textMarkup(let markup, let quads): appearance = self.markup(annotation, markup, quads)
        case .note(let note): appearance = self.note(annotation, note)
        case .freeText(let text): appearance = try freeText(annotation, text)
        case .stamp(let stamp): appearance = try self.stamp(annotation, stamp)
        case .redact(let redact): appearance = self.redact(annotation, redact)
        case .other: return nil
        }
        return Result(stream: appearance.stream(), rect: appearance.pageRect ?? appearance.bounds)
    }

    /// Stroke settings shared by shapes, lines and ink.
    static func applyStroke(_ a: PDFAnnotation, _ content: inout ContentStreamBuilder) {
        content.lineWidth(a.border.width)
        if a.border.style == .dashed && !a.border.dashPattern.isEmpty {
            content.dash(a.border.dashPattern.map { max(0, $0) })
        }
        if let color = a.color { content.strokeColor(color.pdfComponents) }
        if let fill = a.interiorColor { content.fillColor(fill.pdfComponents) }
    }

    /// Paints the current path: filled with `/IC` when set, stroked with `/C` when set and
    /// the border has width.
    static func paint(_ a: PDFAnnotation, closed: Bool, _ content: inout ContentStreamBuilder) {
        let stroke = a.color != nil && a.border.width > 0
        let fill = closed && a.interiorColor != nil
        switch (fill, stroke) {
        case (true, true): content.fillAndStroke()
        case (true, false): content.fill()
        case (false, true): content.stroke()
        case (false, false): content.endPath()
        }
    }

    // MARK: - Square and circle

    private func shape(_ a: PDFAnnotation) -> AppearanceStream {
        var appearance = AppearanceStream(bounds: a.rect)
        appearance.setOpacity(a.opacity)
        AppearanceBuilder.applyStroke(a, &appearance.content)
        let inset = a.color != nil ? a.border.width / 2 : 0
        let box = a.rect.insetBy(dx: min(inset, a.rect.width / 2), dy: min(inset, a.rect.height / 2))
        if case .circle = a.kind {
            AppearanceBuilder.ellipse(in: box, &appearance.content)
        } else {
            appearance.content.rectangle(box)
        }
        AppearanceBuilder.paint(a, closed: true, &appearance.content)
        return appearance
    }

    /// Four cubic arcs approximating the ellipse inscribed in `r`.
    static func ellipse(in r: CGRect, _ content: inout ContentStreamBuilder) {
        let k: CGFloat = 0.5522847498
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        content.move(CGPoint(x: cx + rx, y: cy))
        content.curve(CGPoint(x: cx + rx, y: cy + k * ry), CGPoint(x: cx + k * rx, y: cy + ry), CGPoint(x: cx, y: cy + ry))
        content.curve(CGPoint(x: cx - k * rx, y: cy + ry), CGPoint(x: cx - rx, y: cy + k * ry), CGPoint(x: cx - rx, y: cy))
        content.curve(CGPoint(x: cx - rx, y: cy - k * ry), CGPoint(x: cx - k * rx, y: cy - ry), CGPoint(x: cx, y: cy - ry))
        content.curve(CGPoint(x: cx + k * rx, y: cy - ry), CGPoint(x: cx + rx, y: cy - k * ry), CGPoint(x: cx + rx, y: cy))
        content.closePath()
    }

    // MARK: - Lines, polygons and polylines

    private func line(_ a: PDFAnnotation, _ line: PDFAnnotation.Line) -> AppearanceStream {
        polygon(a, [line.start, line.end], closed: false, endings: (line.startEnding, line.endEnding))
    }

    private func polygon(_ a: PDFAnnotation, _ vertices: [CGPoint], closed: Bool,
                         endings: (LineEnding, LineEnding)) -> AppearanceStream {
        let points = vertices.filter { $0.x.isFinite && $0.y.isFinite }
        let width = a.border.width
        let endingSize = LineEndingDrawer.size(forLineWidth: width)
        let hasEndings = !closed && (endings.0 != .none || endings.1 != .none)
        let margin = width / 2 + (hasEndings ? endingSize : 0) + 1
        var appearance = AppearanceStream(bounds: CGRect.bounding(points).expanded(by: margin))
        appearance.setOpacity(a.opacity)
        AppearanceBuilder.applyStroke(a, &appearance.content)
        appearance.content.lineJoin(closed ? 0 : 1)
        guard let first = points.first else { return appearance }
        appearance.content.move(first)
        for p in points.dropFirst() { appearance.content.line(p) }
        if closed { appearance.content.closePath() }
        AppearanceBuilder.paint(a, closed: closed, &appearance.content)
        if hasEndings, points.count >= 2 {
            let drawer = LineEndingDrawer(size: endingSize, fill: a.interiorColor != nil)
            drawer.draw(endings.0, tip: points[0], from: points[1], &appearance.content)
            drawer.draw(endings.1, tip: points[points.count - 1], from: points[points.count - 2], &appearance.content)
        }
        return appearance
    }
}
