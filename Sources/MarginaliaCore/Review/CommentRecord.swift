#if !hasFeature(Embedded)
import Foundation
#endif

/// What the annotation list and the comment threads show of one annotation: its type, page
/// and place, who made it and when, its text and where it stands in a thread. Read from the
/// annotation JSON (docs/annotations-json.md) the server sends, leniently: a field of the
/// wrong kind is left out rather than refused, so one odd annotation never hides the others.
public struct CommentRecord: Equatable, Sendable {
    public var id: String
    public var pageIndex: Int
    /// The annotation JSON's `type` (`square`, `note`, `highlight`...).
    public var type: String
    public var rect: CGRect
    public var author: String?
    /// The text: `contents`, or a free text's `text`.
    public var text: String?
    public var subject: String?
    /// ISO 8601 dates as sent (UTC, so they sort as text).
    public var created: String?
    public var modified: String?
    public var inReplyTo: String?
    public var replyType: ReplyType
    public var state: AnnotationState?
    /// The Hidden flag.
    public var hidden: Bool

    public init(id: String, pageIndex: Int, type: String, rect: CGRect = .zero, author: String? = nil, text: String? = nil,
                subject: String? = nil, created: String? = nil, modified: String? = nil, inReplyTo: String? = nil,
                replyType: ReplyType = .reply, state: AnnotationState? = nil, hidden: Bool = false) {
        self.id = id
        self.pageIndex = pageIndex
        self.type = type
        self.rect = rect
        self.author = author
        self.text = text
        self.subject = subject
        self.created = created
        self.modified = modified
        self.inReplyTo = inReplyTo
        self.replyType = replyType
        self.state = state
        self.hidden = hidden
    }

    /// The record of one annotation JSON object (which must have a `type`, an `id` and a
    /// `pageIndex`); `rect`: its bounds when known (the geometry's, which works them out from
    /// the points when the JSON has no `rect`).
    public init(json field: JSONField, rect known: CGRect? = nil) throws(CommandError) {
        func string(_ key: String) -> String? {
            if case .string(let text)? = field.value[key] { return text }
            return nil
        }
        let type = try field.member("type").string()
        var flags: [String] = []
        if case .array(let items)? = field.value["flags"] {
            for item in items { if case .string(let name) = item { flags.append(name) } }
        }
        var state: AnnotationState? = nil
        if string("state") != nil || string("stateModel") != nil {
            let model = string("stateModel") ?? string("state").flatMap { AnnotationState.model(ofState: $0) } ?? AnnotationState.reviewModel
            state = AnnotationState(model: model, state: string("state") ?? AnnotationState.defaultState(ofModel: model))
        }
        self.init(id: try field.member("id").string(), pageIndex: try field.member("pageIndex").integer(in: 0...Int(Int32.max)),
                  type: type, rect: known ?? (try? field.member("rect").rect()) ?? .zero, author: string("author"),
                  text: AnnotationSubtype(jsonType: type) == .freeText ? string("text") ?? string("contents") : string("contents"),
                  subject: string("subject"), created: string("creationDate"), modified: string("modificationDate"),
                  inReplyTo: string("inReplyTo"), replyType: string("replyType").flatMap(ReplyType.init(jsonName:)) ?? .reply,
                  state: state, hidden: flags.contains("hidden"))
    }

    /// Whether it is a comment on another annotation: a reply or a review state.
    public var isComment: Bool { state != nil || (inReplyTo != nil && replyType == .reply) }

    /// The date to show: when it was last changed, else when it was made.
    public var date: String? { modified ?? created }
}
