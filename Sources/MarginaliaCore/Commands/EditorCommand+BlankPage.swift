#if !hasFeature(Embedded)
import Foundation
#endif

// The blank page "Add page after" inserts (the browser's page menu, the native editor's
// `insertPageAfterCurrent`): its size is decided here once, for both, and for an `insertPage`
// command that names none.

extension EditorCommand {
    /// The size of a blank page with no page to take it from, in points: US Letter (8.5 x 11 in),
    /// as an `insertPage` command without `width` or `height` inserts it.
    public static let blankPageSize = CGSize(width: 612, height: 792)
    /// The widths and heights an `insertPage` command accepts, in points (ISO 32000-2, Annex C:
    /// a page is 3 to 14,400 units wide and high).
    public static let blankPageSideRange: ClosedRange<Double> = 3...14_400

    /// The `insertPage` command that adds a blank page after page `current` of `pages`: the
    /// same size as that page's crop box (before its /Rotate: the new page is upright), kept
    /// within ``blankPageSideRange``, or ``blankPageSize`` when `current` is no page of them.
    public static func blankPage(after current: Int, pages: [PageGeometry]) -> EditorCommand {
        let size = pages.indices.contains(current) ? pages[current].size : blankPageSize
        let side = { (length: CGFloat) in min(blankPageSideRange.upperBound, max(blankPageSideRange.lowerBound, Double(length))) }
        // After the last page for any `current` past it (Int.max included: no `current + 1` to overflow).
        let index = current < 0 ? 0 : current >= pages.count ? pages.count : current + 1
        return .insertPage(index: index, width: side(size.width), height: side(size.height))
    }
}
