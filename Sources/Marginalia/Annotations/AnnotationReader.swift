import Foundation
import PDFCore

/// Reads annotation dictionaries into ``PDFAnnotation`` values, leniently: a value that is
/// missing or malformed falls back to a default and is reported in `problems`, and a
/// subtype whose data cannot be read at all is kept as ``PDFAnnotation/Kind/other(subtype:)``,
/// so no annotation is ever dropped.
struct AnnotationReader {
    let file: PDFFile
    /// What was wrong, one line per problem, naming the annotation.
    private(set) var problems: [String] = []

    init(file: PDFFile) {
        self.file = file
    }

    /// Records a problem found outside one dictionary (an /Annots entry that is not one).
    mutating func note(_ problem: String) {
        problems.append(problem)
    }

    /// The private key under which Marginalia keeps editor data (per-point pressure) that
    /// viewers do not need.
    static let privateKey = "MarginaliaData"

    mutating func read(_ dictionary: PDFDictionary, reference: PDFReference?, fallbackID: String, pageIndex: Int?) -> PDFAnnotation {
        let subtype = dictionary["Subtype"]?.nameValue ?? ""
        let label = reference.map { "annotation \($0.number) \($0.generation)" } ?? fallbackID
        var annotation = PDFAnnotation(kind: .other(subtype: subtype), rect: .zero, color: nil, pageIndex: pageIndex)
        annotation.reference = reference
        annotation.dictionary = dictionary
        annotation.id = text(dictionary["NM"]) ?? fallbackID
        if let rect = self.rect(dictionary["Rect"]) {
            annotation.rect = rect
        } else {
            problems.append("\(label): /Rect is missing or not four numbers")
        }
        annotation.color = color(dictionary["C"])
        annotation.interiorColor = color(dictionary["IC"])
        annotation.opacity = number(dictionary["CA"]).map { max(0, min(1, $0)) } ?? 1
        annotation.border = border(dictionary)
        annotation.contents = text(dictionary["Contents"])
        annotation.author = text(dictionary["T"])
        annotation.subject = text(dictionary["Subj"])
        annotation.creationDate = text(dictionary["CreationDate"]).flatMap(PDFDate.parse)
        annotation.modificationDate = text(dictionary["M"]).flatMap(PDFDate.parse)
        annotation.flags = PDFAnnotationFlags(rawValue: integer(dictionary["F"]) ?? 0)
        annotation.hasForeignAppearance = hasForeignAppearance(dictionary)
        readThread(dictionary, into: &annotation, label: label)
        if let kind = readKind(subtype, dictionary, label: label) { annotation.kind = kind }
        // Image stamps made before they had frames carry no /BS: they have no border.
        if case .stamp(let stamp) = annotation.kind, stamp.isImage, dictionary["BS"] == nil, dictionary["Border"] == nil {
            annotation.border.width = 0
        }
        return annotation
    }

