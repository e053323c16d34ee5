import Foundation
import Testing
@testable import MarginaliaCore

extension GeometryTests {
    @Suite("SpatialIndex")
    struct SpatialIndexTests {
        @Test func insertQueryRemoveUpdate() {
            var index = SpatialIndex<String>()
            index.insert("a", rect: CGRect(x: 0, y: 0, width: 10, height: 10))
            index.insert("b", rect: CGRect(x: 100, y: 100, width: 10, height: 10))
            index.insert("c", rect: CGRect(x: 5, y: 5, width: 200, height: 3))     // spans many cells
            #expect(index.count == 3)
            #expect(Set(index.query(CGRect(x: 0, y: 0, width: 6, height: 6))) == ["a", "c"])
            #expect(index.query(CGRect(x: 100, y: 100, width: 1, height: 1)) == ["b"])
            #expect(index.query(CGRect(x: 50, y: 50, width: 1, height: 1)).isEmpty)
            #expect(index.query(CGRect(x: 150, y: 6, width: 1, height: 1)) == ["c"])

            index.update("b", rect: CGRect(x: 1, y: 1, width: 2, height: 2))
            #expect(Set(index.query(CGRect(x: 0, y: 0, width: 3, height: 3))) == ["a", "b"])
            #expect(index.query(CGRect(x: 100, y: 100, width: 10, height: 10)).isEmpty, "b moved away")
            index.remove("a")
            index.remove("a")
            index.remove("never inserted")
            #expect(index.count == 2)
            #expect(index.query(CGRect(x: 0, y: 0, width: 3, height: 3)) == ["b"])
            index.insert("c", rect: CGRect(x: 500, y: 500, width: 1, height: 1))    // insert again = move
            #expect(index.count == 2 && index.query(CGRect(x: 150, y: 6, width: 1, height: 1)).isEmpty)
            index.removeAll()
            #expect(index.count == 0 && index.query(CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)).isEmpty)
        }

        @Test func eachIDOnceAndTouchingEdgesCount() {
            var index = SpatialIndex<Int>(cellSize: 10)
            index.insert(1, rect: CGRect(x: 0, y: 0, width: 95, height: 95))       // about 100 cells
            #expect(index.query(CGRect(x: -50, y: -50, width: 200, height: 200)) == [1])
            #expect(index.query(CGRect(x: 95, y: 95, width: 5, height: 5)) == [1], "touching corners overlap")
            #expect(index.query(CGRect(x: 95.01, y: 0, width: 5, height: 5)).isEmpty)
        }

        @Test func degenerateRectanglesAreFound() {
            var index = SpatialIndex<String>()
            index.insert("point", rect: CGRect(x: 40, y: 40, width: 0, height: 0))
            index.insert("horizontal line", rect: CGRect(x: 0, y: 20, width: 300, height: 0))
            index.insert("inverted", rect: CGRect(x: 70, y: 70, width: -20, height: -20))
            #expect(index.query(CGRect(x: 39, y: 39, width: 2, height: 2)) == ["point"])
            #expect(index.query(CGRect(x: 150, y: 19, width: 1, height: 1)) == ["horizontal line"])
            #expect(index.query(CGRect(x: 55, y: 55, width: 1, height: 1)) == ["inverted"])
            #expect(index.rect(for: "inverted") == CGRect(x: 50, y: 50, width: 20, height: 20))
            #expect(index.query(CGRect(x: 60, y: 60, width: -15, height: -15)) == ["inverted"], "inverted queries too")
        }

        @Test func unplaceableRectanglesAreCountedAndRemovable() {
            var index = SpatialIndex<String>()
            index.insert("nan", rect: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10))
            index.insert("null", rect: .null)
            index.insert("nan size", rect: CGRect(x: 0, y: 0, width: 10, height: CGFloat.nan))
            #expect(index.count == 3)
            #expect(index.contains("nan") && index.rect(for: "nan") == nil)
            #expect(index.query(CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)).isEmpty)
            #expect(index.query(.infinite).isEmpty)
            index.remove("nan")
            index.remove("null")
            index.remove("nan size")
            #expect(index.count == 0)
            #expect(index.query(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)).isEmpty)
        }

