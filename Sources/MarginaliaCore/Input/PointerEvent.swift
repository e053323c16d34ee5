#if !hasFeature(Embedded)
import Foundation
#endif

/// One sample of a pointer: where (view space), how hard, how tilted, when.
public struct PointerSample: Equatable, Sendable {
    public var location: CGPoint
    /// 0...1; mice and fingers without force report 0.5.
    public var pressure: Double
    /// Altitude of a pen in radians (π/2 = upright), when known.
    public var tilt: Double?
    public var timestamp: Double

    public init(location: CGPoint, pressure: Double = 0.5, tilt: Double? = nil, timestamp: Double = 0) {
        self.location = location
        self.pressure = pressure
        self.tilt = tilt
        self.timestamp = timestamp
    }

    var isFinite: Bool { location.x.isFinite && location.y.isFinite && pressure.isFinite }
}

/// A pointer event as browsers and UIKit deliver them: pointer id, kind, phase, the sample,
/// the coalesced samples since the last event (all committed) and predicted samples (shown
/// in the live preview only, replaced by the next event).
public struct PointerEvent: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable { case pen, touch, mouse }
    public enum Phase: String, Sendable, CaseIterable { case began, moved, ended, cancelled }

    public var pointerID: Int
    public var kind: Kind
    public var phase: Phase
    public var sample: PointerSample
    public var coalesced: [PointerSample]
    public var predicted: [PointerSample]
    /// A pen writing with its eraser end (browsers: `buttons` bit 32).
    public var isEraserEnd: Bool
    /// A pen with its barrel button held (browsers: `buttons` bit 2 on a pen).
    public var barrelButton: Bool
    /// Shift held (a tap adds to the selection or takes from it).
    public var shiftKey: Bool

    public init(pointerID: Int, kind: Kind, phase: Phase, sample: PointerSample,
                coalesced: [PointerSample] = [], predicted: [PointerSample] = [],
                isEraserEnd: Bool = false, barrelButton: Bool = false, shiftKey: Bool = false) {
        self.pointerID = pointerID
        self.kind = kind
        self.phase = phase
        self.sample = sample
        self.coalesced = coalesced
        self.predicted = predicted
        self.isEraserEnd = isEraserEnd
        self.barrelButton = barrelButton
        self.shiftKey = shiftKey
    }

    #if !hasFeature(Embedded)
    private enum CodingKeys: String, CodingKey {
        case pointerID, kind, phase, sample, coalesced, predicted, isEraserEnd, barrelButton, shiftKey
    }

    /// Decodes an event; the sample lists and the pen flags may be left out.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(pointerID: try c.decode(Int.self, forKey: .pointerID), kind: try c.decode(Kind.self, forKey: .kind),
                  phase: try c.decode(Phase.self, forKey: .phase), sample: try c.decode(PointerSample.self, forKey: .sample),
                  coalesced: try c.decodeIfPresent([PointerSample].self, forKey: .coalesced) ?? [],
                  predicted: try c.decodeIfPresent([PointerSample].self, forKey: .predicted) ?? [],
                  isEraserEnd: try c.decodeIfPresent(Bool.self, forKey: .isEraserEnd) ?? false,
                  barrelButton: try c.decodeIfPresent(Bool.self, forKey: .barrelButton) ?? false,
                  shiftKey: try c.decodeIfPresent(Bool.self, forKey: .shiftKey) ?? false)
    }
    #endif

    /// The samples this event commits: its coalesced samples, or the sample itself.
    public var committedSamples: [PointerSample] {
        (coalesced.isEmpty ? [sample] : coalesced).filter({ $0.isFinite })
    }
}

/// Who annotates and who navigates (issue 5, Input model).
public enum InputMode: String, Sendable, CaseIterable {
    /// Pen and mouse annotate; one finger scrolls, two fingers pan and pinch.
    case `default`
    /// Only the pen annotates; touch always navigates; a touch while the pen is down is a palm.
    case pencilOnly
    /// One finger annotates; two fingers navigate (a second finger cancels the stroke).
    case drawWithFinger
}

#if !hasFeature(Embedded)
extension PointerSample: Codable {}
extension PointerEvent: Codable {}
extension PointerEvent.Kind: Codable {}
extension PointerEvent.Phase: Codable {}
extension InputMode: Codable {}
#endif