    private mutating func readKind(_ name: String, _ d: PDFDictionary, label: String) -> PDFAnnotation.Kind? {
        guard let subtype = AnnotationSubtype(pdfName: name) else { return nil }
        switch subtype {
        case .ink:
            let paths = array(d["InkList"]).map { points(array($0)) }.filter { !$0.isEmpty }
            if paths.isEmpty { problems.append("\(label): ink without points in /InkList") }
            var pressures: [[Double]]? = nil
            var brush = InkBrush.pen
            if let data = resolve(d[AnnotationReader.privateKey])?.dictionaryValue {
                if let list = resolve(data["Pressures"])?.arrayValue {
                    let values = list.map { array($0).compactMap { number($0) } }
                    if values.count == paths.count && zip(values, paths).allSatisfy({ $0.count == $1.count }) { pressures = values }
                }
                if let name = resolve(data["Brush"])?.nameValue {
                    if let known = InkBrush(name: name) { brush = known } else { problems.append("\(label): unknown brush /\(name), drawn as a pen") }
                }
            }
            return .ink(PDFAnnotation.Ink(paths: paths, pressures: pressures, brush: brush))
        case .square: return .square
        case .circle: return .circle
        case .line:
            let coordinates = array(d["L"]).compactMap { number($0) }
            guard coordinates.count == 4 else {
                problems.append("\(label): /L is not four numbers")
                return nil
            }
            let (start, end) = endings(d["LE"])
            return .line(PDFAnnotation.Line(start: CGPoint(x: coordinates[0], y: coordinates[1]),
                                            end: CGPoint(x: coordinates[2], y: coordinates[3]),
                                            startEnding: start, endEnding: end))
        case .polygon:
            return .polygon(vertices: vertices(d, label: label))
        case .polyLine:
            let (start, end) = endings(d["LE"])
            return .polyLine(PDFAnnotation.PolyLine(vertices: vertices(d, label: label), startEnding: start, endEnding: end))
        case .freeText:
            let appearance = DefaultAppearance(text(d["DA"]) ?? "")
            let quadding = integer(d["Q"]) ?? 0
            return .freeText(PDFAnnotation.FreeText(
                text: text(d["Contents"]) ?? "",
                font: appearance.fontName, fontSize: appearance.fontSize > 0 ? appearance.fontSize : 12,
                textColor: appearance.color ?? .black,
                alignment: PDFAnnotation.FreeText.Alignment(rawValue: quadding) ?? .left,
                richText: richText(d["RC"])))
        case .note:
            return .note(PDFAnnotation.Note(icon: resolve(d["Name"])?.nameValue ?? "Note",
                                            isOpen: resolve(d["Open"])?.boolValue ?? false))
        case .stamp:
            var stamp = PDFAnnotation.Stamp(name: resolve(d["Name"])?.nameValue ?? "Draft", imageData: stampImage(d))
            if stamp.isImage, let data = resolve(d[AnnotationReader.privateKey])?.dictionaryValue {
                if let crop = data["Crop"] {
                    let fractions = rect(crop)
                    if let fractions, PDFAnnotation.Stamp.isValidCrop(fractions) { stamp.crop = fractions } else { problems.append("\(label): /Crop is not a part of the image; ignored") }
                }
                if let turn = integer(data["Rotation"]) {
                    if let valid = PDFAnnotation.Stamp.normalizedRotation(turn) { stamp.rotation = valid } else { problems.append("\(label): /Rotation \(turn) is not a multiple of 90; ignored") }
                }
            }
            return .stamp(stamp)
        case .highlight, .underline, .strikeOut, .squiggly:
            guard let markup = PDFAnnotation.TextMarkup(subtype: subtype) else { return nil }
            let all = points(array(d["QuadPoints"]))
            if all.isEmpty || all.count % 4 != 0 {
                problems.append("\(label): /QuadPoints is not a list of quadrilaterals")
            }
            let quads = stride(from: 0, to: all.count - all.count % 4, by: 4).map { PDFAnnotation.Quad(points: Array(all[$0..<($0 + 4)])) }
            return .textMarkup(markup, quads: quads)
        case .redact:
            // /QuadPoints is optional here: without it the mark is its /Rect.
            let all = points(array(d["QuadPoints"]))
            if all.count % 4 != 0 { problems.append("\(label): /QuadPoints is not a list of quadrilaterals") }
            let quads = stride(from: 0, to: all.count - all.count % 4, by: 4).map { PDFAnnotation.Quad(points: Array(all[$0..<($0 + 4)])) }
            return .redact(PDFAnnotation.Redact(quads: quads, overlayText: text(d["OverlayText"]),
                                                repeatsOverlayText: resolve(d["Repeat"])?.boolValue ?? false))
        default:
            return nil
        }
    }

    /// The image a Marginalia stamp was made from: the PNG kept under the private key, or
    /// the JPEG its appearance embeds unchanged. nil for other stamps.
    private func stampImage(_ d: PDFDictionary) -> Data? {
        if let data = resolve(d[AnnotationReader.privateKey])?.dictionaryValue, let imageData = data["ImageData"],
           let bytes = try? file.decodedData(of: imageData) {
            return Data(bytes)
        }
        guard let appearance = resolve(resolve(d["AP"])?.dictionaryValue?["N"])?.streamValue,
              let xObjects = resolve(resolve(appearance.dictionary["Resources"])?.dictionaryValue?["XObject"])?.dictionaryValue,
              xObjects.count == 1, let image = resolve(xObjects["Im0"])?.streamValue,
              image.filterNames == ["DCTDecode"]
        else { return nil }
        return Data(image.rawBytes)
    }

    // MARK: - Threads

    /// `/IRT` (a reference, read as the target's `/NM` or the id it is given without one),
    /// `/RT`, `/State` and `/StateModel` (text strings; names are read too).
    private mutating func readThread(_ d: PDFDictionary, into annotation: inout PDFAnnotation, label: String) {
        if let target = d["IRT"] {
            if let reference = target.referenceValue, let parent = try? file.dictionary(.reference(reference)) {
                annotation.inReplyTo = text(parent["NM"]) ?? "ann-\(reference.number)-\(reference.generation)"
            } else {
                problems.append("\(label): /IRT does not refer to an annotation; the reply is read on its own")
            }
        }
        if resolve(d["RT"])?.nameValue == ReplyType.group.rawValue { annotation.replyType = .group }
        let state = textOrName(d["State"]), model = textOrName(d["StateModel"])
        guard state != nil || model != nil else { return }
        let resolved = model ?? state.flatMap(AnnotationState.model(ofState:)) ?? AnnotationState.reviewModel
        annotation.state = AnnotationState(model: resolved, state: state ?? AnnotationState.defaultState(ofModel: resolved))
    }

