/// The keys of one annotation JSON object (docs/annotations-json.md), in the order the
/// writing hands them to its sink: the list of names that the one reading, checked or lenient
/// (``AnnotationJSONFields/init(json:path:reading:)``), the writing
/// (``AnnotationJSONFields/write(to:)``) and the capability checks all use: each key is
/// spelt once, here, so a misspelt one does not compile.
public enum AnnotationJSONKey: String, CaseIterable, Sendable {
    case type, pageIndex, id, rect, color, fill, opacity, width, borderStyle, dash
    case contents, author, subject, creationDate, modificationDate, flags
    /// Written only: true when another application drew the appearance.
    case foreignAppearance
    // threads and review states
    case inReplyTo, replyType, state, stateModel
    // ink
    case paths, pressures, brush
    // line, polygon, polyline
    case points, lineEndings
    // free text
    case text, font, fontSize, textColor, alignment, richText
    // note
    case icon, open
    // stamp
    case name, image, crop, rotation
    // text markup and redact
    case quads
    // redact
    case overlayText, repeatOverlayText
}
