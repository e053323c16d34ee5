import Foundation
import PDFCore

/// Turns a ``PDFAnnotation`` into its dictionary: the model's properties written over the
/// dictionary it was read from (ISO 32000-2, 12.5.2), so keys the model does not know
/// survive. Writes the standard keys every viewer needs to show and edit the annotation.
struct AnnotationWriter {
    /// `page`: the page object, for `/P`; `appearance`: the normal appearance stream to
    /// reference as `/AP /N`, or nil to keep whatever the dictionary has; `parent`: the
    /// object of the annotation ``PDFAnnotation/inReplyTo`` names, for `/IRT`.
    /// `appearanceKept`: the appearance another application drew stays (it is only placed),
    /// so the keys that describe a look the model only half knows (a stamp's name) stay as read.
    func dictionary(for a: PDFAnnotation, page: PDFReference?, appearance: PDFReference?, parent: PDFReference? = nil,
                    appearanceKept: Bool = false, now: Date = Date()) -> PDFDictionary {
        var d = a.dictionary
        d["Type"] = .name("Annot")
        d["Subtype"] = .name(a.subtype)
        d["Rect"] = AnnotationWriter.rectangle(a.rect)
        if let page { d["P"] = .reference(page) }
        d["NM"] = .text(a.id)
        d["M"] = .string(Array(PDFDate.format(now).utf8))
        d["CreationDate"] = a.creationDate.map { .string(Array(PDFDate.format($0).utf8)) } ?? .null
        d["F"] = .integer(a.flags.rawValue)
        d["C"] = a.color.map(AnnotationWriter.color) ?? .null
        d["IC"] = a.interiorColor.map(AnnotationWriter.color) ?? .null
        d["CA"] = a.opacity < 1 || d["CA"] != nil ? .real(max(0, min(1, a.opacity))) : .null
        d["Contents"] = a.contents.map { .text($0) } ?? .null
        d["T"] = a.author.map { .text($0) } ?? .null
        d["Subj"] = a.subject.map { .text($0) } ?? .null
        // A thread (12.5.6.2): /IRT refers to the parent's object, /RT says how; a review
        // state (12.5.6.3) names its model and state as text strings.
        d["IRT"] = parent.map { .reference($0) } ?? .null
        d["RT"] = parent != nil ? .name(a.replyType.rawValue) : .null
        d["State"] = a.state.map { .text($0.state) } ?? .null
        d["StateModel"] = a.state.map { .text($0.model) } ?? .null
        if a.kind.drawsBorder {
            var bs = PDFDictionary()
            bs["Type"] = .name("Border")
            bs["W"] = .coordinate(a.border.width)
            bs["S"] = .name(a.border.style.rawValue)
            if a.border.style == .dashed { bs["D"] = .array(a.border.dashPattern.map { .coordinate($0) }) }
            d["BS"] = .dictionary(bs)
            d["Border"] = nil  // /BS wins; a stale /Border would only confuse old readers
        }
        if !appearanceKept || !a.kind.isLookOnlyInItsAppearance { writeKind(a, into: &d) }
        if let appearance {
            d["AP"] = .dictionary(PDFDictionary(["N": .reference(appearance)]))
            d["AS"] = nil
        }
        return d
    }

