import Foundation
import Testing
@testable import MarginaliaCore

@Suite("The page organiser's decisions")
struct PageOrganizerTests {
    @Test func aClickReplacesCtrlTogglesShiftExtendsFromTheAnchor() {
        var (selection, anchor) = PageOrganizer.select(2, mode: .replace, selection: [0, 1], anchor: 0, pageCount: 6)
        #expect(selection == [2] && anchor == 2)
        (selection, anchor) = PageOrganizer.select(4, mode: .toggle, selection: selection, anchor: anchor, pageCount: 6)
        #expect(selection == [2, 4] && anchor == 4)
        (selection, anchor) = PageOrganizer.select(2, mode: .toggle, selection: selection, anchor: anchor, pageCount: 6)
        #expect(selection == [4] && anchor == 2)
        (selection, anchor) = PageOrganizer.select(5, mode: .range, selection: selection, anchor: anchor, pageCount: 6)
        #expect(selection == [2, 3, 4, 5] && anchor == 2)
        (selection, anchor) = PageOrganizer.select(0, mode: .range, selection: selection, anchor: anchor, pageCount: 6)
        #expect(selection == [0, 1, 2] && anchor == 2)
    }

    @Test func aClickOutsideTheDocumentKeepsTheSelectionMinusPagesThatAreGone() {
        let (selection, anchor) = PageOrganizer.select(9, mode: .replace, selection: [1, 7], anchor: 1, pageCount: 3)
        #expect(selection == [1] && anchor == 1)
        #expect(PageOrganizer.select(1, mode: .range, selection: [], anchor: nil, pageCount: 3) == ([1], 1))
    }

    /// Three thumbnails to a row, 100 wide with gaps of 20, rows 140 apart.
    static let grid = (0..<7).map { CGRect(x: 20 + CGFloat($0 % 3) * 120, y: 20 + CGFloat($0 / 3) * 140, width: 100, height: 120) }
    static let column = (0..<4).map { CGRect(x: 10, y: 10 + CGFloat($0) * 150, width: 100, height: 130) }

    @Test func inAGridTheNearestThumbnailsHalvesAcrossDecide() {
        #expect(PageOrganizer.dropSlot(at: CGPoint(x: 30, y: 60), frames: Self.grid) == 0)
        #expect(PageOrganizer.dropSlot(at: CGPoint(x: 110, y: 60), frames: Self.grid) == 1)
        #expect(PageOrganizer.dropSlot(at: CGPoint(x: 130, y: 200), frames: Self.grid) == 4)   // left half of page 4
        #expect(PageOrganizer.dropSlot(at: CGPoint(x: 500, y: 200), frames: Self.grid) == 6)   // right of the row's last
        #expect(PageOrganizer.dropSlot(at: CGPoint(x: 90, y: 900), frames: Self.grid) == 7)    // after the last page
        #expect(PageOrganizer.dropSlot(at: CGPoint(x: 0, y: 0), frames: []) == 0)
    }

    @Test func inAColumnTheHalvesDownDecide() {
        #expect(PageOrganizer.dropSlot(at: CGPoint(x: 60, y: 20), frames: Self.column) == 0)
        #expect(PageOrganizer.dropSlot(at: CGPoint(x: 60, y: 130), frames: Self.column) == 1)
        #expect(PageOrganizer.dropSlot(at: CGPoint(x: 60, y: 165), frames: Self.column) == 1)
        #expect(PageOrganizer.dropSlot(at: CGPoint(x: 60, y: 10_000), frames: Self.column) == 4)
    }

    @Test func aDropWherePagesAlreadyAreIsNoCommand() {
        #expect(PageOrganizer.moveCommand(pages: [2, 3], slot: 2, pageCount: 6) == nil)
        #expect(PageOrganizer.moveCommand(pages: [2, 3], slot: 3, pageCount: 6) == nil)
        #expect(PageOrganizer.moveCommand(pages: [2, 3], slot: 4, pageCount: 6) == nil)
        #expect(PageOrganizer.moveCommand(pages: [2, 3], slot: 5, pageCount: 6) == .movePages(pages: [2, 3], to: 3))
        #expect(PageOrganizer.moveCommand(pages: [2, 4], slot: 3, pageCount: 6) == .movePages(pages: [2, 4], to: 2))
        #expect(PageOrganizer.moveCommand(pages: [4, 1], slot: 0, pageCount: 6) == .movePages(pages: [1, 4], to: 0))
        #expect(PageOrganizer.moveCommand(pages: [], slot: 0, pageCount: 6) == nil)
        #expect(PageOrganizer.moveCommand(pages: [1], slot: 7, pageCount: 6) == nil)
    }

    @Test func theOrderAfterAMoveKeepsTheMovedPagesTogetherInTheirOrder() {
        #expect(PageOrganizer.order(moving: [1, 3], to: 0, pageCount: 5) == [1, 3, 0, 2, 4])
        #expect(PageOrganizer.order(moving: [0, 1], to: 3, pageCount: 5) == [2, 3, 4, 0, 1])
        #expect(PageOrganizer.order(moving: [4], to: 2, pageCount: 5) == [0, 1, 4, 2, 3])
    }

    /// Every selection of every document of up to 7 pages, to every place: the single-page
    /// moves give the order wanted, and move each page at most once.
    @Test func singlePageMovesReachEveryOrderWanted() {
        for pageCount in 1...7 {
            for mask in 1..<(1 << pageCount) {
                let pages = (0..<pageCount).filter { mask & (1 << $0) != 0 }
                for to in 0...(pageCount - pages.count) {
                    let wanted = PageOrganizer.order(moving: pages, to: to, pageCount: pageCount)
                    let moves = PageOrganizer.moves(pages: pages, to: to, pageCount: pageCount)
                    #expect(PageOrganizer.directMoves(pages: pages, to: to, pageCount: pageCount) != nil, "\(pages) → \(to) of \(pageCount)")
                    var order = Array(0..<pageCount)
                    for move in moves {
                        let page = order.remove(at: move.from)
                        order.insert(page, at: move.to)
                    }
                    #expect(order == wanted, "\(pages) → \(to) of \(pageCount)")
                    #expect(moves.count <= pages.count)
                }
            }
        }
    }

    @Test func theSelectionFollowsThePagesOrTheirCopies() {
        #expect(PageOrganizer.selection(after: .movePages(pages: [1, 4], to: 2)) == [2, 3])
        #expect(PageOrganizer.selection(after: .duplicatePages(pages: [0, 2], to: 3)) == [3, 4])
        #expect(PageOrganizer.selection(after: .rotatePages(pages: [3, 1], degrees: 90)) == [1, 3])
        #expect(PageOrganizer.selection(after: .insertPages(index: 1, source: .upload(1), pages: [0, 1, 2])) == [1, 2, 3])
        #expect(PageOrganizer.selection(after: .insertPages(index: 1, source: .upload(1), pages: nil)) == nil)
        #expect(PageOrganizer.selection(after: .removePages(pages: [1])) == nil)
    }
}
