#if !hasFeature(Embedded)
import Foundation
#endif

/// How an annotation relates to the one it is in reply to (`/RT`, ISO 32000-2, 12.5.6.2).
public enum ReplyType: String, CaseIterable, Equatable, Hashable, Sendable {
    /// `/R`: a reply, shown in its parent's comment thread rather than on its own.
    case reply = "R"
    /// `/Group`: a member of its parent's group, which acts as one annotation.
    case group = "Group"

    /// The name in the annotation JSON and XFDF (`reply`, `group`).
    public var jsonName: String { self == .reply ? "reply" : "group" }

    /// The case for a JSON or XFDF name (`reply`, `group`).
    public init?(jsonName: String) {
        guard let type = Self.allCases.first(where: { $0.jsonName == jsonName }) else { return nil }
        self = type
    }
}

/// A review state in the Review state model (ISO 32000-2, 12.5.6.3, table 174): what one
/// reviewer says of an annotation. Set by a Text annotation in reply to it with `/State`,
/// `/StateModel /Review` and the reviewer's name in `/T`.
public enum ReviewState: String, CaseIterable, Equatable, Hashable, Sendable {
    case none = "None"
    case accepted = "Accepted"
    case rejected = "Rejected"
    case cancelled = "Cancelled"
    case completed = "Completed"

    /// The states in the order the editor offers them to a reviewer: the verdicts, then
    /// ``none``, which takes the reviewer's state back (the bridge's `annotationVocabulary`).
    public static let offered: [ReviewState] = [.accepted, .rejected, .cancelled, .completed, .none]
}

/// `/State` and `/StateModel` of a state annotation, as written in the file. The two models of
/// the standard are Review (``ReviewState``) and Marked (`Marked`, `Unmarked`); other models
/// are kept as read.
public struct AnnotationState: Equatable, Hashable, Sendable {
    /// `/StateModel`: `Review`, `Marked`, or another model as read.
    public var model: String
    /// `/State`.
    public var state: String

    public init(model: String, state: String) {
        self.model = model
        self.state = state
    }

    /// A state of the Review model.
    public init(review: ReviewState) {
        self.init(model: Self.reviewModel, state: review.rawValue)
    }

    public static let reviewModel = "Review"
    public static let markedModel = "Marked"
    /// The states of the Marked model.
    public static let markedStates = ["Unmarked", "Marked"]

    /// The states a model allows, or nil for a model the standard does not define.
    public static func states(ofModel model: String) -> [String]? {
        switch model {
        case reviewModel: return ReviewState.allCases.map { $0.rawValue }
        case markedModel: return markedStates
        default: return nil
        }
    }

    /// The model a state belongs to, when only the state is given (nil when unknown).
    public static func model(ofState state: String) -> String? {
        if ReviewState(rawValue: state) != nil { return reviewModel }
        if markedStates.contains(state) { return markedModel }
        return nil
    }

    /// The default state of a model when a file gives the model alone (the standard's default).
    public static func defaultState(ofModel model: String) -> String {
        model == markedModel ? "Unmarked" : ReviewState.none.rawValue
    }

    /// Whether the state is one its model allows (any state of a model the standard does not define).
    public var isValid: Bool {
        guard !model.isEmpty, !state.isEmpty else { return false }
        return Self.states(ofModel: model)?.contains(state) ?? true
    }

    /// The Review state, when this is one.
    public var review: ReviewState? {
        model == Self.reviewModel ? ReviewState(rawValue: state) : nil
    }
}
