#if !hasFeature(Embedded)
import Foundation
#endif

/// What is particular to each kind of annotation: the one model of it, shared by the document
/// model and the editor engine (``Annotation/kind``; `PDFAnnotation.Kind` is this type)
/// and the browser's WebAssembly engine. Its payloads (``Ink``, ``Line``, ``Stamp``...) are
/// nested in it; every name of a kind comes from the vocabulary table (``AnnotationSubtype``).
public enum AnnotationKind: Hashable, Sendable {
    /// Freehand strokes: `/InkList`.
    case ink(Ink)
    case square
    case circle
    /// A straight line: `/L` and `/LE`.
    case line(Line)
    /// A closed shape: `/Vertices`.
    case polygon(vertices: [CGPoint])
    /// An open shape: `/Vertices` and `/LE`.
    case polyLine(PolyLine)
    /// Text drawn on the page.
    case freeText(FreeText)
    /// A sticky note (`/Text`).
    case note(Note)
    /// A stamp: an image, or a named standard stamp.
    case stamp(Stamp)
    /// Highlight, underline, strike-out or squiggly over quadrilaterals of text.
    case textMarkup(TextMarkup, quads: [Quad])
    /// Content marked for removal (`/Redact`, ISO 32000-2, 12.5.6.23): `/QuadPoints` over
    /// text, or the whole `/Rect` when there are none; `/IC` is the overlay's colour.
    case redact(Redact)
    /// Link, Popup, Widget and every other subtype: kept as it is, never redrawn nor edited.
    /// `subtype` is `/Subtype`'s name as the file spells it.
    case other(subtype: String)

    /// `/Subtype`'s name, from the vocabulary table (a subtype the table lacks as it was read).
    public var subtype: String { annotationSubtype?.pdfName ?? otherName }

    /// The annotation JSON's `type`: the vocabulary table's, or a subtype the table lacks
    /// lowercased (``AnnotationSubtype/jsonType(ofPDFName:)``).
    public var jsonType: String { annotationSubtype?.jsonType ?? AnnotationSubtype.jsonType(ofPDFName: otherName) }

    /// The kind's row of the vocabulary table; nil for a subtype the standard does not have.
    public var annotationSubtype: AnnotationSubtype? {
        switch self {
        case .ink: return .ink
        case .square: return .square
        case .circle: return .circle
        case .line: return .line
        case .polygon: return .polygon
        case .polyLine: return .polyLine
        case .freeText: return .freeText
        case .note: return .note
        case .stamp: return .stamp
        case .textMarkup(let markup, _): return markup.subtype
        case .redact: return .redact
        case .other(let name): return AnnotationSubtype(pdfName: name)
        }
    }

    /// Whether a property may be set on the kind (the vocabulary table's capabilities). A
    /// kind Marginalia keeps as it is (``other(subtype:)``) is not judged.
    public func allows(_ capability: AnnotationCapabilities) -> Bool {
        if case .other = self { return true }
        return annotationSubtype?.capabilities.contains(capability) ?? true
    }

    private var otherName: String {
        if case .other(let name) = self { return name }
        return ""
    }
}

extension AnnotationKind {
    /// The kind with its points (ink paths, line ends, vertices, quadrilaterals) carried by
    /// `transform`: what a move or resize does to the geometry. Kinds drawn in their rect
    /// (squares, circles, text, notes, stamps) have no points of their own and stay as they are.
    public func carried(by transform: AffineTransform) -> AnnotationKind {
        func map(_ points: [CGPoint]) -> [CGPoint] { points.map { transform.transform($0) } }
        func map(_ quads: [Quad]) -> [Quad] { quads.map { Quad(points: map($0.points)) } }
        switch self {
        case .ink(var ink):
            ink.paths = ink.paths.map(map)
            return .ink(ink)
        case .line(var line):
            line.start = transform.transform(line.start)
            line.end = transform.transform(line.end)
            return .line(line)
        case .polygon(let vertices):
            return .polygon(vertices: map(vertices))
        case .polyLine(var polyLine):
            polyLine.vertices = map(polyLine.vertices)
            return .polyLine(polyLine)
        case .textMarkup(let markup, let quads):
            return .textMarkup(markup, quads: map(quads))
        case .redact(var redact):
            redact.quads = map(redact.quads)
            return .redact(redact)
        case .square, .circle, .freeText, .note, .stamp, .other:
            return self
        }
    }
}
