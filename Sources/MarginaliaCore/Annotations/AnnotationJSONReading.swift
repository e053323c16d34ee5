#if !hasFeature(Embedded)
import Foundation
#endif

/// How the annotation JSON is read (docs/engine.md, "One model"): one reading
/// (``AnnotationJSONFields/init(json:path:reading:)`` then
/// ``Annotation/init(checking:path:reading:)``), in two modes. `checked` reads a new
/// annotation, for the API, the CLI, the operation log and XFDF's bridge: every field, every
/// range, the defaults Marginalia writes. `lenient` reads the annotations of an open document
/// as the server sends them, for the engine in the browser (``Annotation/init(json:)``, and
/// the bridge's `annotationDrawing`, which draws the same annotations while they are edited
/// and drafts of new ones): a file another application wrote may hold what a new annotation
/// may not, and the engine must still hit, select, erase and draw it. `kept` reads back what
/// Marginalia wrote of an annotation it holds (the operation log, a replica's copy, the
/// `before` and `after` of a change): checked, but for the values and the threads a file's
/// annotation may have and a new one may not, so that moving, changing or removing a file's
/// box set at 1,500 points is logged and read back after a restart, and without defaults, so
/// that what the writing left out (a square without `/C`) reads back as absent, not black. Where the readings differ is
/// ``AnnotationJSONLeniency``, and nowhere else. An `id` and a `pageIndex` are optional in
/// all: the engine requires them of what it keeps, before it reads.
public enum AnnotationJSONReading: Sendable {
    case checked
    case lenient
    case kept

    /// Whether this reading is lenient in `way`: the lenient reading is in every way of
    /// ``AnnotationJSONLeniency``, the checked one in none, the kept one in the values, the
    /// threads and the defaults (``AnnotationJSONLeniency/widerValues``,
    /// ``AnnotationJSONLeniency/threadsUnchecked``, ``AnnotationJSONLeniency/noDefaults``).
    func tolerates(_ way: AnnotationJSONLeniency) -> Bool {
        switch self {
        case .checked: return false
        case .lenient: return true
        case .kept: return way == .widerValues || way == .threadsUnchecked || way == .noDefaults
        }
    }

    /// Whether this reading reads `key` of an annotation of `subtype` (nil for a subtype the
    /// model does not know): the checked reading reads every key; the lenient one neither
    /// the fields another kind has (``AnnotationJSONLeniency/otherKindsFieldsUnread``) nor
    /// the dates and a stamp's picture (``AnnotationJSONLeniency/datesAndPictureUnread``).
    func reads(_ key: AnnotationJSONKey, of subtype: AnnotationSubtype?) -> Bool {
        guard self == .lenient else { return true }
        switch key {
        case .creationDate, .modificationDate, .image, .foreignAppearance: return false
        case .paths, .pressures, .brush: return subtype == .ink
        case .points: return subtype == .line || subtype == .polygon || subtype == .polyLine
        case .lineEndings: return subtype == .line || subtype == .polyLine
        case .text, .font, .fontSize, .textColor, .alignment, .richText: return subtype == .freeText
        case .icon, .open: return subtype == .note
        case .name, .crop, .rotation: return subtype == .stamp
        case .quads: return subtype.flatMap { AnnotationKind.TextMarkup(subtype: $0) } != nil || subtype == .redact
        case .overlayText, .repeatOverlayText: return subtype == .redact
        default: return true
        }
    }

    /// Whether `value` may be a coordinate: within the ``CoordinateLimit``, or only finite
    /// when this reading tolerates ``AnnotationJSONLeniency/widerValues``.
    func isCoordinate(_ value: Double) -> Bool {
        tolerates(.widerValues) ? value.isFinite : CoordinateLimit.contains(value)
    }

    /// The coordinates ``isCoordinate(_:)`` takes, as the errors say it.
    var coordinates: String { tolerates(.widerValues) ? "finite numbers" : "numbers \(CoordinateLimit.description)" }
}

/// The ways the lenient reading of the annotation JSON differs from the checked one: the
/// table of what the engine takes from a document's annotations that a new annotation may
/// not be, each asked where the reading decides it (`reading.tolerates(.widerValues)`).
public enum AnnotationJSONLeniency: CaseIterable, Sendable {
    /// A `type` Marginalia does not model (a link, a widget, a caret, a private subtype) is
    /// kept as ``AnnotationKind/other(subtype:)``, named as the file names it, with the
    /// shared properties alone. Checked: refused.
    case unmodelledKinds
    /// A field of a property the kind has not (`quads` on ink, `paths` on a square) is not
    /// read, whatever its JSON type, but `fill`, kept on any kind as the file has it.
    /// Checked: refused by the capabilities of the vocabulary table.
    case otherKindsFieldsUnread
    /// The dates and a stamp's `image` are not read, whatever their JSON type: the engine
    /// decides nothing by the dates and never draws the picture (decoding it would cost each
    /// page load for nothing). Checked: read and refused when not ISO 8601 or base64.
    case datesAndPictureUnread
    /// What is left out takes no default: no colour, no flags, a free text's `contents` not
    /// its `text`, a `rect` the bounds of the kind's points grown by the line width (null
    /// without points). Checked: the kind's colour, Print (with NoZoom and NoRotate on a
    /// note), the text as contents, a `rect` required of kinds not drawn from points. Also the
    /// kept reading's (the writing always writes `flags` and `rect`).
    case noDefaults
    /// Numbers need only be finite (coordinates, opacity, width, dash, pressures, crop), and
    /// lists may be short: an empty dash, no stroke or an empty one, no quad, a polygon or
    /// polyline of fewer than two points, pressures that do not match the points, free text
    /// without text (empty) or of size 0 or above the ``CoordinateLimit``, a stamp cropped or
    /// turned without a picture, its rotation from -360 to 360 kept as given. Checked: each
    /// refused. Also the kept reading's.
    case widerValues
    /// An unknown flag name is skipped, an unknown reply type is a reply. Checked: refused.
    case unknownNamesSkipped
    /// Replies and review states are taken as given: a reply to itself or to "", a reply
    /// type without a reply, a review state on any kind, of any model and state (the model
    /// inferred from the state, else Review). Checked: each refused. Also the kept reading's.
    case threadsUnchecked
}
