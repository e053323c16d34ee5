#if !hasFeature(Embedded)
import Foundation
#endif

extension AnnotationKind {
    /// Ink's strokes and how they look.
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

    /// A line's two ends and what is drawn at them.
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

    /// An open shape's vertices and what is drawn at its two ends.
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

    /// Free text's text and its font.
    public struct FreeText: Hashable, Sendable {
        /// Where the lines stand in the box (`/Q`).
        public enum Alignment: Int, Hashable, Sendable, CaseIterable {
            case left = 0, center = 1, right = 2

            /// The annotation JSON's name: `left`, `center` or `right`.
            public var jsonName: String {
                switch self {
                case .left: return "left"
                case .center: return "center"
                case .right: return "right"
                }
            }
        }

        /// The plain text (also stored as `/Contents`).
        public var text: String
        /// A standard-14 font name (`Helvetica`, `Times-Bold`...).
        public var font: String
        public var fontSize: Double
        public var textColor: Color
        public var alignment: Alignment
        /// The text's colour when none is named (the annotation JSON's `textColor`, `/DA`'s
        /// colour): black, as `/DA` without a colour operator draws (12.7.4.3).
        public static let defaultTextColor = Color.black
        /// The text's size when none is named (the annotation JSON's `fontSize`), in points.
        public static let defaultFontSize: Double = 12
        /// The largest size, in points, a command or the CLI may give a box; a file's box may
        /// be larger, drawn as given up to the ``CoordinateLimit``, and a change may keep its
        /// size (``Annotation/checkNewValues(keeping:path:)``).
        public static let maximumNewFontSize: Double = 1000
        /// What a refusal of a box's size says it expected.
        public static var fontSizeExpectation: String {
            "expected a size above 0 and at most \(JSONWriter.number(maximumNewFontSize)) points (a file's larger box may keep its size)"
        }
        /// `/RC` rich text (XHTML) as read; kept, not interpreted.
        public var richText: String?

        public init(text: String, font: String = "Helvetica", fontSize: Double = FreeText.defaultFontSize, textColor: Color = FreeText.defaultTextColor,
                    alignment: Alignment = .left, richText: String? = nil) {
            self.text = text
            self.font = font
            self.fontSize = fontSize
            self.textColor = textColor
            self.alignment = alignment
            self.richText = richText
        }
    }

    /// A sticky note's icon and whether its popup shows.
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

    /// A stamp's name, or its image and how the image is shown.
    public struct Stamp: Hashable, Sendable {
        /// `/Name`: Approved, Draft, Confidential... (ISO 32000-2, 12.5.6.12).
        public var name: String
        /// The PNG or JPEG file's bytes to show; nil for a named stamp or one read from a file
        /// (whose appearance stream is kept). Read from the annotation JSON in the engine
        /// (``Annotation/init(json:)``) it is nil too: the engine never draws the
        /// picture, and decoding its base64 for every stamp would cost the browser for nothing.
        /// The checked reading of a new annotation (``Annotation/init(checking:path:reading:)``)
        /// decodes it (``Base64/decode(_:)``).
        public var imageBytes: [UInt8]?
        /// Image stamps: the part of the image shown, as fractions of the image's width and
        /// height measured from its top-left corner (each 0...1); nil shows the whole image.
        /// Cropping is non-destructive: the image stays whole in the file and the appearance
        /// clips it, so the crop can be changed or removed later (kept under the private key).
        public var crop: CGRect?
        /// Image stamps: how far the image is turned clockwise, in degrees (0, 90, 180 or
        /// 270). `/Rect` is the turned image's box (kept under the private key).
        public var rotation: Int

        public init(name: String = "Draft", imageBytes: [UInt8]? = nil, crop: CGRect? = nil, rotation: Int = 0) {
            self.name = name
            self.imageBytes = imageBytes
            self.crop = crop
            self.rotation = rotation
        }

        /// Whether the stamp holds an image (and so has a border, a crop and a rotation).
        public var isImage: Bool { imageBytes != nil }
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

    /// The four kinds of text markup.
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
