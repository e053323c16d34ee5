import Foundation
@testable import MarginaliaEditor

/// Synthetic pen input for the stroke tests: deterministic, so a failure reproduces.
enum StrokeFixtures {
    /// A small linear congruential generator; `next()` is uniform in -1...1.
    struct Noise {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> CGFloat {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return CGFloat(Double(state >> 11) / Double(1 << 53)) * 2 - 1
        }
    }

    /// `count` points along `curve(t)` for t in 0...1.
    static func sample(_ count: Int, _ curve: (CGFloat) -> CGPoint) -> [CGPoint] {
        (0..<count).map { curve(CGFloat($0) / CGFloat(max(1, count - 1))) }
    }

    /// Points along a polyline through `corners`, `perSide` per side.
    static func polyline(_ corners: [CGPoint], perSide: Int = 40) -> [CGPoint] {
        var points: [CGPoint] = []
        for index in 0..<(corners.count - 1) {
            let a = corners[index], b = corners[index + 1]
            for step in 0..<perSide {
                let t = CGFloat(step) / CGFloat(perSide)
                points.append(CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
        }
        points.append(corners[corners.count - 1])
        return points
    }

    /// The points moved by up to `amount` in each direction.
    static func jittered(_ points: [CGPoint], by amount: CGFloat, seed: UInt64 = 7) -> [CGPoint] {
        var noise = Noise(seed: seed)
        return points.map { CGPoint(x: $0.x + amount * noise.next(), y: $0.y + amount * noise.next()) }
    }

    /// A smooth, dense pen stroke: a wave 400 pt long with pressure rising and falling.
    static func smoothWave(count: Int) -> [StrokeSample] {
        (0..<count).map { index in
            let t = Double(index) / Double(count - 1)
            let point = CGPoint(x: 100 + 400 * t, y: 300 + 60 * sin(t * 3 * .pi) + 20 * cos(t * 7))
            return StrokeSample(point: point, pressure: 0.2 + 0.6 * sin(t * .pi), time: t)
        }
    }

    static func samples(_ points: [CGPoint], pressure: Double = 0.5) -> [StrokeSample] {
        points.enumerated().map { StrokeSample(point: $1, pressure: pressure, time: Double($0) / 240) }
    }

    /// The angle in degrees between consecutive segments of a polyline, skipping segments
    /// shorter than `minimumLength` (their direction is rounding noise).
    static func turnAngles(_ points: [CGPoint], minimumLength: CGFloat = 1e-6) -> [CGFloat] {
        var directions: [CGFloat] = []
        for index in 1..<points.count {
            let dx = points[index].x - points[index - 1].x, dy = points[index].y - points[index - 1].y
            if hypot(dx, dy) > minimumLength { directions.append(atan2(dy, dx)) }
        }
        guard directions.count > 1 else { return [] }
        return (1..<directions.count).map { index in
            var turn = abs(directions[index] - directions[index - 1])
            if turn > .pi { turn = 2 * .pi - turn }
            return turn * 180 / .pi
        }
    }
}
