import Foundation
import PDFCore

extension PDFAnnotation {
    /// What is particular to each subtype.
    public enum Kind: Hashable, Sendable {
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
        /// Link, Popup, Widget and every other subtype: kept as it is, never redrawn.
        case other(subtype: String)

        /// `/Subtype`'s name, from the vocabulary table (a subtype the table lacks as it was read).
        public var subtype: String { annotationSubtype?.pdfName ?? otherName }

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

    public struct Ink: Hashable, Sendable {
        /// Each stroke's points in page space, in drawing order.
        public var paths: [[CGPoint]]
        /// Optional per-point pressure (0...1) for each stroke, parallel to `paths`; when
        /// present the appearance is a filled outline of varying width.
        public var pressures: [[Double]]?
        /// How the strokes look (``InkBrush/pen`` by default); kept under the private key.
        public var brush: InkBrush

        public init(paths: [[CGPoint]], pressures: [[Double]]? = nil, brush: InkBrush = .pen) {
            self.paths = paths
            self.pressures = pressures
            self.brush = brush
        }
    }

    public struct Line: Hashable, Sendable {
        public var start: CGPoint
        public var end: CGPoint
        public var startEnding: LineEnding
        public var endEnding: LineEnding

        public init(start: CGPoint, end: CGPoint, startEnding: LineEnding = .none, endEnding: LineEnding = .none) {
            self.start = start
            self.end = end
            self.startEnding = startEnding
            self.endEnding = endEnding
        }
    }

    public struct PolyLine: Hashable, Sendable {
        public var vertices: [CGPoint]
        public var startEnding: LineEnding
        public var endEnding: LineEnding

        public init(vertices: [CGPoint], startEnding: LineEnding = .none, endEnding: LineEnding = .none) {
            self.vertices = vertices
            self.startEnding = startEnding
            self.endEnding = endEnding
        }
    }

    public struct FreeText: Hashable, Sendable {
        public enum Alignment: Int, Hashable, Sendable, CaseIterable {
            case left = 0, center = 1, right = 2
        }

        /// The plain text (also stored as `/Contents`).
        public var text: String
        /// A standard-14 font name (`Helvetica`, `Times-Bold`...).
        public var font: String
        public var fontSize: Double
        public var textColor: Color
        public var alignment: Alignment
        /// `/RC` rich text (XHTML) as read; kept, not interpreted.
        public var richText: String?

        public init(text: String, font: String = "Helvetica", fontSize: Double = 12, textColor: Color = .black,
                    alignment: Alignment = .left, richText: String? = nil) {
            self.text = text
            self.font = font
            self.fontSize = fontSize
            self.textColor = textColor
            self.alignment = alignment
            self.richText = richText
        }
    }

    public struct Note: Hashable, Sendable {
        /// `/Name`: Comment, Key, Note, Help, NewParagraph, Paragraph, Insert.
        public var icon: String
        /// `/Open`: whether its popup shows.
        public var isOpen: Bool

        public init(icon: String = "Note", isOpen: Bool = false) {
            self.icon = icon
            self.isOpen = isOpen
        }
    }

    public struct Stamp: Hashable, Sendable {
        /// `/Name`: Approved, Draft, Confidential... (ISO 32000-2, 12.5.6.12).
        public var name: String
        /// PNG or JPEG data to show; nil for a named stamp or one read from a file (whose
        /// appearance stream is kept).
        public var imageData: Data?
        /// Image stamps: the part of the image shown, as fractions of the image's width and
        /// height measured from its top-left corner (each 0...1); nil shows the whole image.
        /// Cropping is non-destructive: the image stays whole in the file and the appearance
        /// clips it, so the crop can be changed or removed later (kept under the private key).
        public var crop: CGRect?
        /// Image stamps: how far the image is turned clockwise, in degrees (0, 90, 180 or
        /// 270). `/Rect` is the turned image's box (kept under the private key).
        public var rotation: Int

        public init(name: String = "Draft", imageData: Data? = nil, crop: CGRect? = nil, rotation: Int = 0) {
            self.name = name
            self.imageData = imageData
            self.crop = crop
            self.rotation = rotation
        }

        /// Whether the stamp shows an image (and so has a border, a crop and a rotation).
        public var isImage: Bool { imageData != nil }
    }

    /// What a redaction mark covers and what is drawn in its place once applied.
    public struct Redact: Hashable, Sendable {
        /// The quadrilaterals of text it covers; empty when it covers its whole `/Rect` (an area).
        public var quads: [Quad]
        /// `/OverlayText`: drawn in the overlay once the redaction is applied.
        public var overlayText: String?
        /// `/Repeat`: whether the overlay text is repeated to fill the area.
        public var repeatsOverlayText: Bool

        public init(quads: [Quad] = [], overlayText: String? = nil, repeatsOverlayText: Bool = false) {
            self.quads = quads
            self.overlayText = overlayText
            self.repeatsOverlayText = repeatsOverlayText
        }
    }

    public enum TextMarkup: Hashable, Sendable, CaseIterable {
        case highlight, underline, strikeOut, squiggly

        /// Its row of the vocabulary table.
        public var subtype: AnnotationSubtype {
            switch self {
            case .highlight: return .highlight
            case .underline: return .underline
            case .strikeOut: return .strikeOut
            case .squiggly: return .squiggly
            }
        }

        /// The markup of a subtype; nil for a subtype that is no text markup.
        public init?(subtype: AnnotationSubtype) {
            guard let found = Self.allCases.first(where: { $0.subtype == subtype }) else { return nil }
            self = found
        }
    }

    /// A quadrilateral of `/QuadPoints`, in the order the spec gives and every viewer
    /// expects: upper-left, upper-right, lower-left, lower-right.
    public struct Quad: Hashable, Sendable {
        public var points: [CGPoint]

        public init(points: [CGPoint]) { self.points = points }

        /// The quad covering `rect`.
        public init(rect: CGRect) {
            points = [CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
                      CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY)]
        }
    }
}
