import Foundation

/// One sample of a pointer: where (view space), how hard, how tilted, when.
public struct PointerSample: Equatable, Sendable, Codable {
    public var location: CGPoint
    /// 0...1; mice and fingers without force report 0.5.
    public var pressure: Double
    /// Altitude of a pen in radians (π/2 = upright), when known.
    public var tilt: Double?
    public var timestamp: TimeInterval

    public init(location: CGPoint, pressure: Double = 0.5, tilt: Double? = nil, timestamp: TimeInterval = 0) {
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
public struct PointerEvent: Equatable, Sendable, Codable {
    public enum Kind: String, Sendable, Codable { case pen, touch, mouse }
    public enum Phase: String, Sendable, Codable { case began, moved, ended, cancelled }

    public var pointerID: Int
    public var kind: Kind
    public var phase: Phase
    public var sample: PointerSample
    public var coalesced: [PointerSample]
    public var predicted: [PointerSample]

    public init(pointerID: Int, kind: Kind, phase: Phase, sample: PointerSample,
                coalesced: [PointerSample] = [], predicted: [PointerSample] = []) {
        self.pointerID = pointerID
        self.kind = kind
        self.phase = phase
        self.sample = sample
        self.coalesced = coalesced
        self.predicted = predicted
    }

    /// The samples this event commits: its coalesced samples, or the sample itself.
    public var committedSamples: [PointerSample] {
        (coalesced.isEmpty ? [sample] : coalesced).filter(\.isFinite)
    }
}

/// Who annotates and who navigates (issue 5, Input model).
public enum InputMode: String, Sendable, Codable, CaseIterable {
    /// Pen and mouse annotate; one finger scrolls, two fingers pan and pinch.
    case `default`
    /// Only the pen annotates; touch always navigates; a touch while the pen is down is a palm.
    case pencilOnly
    /// One finger annotates; two fingers navigate (a second finger cancels the stroke).
    case drawWithFinger
}