        @Test func hugeRectanglesAndQueries() {
            var index = SpatialIndex<String>()
            index.insert("small", rect: CGRect(x: 10, y: 10, width: 1, height: 1))
            index.insert("page", rect: CGRect(x: 0, y: 0, width: 612, height: 792))
            index.insert("huge", rect: CGRect(x: -1e15, y: -1e15, width: 2e15, height: 2e15))
            index.insert("infinite", rect: .infinite)
            index.insert("half plane", rect: CGRect(x: 0, y: -1e300, width: CGFloat.infinity, height: CGFloat.infinity))
            // −∞ + ∞ is NaN: such a rectangle has no defined area and is never found.
            index.insert("undefined", rect: CGRect(x: 0, y: -CGFloat.infinity, width: 1, height: CGFloat.infinity))
            index.insert("far", rect: CGRect(x: 1e200, y: 1e200, width: 1, height: 1))
            #expect(Set(index.query(CGRect(x: 10.5, y: 10.5, width: 0, height: 0))) == ["small", "page", "huge", "infinite", "half plane"])
            #expect(Set(index.query(CGRect(x: 1e200, y: 1e200, width: 0, height: 0))) == ["infinite", "far", "half plane"])
            #expect(Set(index.query(.infinite)) == ["small", "page", "huge", "infinite", "far", "half plane"])
            #expect(Set(index.query(CGRect(x: -1e300, y: -1e300, width: 2e300, height: 2e300)))
                        == ["small", "page", "huge", "infinite", "half plane", "far"])
            #expect(Set(index.query(CGRect(x: 5, y: -5, width: 1, height: 1))) == ["huge", "infinite", "half plane"])
            #expect(Set(index.query(CGRect(x: -5, y: -5, width: 1, height: 1))) == ["huge", "infinite"])
            #expect(index.count == 7)
            index.remove("huge")
            index.remove("infinite")
            index.remove("undefined")
            #expect(index.count == 4)
        }

        @Test(arguments: [8, 32, 200] as [CGFloat])
        func matchesABruteForceSearch(cellSize: CGFloat) {
            var random = SeededGenerator(seed: UInt64(cellSize))
            var index = SpatialIndex<Int>(cellSize: cellSize)
            var truth: [Int: CGRect] = [:]
            func randomRect() -> CGRect {
                let origin = random.point(in: -100...900)
                let big = Int.random(in: 0..<20, using: &random) == 0
                let extent: ClosedRange<CGFloat> = big ? -800...800 : -30...30
                return CGRect(x: origin.x, y: origin.y, width: CGFloat.random(in: extent, using: &random),
                              height: CGFloat.random(in: extent, using: &random))
            }
            for step in 0..<3_000 {
                let id = Int.random(in: 0..<600, using: &random)
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<5:
                    let rect = randomRect()
                    index.insert(id, rect: rect)
                    truth[id] = rect.standardized
                case 5..<7:
                    index.remove(id)
                    truth[id] = nil
                default:
                    let area = randomRect().standardized
                    let expected = Set(truth.filter { _, r in
                        r.minX <= area.maxX && area.minX <= r.maxX && r.minY <= area.maxY && area.minY <= r.maxY
                    }.keys)
                    let found = index.query(area)
                    #expect(found.count == Set(found).count, "duplicates at step \(step)")
                    #expect(Set(found) == expected, "step \(step)")
                }
                #expect(index.count == truth.count)
            }
        }

        @Test func tenThousandRectanglesAndQueriesStayFast() {
            var random = SeededGenerator(seed: 10_000)
            let rects = (0..<10_000).map { _ in
                let origin = random.point(in: 0...600)
                return CGRect(x: origin.x, y: origin.y, width: CGFloat.random(in: 1...40, using: &random),
                              height: CGFloat.random(in: 1...40, using: &random))
            }
            let queries = (0..<10_000).map { _ in
                let center = random.point(in: 0...612)
                return CGRect(x: center.x - 8, y: center.y - 8, width: 16, height: 16)
            }
            var index = SpatialIndex<Int>()
            var hits = 0
            let elapsed = ContinuousClock().measure {
                for (id, rect) in rects.enumerated() { index.insert(id, rect: rect) }
                for query in queries { hits += index.query(query).count }
            }
            print("SpatialIndex: 10,000 inserts and 10,000 queries (\(hits) hits) in \(elapsed)")
            #expect(index.count == 10_000)
            #expect(hits > 10_000)
            #expect(elapsed < .seconds(10))
        }
    }
}
