#if !hasFeature(Embedded)
import Foundation
#endif

/// The one transform between page space and view space (DESIGN.md, Coordinates), with the
/// state that decides it: pages, view size, layout, zoom, scroll and the view rotation.
///
/// *Page space* is a page's PDF user space: points, origin bottom-left, y up, before /Rotate.
/// *View space* is the screen: points, origin at the top-left of the view, y down, after
/// rotation, zoom and scroll. Every conversion in the editor goes through this type, and the
/// browser mirrors exactly its arithmetic (docs/coordinates.md).
///
/// The value is always consistent: setting any input re-lays the pages out and clamps the
/// scroll offset to the content, and non-finite inputs are replaced (zoom by 1, offsets and
/// sizes by 0), so no output is ever NaN.
public struct Viewport: Sendable, Equatable {
    /// How pages are arranged.
    public enum Layout: Sendable, Equatable, Hashable {
        /// Pages top to bottom, centred horizontally in a column as wide as the widest page.
        case continuousVertical
        /// Only the page at this index is shown (an index out of range is clamped).
        case singlePage(Int)
        /// Pages left to right, centred vertically in a row as tall as the tallest page.
        case horizontal
        /// Pages two by two side by side (spreads), the spreads top to bottom as in the
        /// continuous vertical layout. With a cover page the first page is alone and the
        /// spreads are 2-3, 4-5... (a book); without, 1-2, 3-4...
        case twoUp(coverPage: Bool)
    }

    /// The smallest and largest zoom factors.
    public static let zoomRange: ClosedRange<CGFloat> = 0.1...16

    // Inputs, sanitised. `relayout()` recomputes the derived values after each change.
    private var storedPages: [PageGeometry]
    private var storedViewSize: CGSize
    private var storedLayout: Layout
    private var storedPageGap: CGFloat
    private var storedZoom: CGFloat
    private var storedOffset: CGPoint
    private var storedViewRotation: Int

    /// Each page's frame in content coordinates (view points at the current zoom, before scroll
    /// and centring); same count as `pages`.
    private(set) var contentFrames: [CGRect] = []
    /// The size of everything laid out, in view points at the current zoom.
    public private(set) var contentSize: CGSize = .zero

    /// Creates a viewport; every value is sanitised as its property setter would.
    public init(pages: [PageGeometry] = [], viewSize: CGSize = .zero,
                layout: Layout = .continuousVertical, pageGap: CGFloat = 12,
                zoom: CGFloat = 1, contentOffset: CGPoint = .zero, viewRotation: Int = 0) {
        storedPages = pages
        storedViewSize = Self.sanitised(viewSize)
        storedLayout = layout
        storedPageGap = pageGap.isFinite ? max(0, pageGap) : 12
        storedZoom = Self.clampedZoom(zoom)
        storedOffset = contentOffset
        storedViewRotation = PageGeometry.normalisedRotation(viewRotation)
        relayout()
    }

    // MARK: - Inputs

    /// The pages in document order.
    public var pages: [PageGeometry] {
        get { storedPages }
        set { storedPages = newValue; relayout() }
    }

    /// The size of the view in points. Negative or non-finite dimensions become 0.
    public var viewSize: CGSize {
        get { storedViewSize }
        set { storedViewSize = Self.sanitised(newValue); relayout() }
    }

    /// The arrangement of pages. A single-page index out of range is clamped.
    public var layout: Layout {
        get { storedLayout }
        set { storedLayout = newValue; relayout() }
    }

    /// The gap between pages and around the content, in view points (not scaled by zoom).
    public var pageGap: CGFloat {
        get { storedPageGap }
        set { storedPageGap = newValue.isFinite ? max(0, newValue) : storedPageGap; relayout() }
    }

    /// View points per page point, clamped to ``zoomRange``; NaN becomes 1. Setting it keeps
    /// the content offset (see ``zoom(to:anchor:)`` to keep a point fixed).
    public var zoom: CGFloat {
        get { storedZoom }
        set { storedZoom = Self.clampedZoom(newValue); relayout() }
    }

    /// The scroll position: how far the content is moved up and left, in view points, clamped
    /// to `0...max(0, contentSize - viewSize)` on each axis. NaN becomes 0.
    public var contentOffset: CGPoint {
        get { storedOffset }
        set { storedOffset = newValue; clampOffset() }
    }

    /// The "rotate view" rotation in degrees clockwise (0, 90, 180, 270), applied on top of
    /// each page's /Rotate. Setting it directly does not re-centre; ``rotateView(clockwise:)``
    /// and ``setViewRotation(_:)`` do.
    public var viewRotation: Int {
        get { storedViewRotation }
        set { storedViewRotation = PageGeometry.normalisedRotation(newValue); relayout() }
    }

    // MARK: - Derived values

    /// The clockwise rotation a page is shown with: its /Rotate plus the view rotation.
    public func effectiveRotation(ofPage index: Int) -> Int {
        guard storedPages.indices.contains(index) else { return storedViewRotation }
        return PageGeometry.normalisedRotation(storedPages[index].rotation + storedViewRotation)
    }

    /// The page's size as shown at zoom 1 (width and height swapped at 90 and 270 degrees).
    public func displayedSize(ofPage index: Int) -> CGSize {
        guard storedPages.indices.contains(index) else { return .zero }
        let size = storedPages[index].size
        let rotation = effectiveRotation(ofPage: index)
        return rotation % 180 == 0 ? size : CGSize(width: size.height, height: size.width)
    }

    /// How far the content is moved right and down to centre it when it is smaller than the
    /// view: `max(0, (viewSize - contentSize) / 2)` on each axis.
    public var centringInset: CGPoint {
        CGPoint(x: max(0, (storedViewSize.width - contentSize.width) / 2),
                y: max(0, (storedViewSize.height - contentSize.height) / 2))
    }

    /// The page index a single-page layout shows, clamped to the pages; nil for other layouts.
    var shownSinglePage: Int? {
        guard case .singlePage(let index) = storedLayout, !storedPages.isEmpty else { return nil }
        return min(max(index, 0), storedPages.count - 1)
    }

    // MARK: - Keeping the value consistent

    mutating func relayout() {
        (contentFrames, contentSize) = Self.layOut(
            sizes: storedPages.indices.map { displayedSize(ofPage: $0) },
            layout: storedLayout, shownPage: shownSinglePage, gap: storedPageGap, zoom: storedZoom)
        clampOffset()
    }

    private mutating func clampOffset() {
        let maxX = max(0, contentSize.width - storedViewSize.width)
        let maxY = max(0, contentSize.height - storedViewSize.height)
        let x = storedOffset.x.isFinite ? storedOffset.x : 0
        let y = storedOffset.y.isFinite ? storedOffset.y : 0
        storedOffset = CGPoint(x: min(max(x, 0), maxX), y: min(max(y, 0), maxY))
    }

    static func clampedZoom(_ zoom: CGFloat) -> CGFloat {
        guard !zoom.isNaN else { return 1 }
        return min(max(zoom, zoomRange.lowerBound), zoomRange.upperBound)
    }

    private static func sanitised(_ size: CGSize) -> CGSize {
        CGSize(width: size.width.isFinite ? max(0, size.width) : 0,
               height: size.height.isFinite ? max(0, size.height) : 0)
    }
}
