#if !hasFeature(Embedded)
import Foundation
#endif

/// Which action each stylus gesture performs.
///
/// The map keeps one rule: an action other than ``GestureAction/none`` belongs to at most
/// one gesture, so the user never wonders which of two gestures will undo. Assigning an
/// action to a gesture takes it away from the gesture that had it, which is left doing
/// nothing. ``GestureAction/none`` may be assigned to any number of gestures.
///
/// The defaults: ``StylusGesture/doubleTap`` toggles the eraser and
/// ``StylusGesture/penEraserEnd`` erases while held; the other gestures do nothing.
public struct GestureMap: Equatable, Sendable {
    /// The assigned actions; a gesture doing nothing has no entry, so that equal maps
    /// compare equal however they were made.
    private var actions: [StylusGesture: GestureAction]

    /// The default assignments.
    public static let `default` = GestureMap(defaults: ())

    private init(defaults: Void) {
        actions = [.doubleTap: .toggleEraser, .penEraserEnd: .eraserTool]
    }

    /// The default assignments.
    public init() {
        self = .default
    }

    /// The action `gesture` performs (``GestureAction/none`` when unassigned).
    public func action(for gesture: StylusGesture) -> GestureAction {
        actions[gesture] ?? .none
    }

    /// The gesture that performs `action`, or nil; always nil for ``GestureAction/none``.
    public func gesture(for action: GestureAction) -> StylusGesture? {
        guard action != .none else { return nil }
        return StylusGesture.allCases.first { actions[$0] == action }
    }

    /// Makes `gesture` perform `action`.
    ///
    /// If another gesture performed `action` (other than ``GestureAction/none``), that gesture
    /// now does nothing.
    public mutating func assign(_ action: GestureAction, to gesture: StylusGesture) {
        if action != .none, let previous = self.gesture(for: action), previous != gesture {
            actions[previous] = nil
        }
        actions[gesture] = action == .none ? nil : action
    }

    /// The actions some gesture performs, without ``GestureAction/none``; the UI greys these
    /// out (or marks them "in use") when offering a choice for another gesture.
    public var actionsInUse: Set<GestureAction> {
        Set(actions.values.filter { $0 != .none })
    }
}

// MARK: - Codable

#if !hasFeature(Embedded)
extension GestureMap: Codable {
    private struct GestureKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes an object from gesture name to action name, every gesture included.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: GestureKey.self)
        for gesture in StylusGesture.allCases {
            try c.encode(action(for: gesture), forKey: GestureKey(stringValue: gesture.rawValue))
        }
    }

    /// Decodes tolerantly and repairs the uniqueness rule.
    ///
    /// Unknown gesture names are ignored; an unknown action name means
    /// ``GestureAction/none``. When the file gives one action to several gestures, the first
    /// gesture in ``StylusGesture/allCases`` order keeps it and the others do nothing; the
    /// repair is reported through the decoding notes. A gesture the file does not mention
    /// (written by an older version) gets its default action unless the file gave that
    /// action to another gesture.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: GestureKey.self)
        var mentioned: Set<StylusGesture> = []
        actions = [:]
        for gesture in StylusGesture.allCases {
            let key = GestureKey(stringValue: gesture.rawValue)
            guard c.contains(key) else { continue }
            mentioned.insert(gesture)
            let action = c.tolerant(key, or: GestureAction.none, decoder: decoder)
            if action != .none, let owner = self.gesture(for: action) {
                decoder.notePreferenceRepair(
                    "gestures: \(action.rawValue) was assigned to both \(owner.rawValue) and \(gesture.rawValue); kept \(owner.rawValue)")
            } else if action != .none {
                actions[gesture] = action
            }
        }
        for gesture in StylusGesture.allCases where !mentioned.contains(gesture) {
            let fallback = GestureMap.default.action(for: gesture)
            if fallback != .none, self.gesture(for: fallback) == nil {
                actions[gesture] = fallback
            }
        }
    }
}
#endif
