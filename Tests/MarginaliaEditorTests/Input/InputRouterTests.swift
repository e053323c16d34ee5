import Foundation
import Testing
@testable import MarginaliaEditor

@Suite("Input routing")
struct InputRouterTests {
    func event(_ id: Int, _ kind: PointerEvent.Kind, _ phase: PointerEvent.Phase, _ x: CGFloat, _ y: CGFloat,
               coalesced: [CGPoint] = [], predicted: [CGPoint] = []) -> PointerEvent {
        PointerEvent(pointerID: id, kind: kind, phase: phase, sample: PointerSample(location: CGPoint(x: x, y: y)),
                     coalesced: coalesced.map { PointerSample(location: $0) }, predicted: predicted.map { PointerSample(location: $0) })
    }

    @Test(arguments: [(InputMode.default, PointerEvent.Kind.pen, true), (.default, .mouse, true), (.default, .touch, false),
                      (.pencilOnly, .pen, true), (.pencilOnly, .mouse, false), (.pencilOnly, .touch, false),
                      (.drawWithFinger, .touch, true), (.drawWithFinger, .pen, true)])
    func whoDraws(mode: InputMode, kind: PointerEvent.Kind, draws: Bool) {
        var router = InputRouter(mode: mode)
        let actions = router.handle(event(1, kind, .began, 10, 10))
        #expect((actions.first.map { if case .began = $0 { return true } else { return false } } ?? false) == draws)
    }

    @Test func coalescedSamplesAreCommittedAndPredictedOnlyPreviewed() {
        var router = InputRouter()
        _ = router.handle(event(1, .pen, .began, 0, 0))
        let actions = router.handle(event(1, .pen, .moved, 3, 3, coalesced: [CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2), CGPoint(x: 3, y: 3)],
                                          predicted: [CGPoint(x: 4, y: 4)]))
        guard case .moved(_, let samples, let predicted)? = actions.first else { Issue.record("no move"); return }
        #expect(samples.map(\.location.x) == [1, 2, 3])
        #expect(predicted.map(\.location.x) == [4])
        #expect(router.handle(event(1, .pen, .ended, 3, 3)) == [.ended(pointerID: 1)])
    }

    @Test func secondFingerCancelsAFingerStrokeAndNavigates() {
        var router = InputRouter(mode: .drawWithFinger)
        _ = router.handle(event(1, .touch, .began, 100, 100))
        #expect(router.handle(event(2, .touch, .began, 200, 100)) == [.cancelled(pointerID: 1)])
        let actions = router.handle(event(2, .touch, .moved, 300, 100))
        #expect(actions.contains(.pinch(scale: 2, center: CGPoint(x: 200, y: 100))))
        #expect(router.handle(event(1, .touch, .ended, 100, 100)).isEmpty, "the cancelled stroke does not end again")
    }

    @Test func palmWhilePenIsDownIsIgnoredInPencilOnly() {
        var router = InputRouter(mode: .pencilOnly)
        _ = router.handle(event(1, .pen, .began, 10, 10))
        #expect(router.handle(event(2, .touch, .began, 50, 50)).isEmpty)
        #expect(router.handle(event(2, .touch, .moved, 80, 50)).isEmpty, "a palm neither draws nor scrolls")
        #expect(router.handle(event(1, .pen, .moved, 20, 20)).count == 1)
    }

    @Test func oneFingerScrollsInDefaultMode() {
        var router = InputRouter()
        _ = router.handle(event(1, .touch, .began, 10, 10))
        #expect(router.handle(event(1, .touch, .moved, 15, 30)) == [.pan(dx: 5, dy: 20)])
    }

    @Test func outOfOrderAndBadEventsAreDropped() {
        var router = InputRouter()
        #expect(router.handle(event(9, .pen, .moved, 1, 1)).isEmpty, "moved before began")
        #expect(router.handle(event(9, .pen, .ended, 1, 1)).isEmpty, "unknown pointer")
        _ = router.handle(event(1, .pen, .began, 0, 0))
        #expect(router.handle(event(1, .pen, .began, 0, 0)).isEmpty, "duplicate began")
        #expect(router.handle(event(1, .pen, .moved, .nan, 0)).isEmpty, "NaN")
        #expect(router.handle(event(1, .pen, .ended, 0, 0)) == [.ended(pointerID: 1)])
        #expect(router.handle(event(1, .pen, .ended, 0, 0)).isEmpty, "duplicate ended")
    }
}

extension InputRouterTests {
    @Test func oneFingerSwipingSidewaysIsASwipe() {
        var router = InputRouter()
        _ = router.handle(event(1, .touch, .began, 300, 300))
        _ = router.handle(event(1, .touch, .moved, 240, 310))
        #expect(router.handle(event(1, .touch, .ended, 240, 310)) == [.swipe(dx: -60)])
        _ = router.handle(event(2, .touch, .began, 300, 300))
        _ = router.handle(event(2, .touch, .moved, 330, 300))
        #expect(router.handle(event(2, .touch, .ended, 330, 300)).isEmpty, "too short")
        _ = router.handle(event(3, .touch, .began, 300, 300))
        _ = router.handle(event(3, .touch, .moved, 240, 380))
        #expect(router.handle(event(3, .touch, .ended, 240, 380)).isEmpty, "mostly downwards: a scroll")
    }

    @Test func twoFingersNeverSwipe() {
        var router = InputRouter()
        _ = router.handle(event(1, .touch, .began, 300, 300))
        _ = router.handle(event(2, .touch, .began, 400, 300))
        _ = router.handle(event(1, .touch, .moved, 200, 300))
        _ = router.handle(event(2, .touch, .moved, 300, 300))
        #expect(router.handle(event(1, .touch, .ended, 200, 300)).isEmpty)
        #expect(router.handle(event(2, .touch, .ended, 300, 300)).isEmpty)
    }
}
