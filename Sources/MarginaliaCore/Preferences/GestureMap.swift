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

// MARK: - JSON

extension GestureMap {
    /// An object from gesture name to action name, every gesture included.
    public var json: JSONValue {
        .object(StylusGesture.allCases.map { ($0.rawValue, .string(action(for: $0).rawValue)) })
    }

    /// Reads an object from gesture name to action name tolerantly and repairs the uniqueness
    /// rule, noting the repairs in `reader` (the object found under `path`).
    ///
    /// Unknown gesture names are ignored; an unknown action name means
    /// ``GestureAction/none``. When the object gives one action to several gestures, the first
    /// gesture in ``StylusGesture/allCases`` order keeps it and the others do nothing. A
    /// gesture the object does not mention (written by an older version), or gives `null`
    /// (which no version writes: doing nothing is `"none"`), gets its default action unless
    /// the object gave that action to another gesture.
    public init(json: JSONValue, under path: String, reader: inout PreferenceReader) {
        actions = [:]
        var mentioned: Set<StylusGesture> = []
        for gesture in StylusGesture.allCases {
            guard let raw = json[gesture.rawValue], !raw.isNull else { continue }
            mentioned.insert(gesture)
            let action = reader.value(json, gesture.rawValue, under: path, or: GestureAction.none, PreferenceReader.name)
            if action != .none, let owner = self.gesture(for: action) {
                reader.note("gestures: \(action.rawValue) was assigned to both \(owner.rawValue) and \(gesture.rawValue); kept \(owner.rawValue)")
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

// MARK: - Codable

#if !hasFeature(Embedded)
extension GestureMap: Codable {
    /// Encodes ``json``.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// Decodes with ``init(json:under:reader:)``; its repairs go to the decoding notes.
    ///
    /// - Throws: `DecodingError.typeMismatch` when the value is not an object.
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        guard case .object = json else {
            throw DecodingError.typeMismatch(GestureMap.self, .init(codingPath: decoder.codingPath, debugDescription: "expected an object of gestures"))
        }
        var reader = PreferenceReader()
        self.init(json: json, under: decoder.codingPath.map(\.stringValue).joined(separator: "."), reader: &reader)
        for repair in reader.repairs { decoder.notePreferenceRepair(repair) }
    }
}
#endif