    private func writeKind(_ a: PDFAnnotation, into d: inout PDFDictionary) {
        switch a.kind {
        case .ink(let ink):
            d["InkList"] = .array(ink.paths.map { AnnotationWriter.flat($0) })
            AnnotationWriter.setPrivate(in: &d) { data in
                data["Pressures"] = ink.pressures.map { .array($0.map { .array($0.map { .real($0) }) }) }
                data["Brush"] = ink.brush == .pen ? nil : .name(ink.brush.rawValue)
            }
        case .line(let line):
            d["L"] = AnnotationWriter.flat([line.start, line.end])
            d["LE"] = [.name(line.startEnding.rawValue), .name(line.endEnding.rawValue)]
        case .polygon(let vertices):
            d["Vertices"] = AnnotationWriter.flat(vertices)
        case .polyLine(let polyLine):
            d["Vertices"] = AnnotationWriter.flat(polyLine.vertices)
            d["LE"] = [.name(polyLine.startEnding.rawValue), .name(polyLine.endEnding.rawValue)]
        case .freeText(let text):
            let appearance = DefaultAppearance(fontName: text.font, fontSize: text.fontSize, color: text.textColor)
            d["DA"] = .string(Array(appearance.string.utf8))
            d["Q"] = .integer(text.alignment.rawValue)
            d["Contents"] = .text(text.text)
            // Rich text that no longer says what the plain text says would win in some
            // viewers: keep it for new annotations and while the text is the one read.
            let readText = a.dictionary["Contents"]?.stringBytes.map(PDFTextString.decode)
            if let rich = text.richText, a.dictionary.isEmpty || readText == text.text {
                d["RC"] = .text(rich)
            } else {
                d["RC"] = nil
            }
        case .note(let note):
            d["Name"] = .name(note.icon)
            d["Open"] = .bool(note.isOpen)
        case .stamp(let stamp):
            d["Name"] = .name(stamp.name)
            AnnotationWriter.setPrivate(in: &d) { data in
                data["Crop"] = stamp.isImage ? stamp.crop.map { AnnotationWriter.rectangle($0) } : nil
                data["Rotation"] = stamp.isImage && stamp.rotation != 0 ? .integer(stamp.rotation) : nil
            }
        case .textMarkup(_, let quads):
            d["QuadPoints"] = AnnotationWriter.flat(quads.flatMap(\.points))
        case .redact(let redact):
            d["QuadPoints"] = redact.quads.isEmpty ? nil : AnnotationWriter.flat(redact.quads.flatMap(\.points))
            d["OverlayText"] = redact.overlayText.map { .text($0) }
            d["Repeat"] = redact.repeatsOverlayText ? .bool(true) : nil
        case .square, .circle, .other:
            break
        }
    }

    /// Changes entries of the private dictionary (``AnnotationReader/privateKey``), keeping
    /// the others; an emptied dictionary is removed.
    static func setPrivate(in d: inout PDFDictionary, _ change: (inout PDFDictionary) -> Void) {
        var data = d[AnnotationReader.privateKey]?.dictionaryValue ?? PDFDictionary()
        change(&data)
        d[AnnotationReader.privateKey] = data.isEmpty ? nil : .dictionary(data)
    }

    /// Coordinates are kept to 0.001 pt (``PDFObject/coordinate(_:)``), so they are written
    /// with at most three decimals.
    static func rectangle(_ r: CGRect) -> PDFObject {
        [.coordinate(Double(r.minX)), .coordinate(Double(r.minY)), .coordinate(Double(r.maxX)), .coordinate(Double(r.maxY))]
    }

    static func flat(_ points: [CGPoint]) -> PDFObject {
        var items: [PDFObject] = []
        items.reserveCapacity(points.count * 2)
        for p in points {
            items.append(.coordinate(Double(p.x)))
            items.append(.coordinate(Double(p.y)))
        }
        return .array(items)
    }

    static func color(_ c: Color) -> PDFObject { .array(c.pdfComponents.map { .real($0) }) }
}

extension PDFAnnotation.Kind {
    /// Whether the subtype's look lives in its appearance rather than in keys the model reads
    /// whole: stamps (another application's artwork) and unknown subtypes.
    var isLookOnlyInItsAppearance: Bool {
        switch self {
        case .stamp, .other: return true
        default: return false
        }
    }

    /// Whether Marginalia draws this subtype's appearance (other subtypes keep theirs, and
    /// the editor leaves them alone).
    public var isDrawable: Bool {
        if case .other = self { return false }
        return true
    }
}