    private func textOrName(_ object: PDFObject?) -> String? {
        resolve(object)?.nameValue ?? text(object)
    }

    // MARK: - Values

    /// Whether the annotation's normal appearance is a stream another application drew: no
    /// mark of Marginalia's on it (``AppearanceStream``) and none of its private data on the
    /// annotation.
    func hasForeignAppearance(_ dictionary: PDFDictionary) -> Bool {
        guard dictionary[AnnotationReader.privateKey] == nil,
              let normal = resolve(resolve(dictionary["AP"])?.dictionaryValue?["N"]),
              case .stream(let stream) = normal else { return false }
        let mark = resolve(stream.dictionary[AnnotationReader.privateKey])?.dictionaryValue
        return mark?[AppearanceStream.drawnKey]?.boolValue != true
    }

    private func resolve(_ object: PDFObject?) -> PDFObject? {
        guard let object else { return nil }
        return try? file.resolve(object)
    }

    private func array(_ object: PDFObject?) -> [PDFObject] { resolve(object)?.arrayValue ?? [] }

    private func number(_ object: PDFObject?) -> Double? {
        guard let value = resolve(object)?.numberValue, value.isFinite else { return nil }
        return value
    }

    private func integer(_ object: PDFObject?) -> Int? { resolve(object)?.integerValue }

    private func text(_ object: PDFObject?) -> String? { resolve(object)?.stringBytes.map(PDFTextString.decode) }

    /// Rich text may be a text string or a stream (12.7.4.4).
    private func richText(_ object: PDFObject?) -> String? {
        guard let object else { return nil }
        switch resolve(object) {
        case .string(let bytes)?: return PDFTextString.decode(bytes)
        case .stream?: return (try? file.decodedData(of: object)).map { PDFTextString.decode($0) }
        default: return nil
        }
    }

    /// Flat number arrays read as points; a trailing odd number and non-finite pairs are dropped.
    private func points(_ items: [PDFObject]) -> [CGPoint] {
        let numbers = items.map { number($0) }
        var result: [CGPoint] = []
        result.reserveCapacity(numbers.count / 2)
        var i = 0
        while i + 1 < numbers.count {
            if let x = numbers[i], let y = numbers[i + 1] { result.append(CGPoint(x: x, y: y)) }
            i += 2
        }
        return result
    }

    private mutating func vertices(_ d: PDFDictionary, label: String) -> [CGPoint] {
        let result = points(array(d["Vertices"]))
        if result.count < 2 { problems.append("\(label): fewer than two /Vertices") }
        return result
    }

    func rect(_ object: PDFObject?) -> CGRect? {
        let numbers = array(object).compactMap { number($0) }
        guard numbers.count == 4 else { return nil }
        return CGRect(x: min(numbers[0], numbers[2]), y: min(numbers[1], numbers[3]),
                      width: abs(numbers[2] - numbers[0]), height: abs(numbers[3] - numbers[1]))
    }

    private func color(_ object: PDFObject?) -> Color? {
        Color(pdfComponents: array(object).compactMap { number($0) }.map { max(0, min(1, $0)) })
    }

    private func endings(_ object: PDFObject?) -> (LineEnding, LineEnding) {
        let names = array(object).map { resolve($0)?.nameValue.flatMap(LineEnding.init(rawValue:)) ?? LineEnding.none }
        return (names.first ?? .none, names.count > 1 ? names[1] : .none)
    }

    /// `/BS` wins over the older `/Border` array (12.5.4).
    private func border(_ d: PDFDictionary) -> PDFBorder {
        var border = PDFBorder()
        if let bs = resolve(d["BS"])?.dictionaryValue {
            border.width = number(bs["W"]).map { max(0, $0) } ?? 1
            border.style = resolve(bs["S"])?.nameValue.flatMap(PDFBorder.Style.init(rawValue:)) ?? .solid
            let dash = array(bs["D"]).compactMap { number($0) }
            if !dash.isEmpty { border.dashPattern = dash }
        } else if let legacy = resolve(d["Border"])?.arrayValue, legacy.count >= 3 {
            border.width = number(legacy[2]).map { max(0, $0) } ?? 1
            let dash = legacy.count > 3 ? array(legacy[3]).compactMap { number($0) } : []
            if !dash.isEmpty {
                border.style = .dashed
                border.dashPattern = dash
            }
        }
        return border
    }
}
