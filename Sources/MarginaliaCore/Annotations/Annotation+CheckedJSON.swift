#if !hasFeature(Embedded)
import Foundation
#endif

/// The one reading of an annotation from the annotation JSON (docs/annotations-json.md):
/// every field, per kind, with every range check, and the messages the API, the CLI and the
/// server give (`annotations[2].opacity: expected a number from 0 to 1`); or, lenient, what
/// the engine takes from a document's annotations (``AnnotationJSONReading``, the differences
/// listed in ``AnnotationJSONLeniency``). Marginalia's `AnnotationJSON` and `PDFAnnotation`'s
/// decoding call it checked; for a new annotation only, Marginalia adds what only the clock
/// knows (a new id when none is given, the dates of now), and a value read back keeps what it
/// had. The engine calls it lenient (``init(json:)``).
extension Annotation {
    /// The annotation `fields` describe. Checked (the default), as a new annotation is: a
    /// modelled type, fields its kind has, values in range; left out, the defaults Marginalia
    /// writes (the kind's colour, opaque, a 1-point solid border or none for an image, the
    /// Print flag and NoZoom and NoRotate for a note). Left empty for the caller: ``id`` when
    /// the JSON gives none (Foundation-free, the core makes no random ids) and the dates it
    /// gives none of. Lenient, as ``AnnotationJSONLeniency`` says.
    ///
    /// - Parameter reading: the mode; `fields` must have been read in the same one.
    /// - Throws: ``AnnotationJSONError`` naming the first bad field under `path`.
    public init(checking fields: AnnotationJSONFields, path: String, reading: AnnotationJSONReading = .checked) throws(AnnotationJSONError) {
        try self.init(fields: fields, path: path, reading: reading)
        if let text = fields.creationDate {
            guard let date = AnnotationTimestamp(iso8601: text) else { throw AnnotationJSONError(path: "\(path).creationDate", message: "expected an ISO 8601 date") }
            creationDate = date
        }
        if let text = fields.modificationDate {
            guard let date = AnnotationTimestamp(iso8601: text) else { throw AnnotationJSONError(path: "\(path).modificationDate", message: "expected an ISO 8601 date") }
            modificationDate = date
        }
    }

    /// The annotation `fields` describe but for the dates, which the engine's lenient reading
    /// does not read (``AnnotationJSONLeniency/datesAndPictureUnread``) and so does not reach:
    /// the WebAssembly build links no date parsing (its 64-bit arithmetic needs a builtin,
    /// `__multi3`, that the build does not have).
    init(fields: AnnotationJSONFields, path: String, reading: AnnotationJSONReading) throws(AnnotationJSONError) {
        func fail(_ field: String, _ message: String) -> AnnotationJSONError {
            AnnotationJSONError(path: "\(path).\(field)", message: message)
        }
        let kind: AnnotationKind
        if let subtype = AnnotationSubtype(jsonType: fields.type), subtype.entry.isModelled {
            if !reading.tolerates(.otherKindsFieldsUnread) { try fields.checkCapabilities(of: subtype, path: path) }
            kind = try AnnotationKind(checking: fields, subtype: subtype, path: path, reading: reading)
        } else if reading.tolerates(.unmodelledKinds) {
            // Links, widgets and the rest: named as the file names them.
            kind = .other(subtype: AnnotationSubtype(jsonType: fields.type)?.pdfName ?? fields.type)
        } else {
            var known: [String] = []
            for entry in AnnotationVocabulary.entries where entry.isModelled { known.append(entry.jsonType) }
            throw AnnotationJSONError(path: "\(path).type",
                                      message: "cannot create annotations of type \"\(fields.type)\" (known: \(known.joined(separator: ", ")))")
        }
        let defaults = !reading.tolerates(.noDefaults)
        // An image has no border until one is given (its width and /C colour draw it).
        var border = AnnotationBorder()
        if case .stamp(let stamp) = kind, stamp.isImage { border.width = 0 }
        var flags: Flags = []
        if defaults { flags = if case .note = kind { [.print, .noZoom, .noRotate] } else { [.print] } }
        self.init(id: "", pageIndex: nil, kind: kind, rect: .zero, color: nil, border: border, flags: flags)

        try readPlace(fields, fail: fail)
        color = try Self.color(fields.color, "color", fail: fail) ?? (defaults ? Self.defaultColor(of: kind) : nil)
        interiorColor = try Self.color(fields.fill, "fill", fail: fail)
        if let opacity = fields.opacity {
            guard opacity.isFinite, reading.tolerates(.widerValues) || Self.opacityRange.contains(opacity) else {
                throw fail("opacity", "expected a number from \(Self.opacityRange.spelled)")
            }
            self.opacity = opacity
        }
        try readBorder(fields, reading: reading, fail: fail)
        try readRect(fields, reading: reading, fail: fail)
        let isFreeText: Bool = if case .freeText = kind { true } else { false }
        contents = fields.contents ?? (defaults && isFreeText ? fields.text : nil)
        author = fields.author
        subject = fields.subject
        try readThread(fields, reading: reading, fail: fail)
        if let names = fields.flags {
            var set: Flags = []
            for (i, name) in names.enumerated() {
                if let flag = AnnotationFlags.jsonNames.first(where: { $0.0 == name })?.1 {
                    set.insert(flag)
                } else if !reading.tolerates(.unknownNamesSkipped) {
                    throw fail("flags[\(i)]", "unknown flag \"\(name)\"")
                }
            }
            self.flags = set
        }
    }

