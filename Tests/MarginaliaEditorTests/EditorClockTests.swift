import Testing
@testable import MarginaliaEditor

@Suite("Editor clock")
struct EditorClockTests {
    @Test func manualClockMovesOnlyForward() {
        let clock = ManualClock(10)
        clock.advance(by: 0.4)
        #expect(clock.now == 10.4)
        clock.advance(by: -5)
        #expect(clock.now == 10.4)
    }

    @Test func systemClockIsMonotonic() {
        let clock = SystemClock()
        let a = clock.now, b = clock.now
        #expect(b >= a)
    }
}
