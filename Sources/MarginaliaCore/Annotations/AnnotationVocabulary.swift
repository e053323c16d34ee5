#if !hasFeature(Embedded)
import Foundation
#endif

/// What may be set on an annotation of a kind, in the manner of MuPDF's `pdf-annot.c`
/// capability lists: a property set on a kind without it is refused where it is set (the
/// annotation JSON, XFDF), never written to a file where a viewer would not look for it.
/// Each flag names the keys of ISO 32000-2, 12.5.6 it stands for.
public struct AnnotationCapabilities: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A markup annotation (12.5.6.2): an author, a subject, replies and review states.
    public static let markup = AnnotationCapabilities(rawValue: 1 << 0)
    /// `/BS`: a border or stroke of a width and style.
    public static let border = AnnotationCapabilities(rawValue: 1 << 1)
    /// `/BE`: a cloudy border.
    public static let borderEffect = AnnotationCapabilities(rawValue: 1 << 2)
    /// `/IC`: an interior colour (a fill, a line's arrow heads, a redaction's overlay).
    public static let interiorColor = AnnotationCapabilities(rawValue: 1 << 3)
    /// `/LE`: line endings at the start and end.
    public static let lineEndings = AnnotationCapabilities(rawValue: 1 << 4)
    /// `/L`: the two points of a line.
    public static let line = AnnotationCapabilities(rawValue: 1 << 5)
    /// `/Vertices`: the points of a polygon or polyline.
    public static let vertices = AnnotationCapabilities(rawValue: 1 << 6)
    /// `/QuadPoints`: quadrilaterals over text.
    public static let quadPoints = AnnotationCapabilities(rawValue: 1 << 7)
    /// `/InkList`: freehand strokes.
    public static let inkList = AnnotationCapabilities(rawValue: 1 << 8)
    /// `/Name`: an icon (a note's, a stamp's, an attachment's).
    public static let icon = AnnotationCapabilities(rawValue: 1 << 9)
    /// `/Open`: whether its popup shows.
    public static let open = AnnotationCapabilities(rawValue: 1 << 10)
    /// `/RC` as Marginalia reads and writes it: the rich text of free text.
    public static let richText = AnnotationCapabilities(rawValue: 1 << 11)
    /// `/DA`: a default appearance (font, size, colour) for text it draws.
    public static let defaultAppearance = AnnotationCapabilities(rawValue: 1 << 12)
    /// `/OverlayText` and `/Repeat`: what a redaction leaves in place of what it removes.
    public static let overlayText = AnnotationCapabilities(rawValue: 1 << 13)

    /// The JSON names of the flags (the engine's `annotationVocabulary` answer), in bit order.
    public static let names: [(String, AnnotationCapabilities)] = [
        ("markup", .markup), ("border", .border), ("borderEffect", .borderEffect), ("interiorColor", .interiorColor),
        ("lineEndings", .lineEndings), ("line", .line), ("vertices", .vertices), ("quadPoints", .quadPoints),
        ("inkList", .inkList), ("icon", .icon), ("open", .open), ("richText", .richText),
        ("defaultAppearance", .defaultAppearance), ("overlayText", .overlayText),
    ]
}

/// The one table of annotation names: per kind its PDF subtype, its annotation JSON `type`, its
/// XFDF element, its label for people, what may be set on it and whether Marginalia models it
/// (reads its geometry and draws its appearance). docs/engine.md shows it.
public enum AnnotationVocabulary {
    /// One row of the table.
    public struct Entry: Sendable {
        /// The kind the row names.
        public let subtype: AnnotationSubtype
        /// `/Subtype`'s name (ISO 32000-2, table 171).
        public let pdfName: String
        /// The annotation JSON's `type`; for the kinds Marginalia does not model, the PDF name
        /// lowercased (docs/annotations-json.md).
        public let jsonType: String
        /// The element of ISO 19444-1's `annots`; nil when XFDF has none.
        public let xfdfElement: String?
        /// The key of the editor's message catalogs (Web/i18n) that names the kind; nil for
        /// the kinds the editor lists by their type.
        public let labelKey: String?
        /// The kind in English, for what has no catalog (the comment summary of a flattened file).
        public let label: String
        /// What may be set on the kind.
        public let capabilities: AnnotationCapabilities
        /// Whether Marginalia models the kind: reads its geometry, draws its appearance,
        /// creates it from the annotation JSON and XFDF. Other kinds are kept as they are.
        public let isModelled: Bool
        /// Whether readers draw the kind from its keys when the file gives it no appearance
        /// stream: pdf.js 6, Poppler, MuPDF and PDFium each make one for these (their colour,
        /// width, points or quadrilaterals). The editor leaves such an annotation to pdf.js, as
        /// any reader shows it, rather than drawing the appearance Marginalia would write.
        public var readersDrawWithoutAppearance: Bool {
            switch subtype {
            case .line, .square, .circle, .polygon, .polyLine, .highlight, .underline, .squiggly, .strikeOut, .ink: return true
            default: return false
            }
        }
    }

