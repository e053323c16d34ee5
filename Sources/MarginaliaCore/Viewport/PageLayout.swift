#if !hasFeature(Embedded)
import Foundation
#endif

/// The page layouts a user chooses from (the editor's View menu), by the one set of names the
/// preferences, the bridge and the browser use. Each maps onto a ``Viewport/Layout``, which
/// does the arithmetic.
public enum PageLayout: String, CaseIterable, Sendable, Equatable {
    /// Pages top to bottom, scrolling (the default).
    case continuousVertical
    /// One page at a time; keys and swipes turn pages.
    case singlePage
    /// Two pages side by side: pages 1-2, 3-4...
    case twoUp
    /// Two pages side by side after a cover page: page 1 alone, then 2-3, 4-5...
    case twoUpCover
    /// Pages left to right, scrolling sideways.
    case horizontal

    /// The viewport's layout; a single page shows page `page`.
    public func viewportLayout(showing page: Int) -> Viewport.Layout {
        switch self {
        case .continuousVertical: return .continuousVertical
        case .singlePage: return .singlePage(page)
        case .twoUp: return .twoUp(coverPage: false)
        case .twoUpCover: return .twoUp(coverPage: true)
        case .horizontal: return .horizontal
        }
    }

    /// The choice a viewport's layout is.
    public init(_ layout: Viewport.Layout) {
        switch layout {
        case .continuousVertical: self = .continuousVertical
        case .singlePage: self = .singlePage
        case .twoUp(let coverPage): self = coverPage ? .twoUpCover : .twoUp
        case .horizontal: self = .horizontal
        }
    }
}

#if !hasFeature(Embedded)
extension PageLayout: Codable {}
#endif

extension Viewport {
    /// Changes the layout to `choice`, keeping the current page in view (shown alone in the
    /// single-page layout); the same choice again changes nothing.
    public mutating func choose(_ choice: PageLayout) {
        guard PageLayout(layout) != choice else { return }
        let current = currentPage ?? 0
        layout = choice.viewportLayout(showing: current)
        showPage(current)
    }
}