    /// A colour `"#RRGGBB"` (or with alpha), nil when not given.
    static func color(_ text: String?, _ field: String, fail: (String, String) -> AnnotationJSONError) throws(AnnotationJSONError) -> Color? {
        guard let text else { return nil }
        guard let color = Color(hex: text) else { throw fail(field, "expected a colour like \"#FF8800\", got \"\(text)\"") }
        return color
    }

    /// `id` and `pageIndex`, both optional (the engine, which keeps annotations by them,
    /// requires them before the reading: ``init(json:)``).
    private mutating func readPlace(_ fields: AnnotationJSONFields, fail: (String, String) -> AnnotationJSONError) throws(AnnotationJSONError) {
        if let id = fields.id, !id.isEmpty { self.id = id }
        if let pageIndex = fields.pageIndex {
            guard pageIndex >= 0 else { throw fail("pageIndex", "must be 0 or more") }
            self.pageIndex = pageIndex
        }
    }

    /// `rect`, standardised; left out, nothing for the kinds drawn from their points (the
    /// caller derives it), or, lenient, the bounds of those points
    /// (``AnnotationJSONLeniency/noDefaults``). Read after the border, whose width grows them.
    private mutating func readRect(_ fields: AnnotationJSONFields, reading: AnnotationJSONReading,
                                   fail: (String, String) -> AnnotationJSONError) throws(AnnotationJSONError) {
        if let r = fields.rect {
            var valid = r.count == 4
            for value in r where !reading.isCoordinate(value) { valid = false }
            guard valid else { throw fail("rect", "expected [x1, y1, x2, y2] with \(reading.coordinates)") }
            rect = CGRect(x: min(r[0], r[2]), y: min(r[1], r[3]), width: abs(r[2] - r[0]), height: abs(r[3] - r[1]))
        } else if reading.tolerates(.noDefaults) {
            rect = Self.bounds(of: kind, lineWidth: border.width)
        } else if !kind.rectFollowsDrawing {
            throw fail("rect", "missing (only ink, lines, polygons, polylines and text markup may leave it out)")
        }
    }

