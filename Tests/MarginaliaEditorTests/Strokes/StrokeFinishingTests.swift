import Foundation
import Testing
import Marginalia
@testable import MarginaliaEditor

extension StrokesTests {
    /// What a finished stroke becomes with each brush's pressure rule.
    @Suite("Stroke finishing")
    struct StrokeFinishingTests {
        static func builder(pressures: [Double]) -> StrokeBuilder {
            var builder = StrokeBuilder(width: 3)
            builder.append(pressures.enumerated().map { index, pressure in
                StrokeSample(point: CGPoint(x: 20 + Double(index) * 12, y: 100 + Double(index % 3) * 9), pressure: pressure,
                             time: Double(index) * 0.01)
            })
            return builder
        }

        /// A monoline ink keeps no pressures, so nothing can widen it later (issue 34, item 4);
        /// the pen with the same samples keeps them.
        @Test func aMonolineStrokeKeepsNoPressures() throws {
            let stroke = Self.builder(pressures: [0.1, 0.9, 0.2, 1, 0.3, 0.8, 0.15, 0.95])
            let bounds = CGRect(x: 0, y: 0, width: 600, height: 800)
            var preset = InkPreset.pen
            preset.brush = .monoline
            let monoline = try #require(StrokeFinishing.ink(from: stroke, pageIndex: 0, preset: preset, zoom: 1, pageBounds: bounds))
            guard case .ink(let ink) = monoline.kind else { Issue.record("not ink"); return }
            #expect(ink.pressures == nil && ink.brush == .monoline)
            let pen = try #require(StrokeFinishing.ink(from: stroke, pageIndex: 0, preset: .pen, zoom: 1, pageBounds: bounds))
            guard case .ink(let penInk) = pen.kind else { Issue.record("not ink"); return }
            #expect(penInk.pressures != nil)
        }
    }
}
