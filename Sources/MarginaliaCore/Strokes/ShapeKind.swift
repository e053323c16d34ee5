#if !hasFeature(Embedded)
import Foundation
#endif

/// The shapes the Shape tool draws from a drag.
public enum ShapeKind: String, Sendable, CaseIterable {
    case rectangle, ellipse, triangle, line, arrow
}

#if !hasFeature(Embedded)
extension ShapeKind: Codable {}
#endif
