import Foundation
import Testing
@testable import MarginaliaEditor

/// The parent suite of the viewport tests; each concern is a nested suite in its own file.
@Suite("Viewport")
struct ViewportTests {}

// MARK: - Helpers shared by the viewport suites

extension ViewportTests {
    static let letter = PageGeometry(size: CGSize(width: 612, height: 792))
    static let a4Landscape = PageGeometry(size: CGSize(width: 842, height: 595), origin: CGPoint(x: 10, y: -20))
    static let layouts: [Viewport.Layout] = [.continuousVertical, .singlePage(1), .horizontal, .twoUp(coverPage: false),
                                             .twoUp(coverPage: true)]

    /// Three pages of different sizes, origins and rotations.
    static let mixedPages = [
        letter,
        a4Landscape,
        PageGeometry(size: CGSize(width: 300, height: 400), origin: CGPoint(x: 50, y: 60), rotation: 90),
    ]

    static func viewport(_ pages: [PageGeometry] = mixedPages, layout: Viewport.Layout = .continuousVertical,
                         zoom: CGFloat = 1, viewRotation: Int = 0,
                         viewSize: CGSize = CGSize(width: 800, height: 600)) -> Viewport {
        Viewport(pages: pages, viewSize: viewSize, layout: layout, zoom: zoom, viewRotation: viewRotation)
    }
}

func close(_ a: CGPoint, _ b: CGPoint, tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

func close(_ a: CGRect, _ b: CGRect, tolerance: CGFloat = 1e-9) -> Bool {
    close(a.origin, b.origin, tolerance: tolerance)
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

func close(_ a: CGFloat, _ b: CGFloat, tolerance: CGFloat = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

func isFinite(_ p: CGPoint) -> Bool { p.x.isFinite && p.y.isFinite }
