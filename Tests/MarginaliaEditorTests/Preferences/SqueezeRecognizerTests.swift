import Testing
@testable import MarginaliaEditor

extension PreferencesTests {
    @Suite("Squeeze recognizer")
    struct SqueezeRecognizerTests {
        /// A gesture map in which double squeezes do something, so singles must wait.
        static var withDoubleSqueeze: GestureMap {
            var map = GestureMap()
            map.assign(.undo, to: .singleSqueeze)
            map.assign(.redo, to: .doubleSqueeze)
            return map
        }

        @Test func singleWaitsForTheWindowWhenDoubleSqueezeHasAnAction() {
            let clock = ManualClock()
            let recognizer = SqueezeRecognizer(clock: clock, gestures: Self.withDoubleSqueeze)
            #expect(recognizer.squeezeEnded() == [])
            #expect(recognizer.deadline == 0.4)
            clock.advance(by: 0.2)
            #expect(recognizer.tick() == [])
            clock.advance(by: 0.2)
            #expect(recognizer.tick() == [])  // 0.4 s: a second squeeze now would still be a double
            clock.advance(by: 0.01)
            #expect(recognizer.tick() == [.singleSqueeze])
            #expect(recognizer.tick() == [])
            #expect(!recognizer.isWaiting)
        }

        @Test func singleFiresAtOnceWhenDoubleSqueezeDoesNothing() {
            let clock = ManualClock()
            var map = GestureMap()
            map.assign(.undo, to: .singleSqueeze)
            let recognizer = SqueezeRecognizer(clock: clock, gestures: map)
            #expect(recognizer.squeezeEnded() == [.singleSqueeze])
            #expect(!recognizer.isWaiting)
            clock.advance(by: 0.1)
            // Without a double-squeeze action a quick second squeeze is another single.
            #expect(recognizer.squeezeEnded() == [.singleSqueeze])
            clock.advance(by: 1)
            #expect(recognizer.tick() == [])
        }

        @Test func secondSqueezeWithin0_39sIsADoubleAndSuppressesTheSingle() {
            let clock = ManualClock(100)
            let recognizer = SqueezeRecognizer(clock: clock, gestures: Self.withDoubleSqueeze)
            #expect(recognizer.squeezeEnded() == [])
            clock.advance(by: 0.39)
            #expect(recognizer.squeezeEnded() == [.doubleSqueeze])
            clock.advance(by: 1)
            #expect(recognizer.tick() == [])
            #expect(recognizer.flush() == [])
        }

        @Test func squeezes0_41sApartAreTwoSingles() {
            let clock = ManualClock()
            let recognizer = SqueezeRecognizer(clock: clock, gestures: Self.withDoubleSqueeze)
            #expect(recognizer.squeezeEnded() == [])
            clock.advance(by: 0.41)
            #expect(recognizer.tick() == [.singleSqueeze])
            #expect(recognizer.squeezeEnded() == [])
            clock.advance(by: 0.41)
            #expect(recognizer.tick() == [.singleSqueeze])
        }

        @Test func anOverdueSingleIsReportedByTheNextSqueezeWhenNoTickCame() {
            let clock = ManualClock()
            let recognizer = SqueezeRecognizer(clock: clock, gestures: Self.withDoubleSqueeze)
            #expect(recognizer.squeezeEnded() == [])
            clock.advance(by: 0.41)
            #expect(recognizer.squeezeEnded() == [.singleSqueeze])
            #expect(recognizer.isWaiting)
            clock.advance(by: 0.41)
            #expect(recognizer.tick() == [.singleSqueeze])
        }

        @Test func tripleSqueezeIsADoubleThenASingle() {
            let clock = ManualClock()
            let recognizer = SqueezeRecognizer(clock: clock, gestures: Self.withDoubleSqueeze)
            #expect(recognizer.squeezeEnded() == [])
            clock.advance(by: 0.2)
            #expect(recognizer.squeezeEnded() == [.doubleSqueeze])
            clock.advance(by: 0.2)
            // The third squeeze starts a new sequence rather than making a second double.
            #expect(recognizer.squeezeEnded() == [])
            clock.advance(by: 0.3)
            #expect(recognizer.tick() == [])
            clock.advance(by: 0.2)
            #expect(recognizer.tick() == [.singleSqueeze])
        }

        @Test func flushReportsTheWaitingSingleAtOnce() {
            let clock = ManualClock()
            let recognizer = SqueezeRecognizer(clock: clock, gestures: Self.withDoubleSqueeze)
            #expect(recognizer.squeezeEnded() == [])
            #expect(recognizer.flush() == [.singleSqueeze])
            #expect(recognizer.flush() == [])
            clock.advance(by: 1)
            #expect(recognizer.tick() == [])
        }

        @Test func followsGestureMapChanges() {
            let clock = ManualClock()
            let recognizer = SqueezeRecognizer(clock: clock)  // defaults: no double-squeeze action
            #expect(!recognizer.waitsForDoubleSqueeze)
            recognizer.update(from: Self.withDoubleSqueeze)
            #expect(recognizer.waitsForDoubleSqueeze)
            #expect(recognizer.squeezeEnded() == [])
            recognizer.reset()
            clock.advance(by: 1)
            #expect(recognizer.tick() == [])
        }
    }
}
