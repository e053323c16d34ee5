#if !hasFeature(Embedded)
import Foundation
#endif

/// What a drag of the Redact tool marks (docs/redaction.md, "Marking in the editor"), as
/// Acrobat's "mark text and images" does: a drag that starts on a word marks the text it
/// selects (the words of ``TextSelection``, their quads going to `/QuadPoints`); a drag that
/// starts anywhere else marks the area between its ends (a mark with only `/Rect`).
public enum RedactionDrag: Equatable, Sendable {
    /// A mark over text: one quad per selected line run, in /QuadPoints order.
    case text(quads: [[CGPoint]], text: String)
    /// A mark over an area of the page.
    case area(CGRect)

    /// The least width and height (points) of an area mark: a smaller drag marks nothing.
    public static let minimumAreaSide: CGFloat = 2

    /// What a drag from `from` to `to` (page space) marks on a page of bounds `page` whose
    /// words are `words`, or nil when it marks nothing (an area thinner than
    /// ``minimumAreaSide``).
    public init?(from: CGPoint, to: CGPoint, page: CGRect, words: PageWords) {
        if words.words.contains(where: { Self.lies(from, inside: $0.quad) }),
           let selection = TextSelection(from: from, to: to, in: words) {
            self = .text(quads: selection.quads, text: selection.text)
            return
        }
        let area = AnnotationDraft.rect(AnnotationDraft.clamp(from, to: page), AnnotationDraft.clamp(to, to: page))
        guard !area.isNull, area.width >= Self.minimumAreaSide, area.height >= Self.minimumAreaSide else { return nil }
        self = .area(area)
    }

    /// Whether a point lies on a word's quad (its glyphs' box, whatever its rotation).
    static func lies(_ point: CGPoint, inside quad: [CGPoint]) -> Bool {
        let frame = WordFrame(quad)
        let (s, t) = frame.coordinates(point)
        return s >= 0 && s <= frame.length && t >= 0 && t <= frame.height
    }

    /// The mark as JSON: `{"quads": [[8 numbers]], "text"}` over text, `{"rect"}` over an area.
    public var json: JSONValue {
        switch self {
        case .text(let quads, let text):
            return .object([
                ("quads", TextSelection.json(quads: quads)),
                ("text", .string(text)),
            ])
        case .area(let rect):
            return .object([("rect", .rect(rect))])
        }
    }
}
