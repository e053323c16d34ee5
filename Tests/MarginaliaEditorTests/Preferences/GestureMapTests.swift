import Foundation
import Testing
@testable import MarginaliaEditor

extension PreferencesTests {
    @Suite("Gesture map")
    struct GestureMapTests {
        @Test func defaultsToggleEraserOnDoubleTapAndEraseWithTheEraserEnd() {
            let map = GestureMap()
            #expect(map.action(for: .doubleTap) == .toggleEraser)
            #expect(map.action(for: .penEraserEnd) == .eraserTool)
            for gesture in [StylusGesture.singleSqueeze, .doubleSqueeze, .penBarrelButton] {
                #expect(map.action(for: gesture) == GestureAction.none)
            }
            #expect(map.actionsInUse == [.toggleEraser, .eraserTool])
        }

        @Test func assigningAnActionInUseMovesIt() {
            var map = GestureMap()
            map.assign(.toggleEraser, to: .singleSqueeze)
            #expect(map.action(for: .singleSqueeze) == .toggleEraser)
            #expect(map.action(for: .doubleTap) == GestureAction.none)
            #expect(map.gesture(for: .toggleEraser) == .singleSqueeze)
            #expect(map.actionsInUse == [.toggleEraser, .eraserTool])
        }

        @Test func assigningTheSameActionAgainKeepsIt() {
            var map = GestureMap()
            map.assign(.toggleEraser, to: .doubleTap)
            #expect(map == GestureMap())
        }

        @Test func mapsThatBehaveAlikeAreEqual() {
            var map = GestureMap()
            map.assign(.none, to: .singleSqueeze)
            map.assign(.undo, to: .penBarrelButton)
            map.assign(.none, to: .penBarrelButton)
            #expect(map == GestureMap())
        }

        @Test func noneIsNeverMovedAndMayBeEverywhere() {
            var map = GestureMap()
            map.assign(.none, to: .doubleTap)
            map.assign(.none, to: .penEraserEnd)
            map.assign(.undo, to: .singleSqueeze)
            map.assign(.none, to: .doubleSqueeze)
            #expect(map.action(for: .singleSqueeze) == .undo)
            #expect(map.action(for: .doubleTap) == GestureAction.none)
            #expect(map.action(for: .penEraserEnd) == GestureAction.none)
            #expect(map.gesture(for: .none) == nil)
            #expect(map.actionsInUse == [.undo])
        }

        @Test func replacingAGesturesActionFreesTheOldAction() {
            var map = GestureMap()
            map.assign(.redo, to: .doubleTap)
            #expect(!map.actionsInUse.contains(.toggleEraser))
            #expect(map.gesture(for: .toggleEraser) == nil)
            #expect(map.gesture(for: .redo) == .doubleTap)
        }

        @Test func everyActionAtMostOnceAfterManyAssignments() {
            var map = GestureMap()
            let actions = GestureAction.allCases
            let gestures = StylusGesture.allCases
            for step in 0..<200 {
                map.assign(actions[(step * 7) % actions.count], to: gestures[(step * 3) % gestures.count])
                let assigned = gestures.map(map.action(for:)).filter { $0 != .none }
                #expect(assigned.count == Set(assigned).count)
                #expect(Set(assigned) == map.actionsInUse)
            }
        }

        @Test func encodesEveryGestureByName() throws {
            let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(GestureMap())) as? [String: String]
            #expect(json == ["doubleTap": "toggleEraser", "singleSqueeze": "none", "doubleSqueeze": "none",
                             "penEraserEnd": "eraserTool", "penBarrelButton": "none"])
        }

        @Test func decodingRepairsADuplicateInFavourOfTheFirstGesture() throws {
            let json = #"{"doubleTap": "undo", "singleSqueeze": "redo", "doubleSqueeze": "undo", "penBarrelButton": "redo", "penEraserEnd": "none"}"#
            let notes = PreferenceDecodingNotes()
            let decoder = JSONDecoder()
            decoder.userInfo[PreferenceDecodingNotes.userInfoKey] = notes
            let map = try decoder.decode(GestureMap.self, from: Data(json.utf8))
            #expect(map.action(for: .doubleTap) == .undo)
            #expect(map.action(for: .singleSqueeze) == .redo)
            #expect(map.action(for: .doubleSqueeze) == GestureAction.none)
            #expect(map.action(for: .penBarrelButton) == GestureAction.none)
            #expect(notes.notes.count == 2)
            #expect(notes.notes.first?.contains("undo") == true)
        }

        @Test func decodingFillsMissingGesturesWithFreeDefaultsOnly() throws {
            // An older file that moved toggleEraser to the barrel button and knew no eraser end.
            let json = #"{"doubleTap": "undo", "penBarrelButton": "toggleEraser", "tripleTap": "redo"}"#
            let map = try JSONDecoder().decode(GestureMap.self, from: Data(json.utf8))
            #expect(map.action(for: .doubleTap) == .undo)
            #expect(map.action(for: .penBarrelButton) == .toggleEraser)
            #expect(map.action(for: .penEraserEnd) == .eraserTool)
            #expect(map.actionsInUse == [.undo, .toggleEraser, .eraserTool])
        }

        @Test func decodingAnUnknownActionMeansNone() throws {
            let json = #"{"doubleTap": "summonDragon"}"#
            let map = try JSONDecoder().decode(GestureMap.self, from: Data(json.utf8))
            #expect(map.action(for: .doubleTap) == GestureAction.none)
            // toggleEraser is free again, but doubleTap was mentioned, so it stays none.
            #expect(map.gesture(for: .toggleEraser) == nil)
        }
    }
}
