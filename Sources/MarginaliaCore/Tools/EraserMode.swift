#if !hasFeature(Embedded)
import Foundation
#endif

/// What an eraser removes: every annotation it touches (`stroke`), or the parts of ink
/// strokes under its sweep (`segment`).
public enum EraserMode: String, Sendable, CaseIterable {
    case stroke, segment
}

#if !hasFeature(Embedded)
extension EraserMode: Codable {}
#endif