    /// `width`, `borderStyle` and `dash`.
    private mutating func readBorder(_ fields: AnnotationJSONFields, reading: AnnotationJSONReading,
                                     fail: (String, String) -> AnnotationJSONError) throws(AnnotationJSONError) {
        let wider = reading.tolerates(.widerValues)
        // Any width or dash length drawn as given, up to the coordinate limit, so that a file's
        // wider border is read back; what commands and the CLI newly give is held to
        // AnnotationBorder.lengthRange (Annotation.checkNewValues(keeping:path:)).
        let drawn = 0...CoordinateLimit.magnitude
        if let width = fields.width {
            guard width.isFinite, wider || drawn.contains(width) else { throw fail("width", AnnotationBorder.widthExpectation) }
            border.width = width
        }
        if let name = fields.borderStyle {
            guard let style = AnnotationBorder.Style(jsonName: name) else { throw fail("borderStyle", AnnotationBorder.Style.expectedNames) }
            border.style = style
        }
        if let dash = fields.dash {
            var valid = !dash.isEmpty || wider
            for length in dash where !(length.isFinite && (wider || drawn.contains(length))) { valid = false }
            guard valid else { throw fail("dash", AnnotationBorder.dashExpectation) }
            border.dashPattern = dash
        }
    }

    /// `inReplyTo`, `replyType`, `state` and `stateModel`: a reply needs the id of another
    /// annotation; a review state is a note in reply to the annotation whose state it sets,
    /// with a state its model allows (the model is inferred from a standard state). Lenient,
    /// taken as given (``AnnotationJSONLeniency/threadsUnchecked``).
    private mutating func readThread(_ fields: AnnotationJSONFields, reading: AnnotationJSONReading,
                                     fail: (String, String) -> AnnotationJSONError) throws(AnnotationJSONError) {
        let given = reading.tolerates(.threadsUnchecked)
        if let target = fields.inReplyTo {
            guard given || !target.isEmpty else { throw fail("inReplyTo", "expected the id of the annotation replied to") }
            guard given || target != id else { throw fail("inReplyTo", "an annotation cannot reply to itself") }
            inReplyTo = target
        }
        if let name = fields.replyType {
            if let type = ReplyType(jsonName: name) {
                replyType = type
            } else if !reading.tolerates(.unknownNamesSkipped) {
                throw fail("replyType", "expected reply or group")
            }
            guard given || fields.inReplyTo != nil else { throw fail("replyType", "only an annotation in reply to another has a reply type") }
        }
        guard fields.state != nil || fields.stateModel != nil else { return }
        let isNote: Bool = if case .note = kind { true } else { false }
        guard given || (isNote && fields.inReplyTo != nil) else {
            throw fail("state", "a review state is a note in reply to the annotation it is about (give type note and inReplyTo)")
        }
        guard let model = fields.stateModel ?? fields.state.flatMap({ AnnotationState.model(ofState: $0) })
                ?? (given ? AnnotationState.reviewModel : nil) else {
            throw fail("stateModel", "missing (the state is not one of the Review or Marked models)")
        }
        let value = AnnotationState(model: model, state: fields.state ?? AnnotationState.defaultState(ofModel: model))
        guard given || value.isValid else {
            let allowed = AnnotationState.states(ofModel: model)?.joined(separator: ", ") ?? "a state"
            throw fail("state", "expected one of \(allowed) for the \(model) model, got \"\(value.state)\"")
        }
        state = value
    }

    /// The frame of an image stamp whose JSON names no colour: black (the frame is drawn
    /// only when `width` is given).
    public static let imageFrameColor = Color.black

    /// Colours used when the JSON gives none: the kind's subtype's
    /// (``AnnotationSubtype/defaultColor``), but black for an image stamp's frame (drawn only
    /// when `width` is given) and for a subtype the standard does not have.
    static func defaultColor(of kind: AnnotationKind) -> Color? {
        if case .stamp(let stamp) = kind, stamp.isImage { return imageFrameColor }
        guard let subtype = kind.annotationSubtype else { return .black }
        return subtype.defaultColor
    }
}
