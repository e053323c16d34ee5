import Foundation
// Placeholder until the geometry branch lands.
public enum VariableWidthStroke {
    public static func outline(points: [CGPoint], widths: [CGFloat]) -> BezierPath { BezierPath.smoothed(points: points) }
}