    /// The rows, in the order of ISO 32000-2's table 171 (Redact and Projection from PDF 2.0 last).
    public static let entries: [Entry] = [
        row(.note, "Text", "note", xfdf: "text", label: "Note", [.markup, .icon, .open], modelled: true),
        row(.link, "Link", "link", xfdf: "link", label: "Link", [.border, .quadPoints]),
        row(.freeText, "FreeText", "freeText", xfdf: "freetext", label: "Text box",
            [.markup, .border, .borderEffect, .lineEndings, .richText, .defaultAppearance], modelled: true),
        row(.line, "Line", "line", xfdf: "line", label: "Line", [.markup, .border, .interiorColor, .lineEndings, .line], modelled: true),
        row(.square, "Square", "square", xfdf: "square", label: "Rectangle", [.markup, .border, .borderEffect, .interiorColor], modelled: true),
        row(.circle, "Circle", "circle", xfdf: "circle", label: "Ellipse", [.markup, .border, .borderEffect, .interiorColor], modelled: true),
        row(.polygon, "Polygon", "polygon", xfdf: "polygon", label: "Polygon",
            [.markup, .border, .borderEffect, .interiorColor, .vertices], modelled: true),
        row(.polyLine, "PolyLine", "polyline", xfdf: "polyline", label: "Polyline",
            [.markup, .border, .interiorColor, .lineEndings, .vertices], modelled: true),
        row(.highlight, "Highlight", "highlight", xfdf: "highlight", label: "Highlight", [.markup, .quadPoints], modelled: true),
        row(.underline, "Underline", "underline", xfdf: "underline", label: "Underline", [.markup, .quadPoints], modelled: true),
        row(.squiggly, "Squiggly", "squiggly", xfdf: "squiggly", label: "Squiggly", [.markup, .quadPoints], modelled: true),
        row(.strikeOut, "StrikeOut", "strikeOut", xfdf: "strikeout", label: "Strike-out", [.markup, .quadPoints], modelled: true),
        row(.caret, "Caret", "caret", xfdf: "caret", label: "Caret", [.markup], labelKey: "type.caret"),
        row(.stamp, "Stamp", "stamp", xfdf: "stamp", label: "Stamp", [.markup, .icon], modelled: true),
        row(.ink, "Ink", "ink", xfdf: "ink", label: "Drawing", [.markup, .border, .inkList], modelled: true),
        row(.popup, "Popup", "popup", xfdf: "popup", label: "Popup", [.open]),
        row(.fileAttachment, "FileAttachment", "fileattachment", xfdf: "fileattachment", label: "Attachment", [.markup, .icon],
            labelKey: "type.fileAttachment"),
        row(.sound, "Sound", "sound", xfdf: "sound", label: "Sound", [.markup, .icon], labelKey: "type.sound"),
        row(.movie, "Movie", "movie", label: "Movie", []),
        row(.screen, "Screen", "screen", label: "Screen", []),
        row(.widget, "Widget", "widget", label: "Widget", [.border, .defaultAppearance]),
        row(.printerMark, "PrinterMark", "printermark", label: "PrinterMark", []),
        row(.trapNet, "TrapNet", "trapnet", label: "TrapNet", []),
        row(.watermark, "Watermark", "watermark", label: "Watermark", []),
        row(.threeD, "3D", "3d", label: "3D", []),
        row(.richMedia, "RichMedia", "richmedia", label: "RichMedia", []),
        row(.redact, "Redact", "redact", xfdf: "redact", label: "Redact",
            [.markup, .quadPoints, .interiorColor, .overlayText, .defaultAppearance], modelled: true),
        row(.projection, "Projection", "projection", label: "Projection", [.markup]),
    ]

    /// The row of a kind.
    public static func entry(_ subtype: AnnotationSubtype) -> Entry {
        // Every case has a row (AnnotationVocabularyTests checks it); the first row stands in
        // should one be missing, so a lookup never traps in the browser's engine.
        entries.first { $0.subtype == subtype } ?? entries[0]
    }

    /// The rows of the modelled kinds that have any of `capabilities`: what a refusal names
    /// ("only line, square, circle... do").
    public static func modelledEntries(havingAnyOf capabilities: AnnotationCapabilities) -> [Entry] {
        entries.filter { $0.isModelled && !$0.capabilities.isDisjoint(with: capabilities) }
    }

    /// A row; a modelled kind's label key is `type.` and its JSON type.
    private static func row(_ subtype: AnnotationSubtype, _ pdfName: String, _ jsonType: String, xfdf: String? = nil, label: String,
                            _ capabilities: AnnotationCapabilities, modelled: Bool = false, labelKey: String? = nil) -> Entry {
        let key = labelKey ?? (modelled ? "type." + jsonType : nil)
        return Entry(subtype: subtype, pdfName: pdfName, jsonType: jsonType, xfdfElement: xfdf, labelKey: key, label: label,
                     capabilities: capabilities, isModelled: modelled)
    }
}
