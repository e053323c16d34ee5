#if !hasFeature(Embedded)
import Foundation
#endif

/// Rectangles by id in page space, found fast by the rectangles they overlap: each page
/// keeps one so that hit tests and eraser sweeps over thousands of annotations only look
/// at the few near the pointer.
///
/// A uniform grid: every rectangle is listed in the cells it covers. Rectangles too big
/// for the grid (covering more than ``maximumCellsPerItem`` cells, or reaching beyond
/// ±10¹² points) are kept in a short side list that every query checks. Rectangles are
/// standardised (negative sizes flipped); zero-size rectangles (a point, a horizontal
/// line's bounds) are kept and found. A rectangle with a NaN coordinate, or a null one,
/// is never found by a query, but its id is still counted and can be removed.
public struct SpatialIndex<ID: Hashable & Sendable>: Sendable {
    /// The side of a grid cell in points.
    public let cellSize: CGFloat

    /// A rectangle covering more cells than this goes to the side list instead.
    public static var maximumCellsPerItem: Int { 256 }

    /// Coordinates beyond this magnitude are not placed in the grid (cell numbers must
    /// fit in an `Int`).
    static var coordinateLimit: CGFloat { 1e12 }

    private struct Cell: Hashable {
        var x: Int
        var y: Int
    }

    private struct CellRange {
        var minX: Int, minY: Int, maxX: Int, maxY: Int
        /// The number of cells, as a Double: a clamped huge range overflows `Int`.
        var count: Double { (Double(maxX) - Double(minX) + 1) * (Double(maxY) - Double(minY) + 1) }
    }

    private enum Placement {
        case grid(CellRange)
        case oversized
        case unplaced
    }

    private struct Entry {
        var id: ID
        var rect: CGRect
        var placement: Placement
    }

    private var entries: [Entry?] = []
    private var freeSlots: [Int] = []
    private var slotByID: [ID: Int] = [:]
    private var cells: [Cell: [Int]] = [:]
    private var oversized: Set<Int> = []

    /// An empty index with square cells of `cellSize` points (a value that is not between
    /// 1 and 10⁶ means 32).
    public init(cellSize: CGFloat = 32) {
        self.cellSize = cellSize >= 1 && cellSize <= 1e6 ? cellSize : 32
    }

    /// The number of ids in the index, unplaced (NaN) rectangles included.
    public var count: Int { slotByID.count }

    /// Whether `id` is in the index.
    public func contains(_ id: ID) -> Bool { slotByID[id] != nil }

    /// The standardised rectangle stored for `id`; nil when `id` is absent or its
    /// rectangle was null or had a NaN coordinate.
    public func rect(for id: ID) -> CGRect? {
        guard let slot = slotByID[id], let entry = entries[slot] else { return nil }
        if case .unplaced = entry.placement { return nil }
        return entry.rect
    }

    // MARK: - Changing

    /// Adds `id` covering `rect`; an id already present is moved to `rect`.
    public mutating func insert(_ id: ID, rect: CGRect) {
        remove(id)
        let normalised = SpatialIndex.normalise(rect)
        let placement = normalised.map(place) ?? .unplaced
        let entry = Entry(id: id, rect: normalised ?? .null, placement: placement)
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
            entries[slot] = entry
        } else {
            slot = entries.count
            entries.append(entry)
        }
        slotByID[id] = slot
        switch placement {
        case .grid(let range):
            forEachCell(in: range) { cells[$0, default: []].append(slot) }
        case .oversized:
            oversized.insert(slot)
        case .unplaced:
            break
        }
    }

    /// Moves `id` to `rect` (adding it when absent).
    public mutating func update(_ id: ID, rect: CGRect) {
        insert(id, rect: rect)
    }

    /// Removes `id`; does nothing when it is absent.
    public mutating func remove(_ id: ID) {
        guard let slot = slotByID.removeValue(forKey: id), let entry = entries[slot] else { return }
        switch entry.placement {
        case .grid(let range):
            forEachCell(in: range) { cell in
                cells[cell]?.removeAll { $0 == slot }
                if cells[cell]?.isEmpty == true { cells[cell] = nil }
            }
        case .oversized:
            oversized.remove(slot)
        case .unplaced:
            break
        }
        entries[slot] = nil
        freeSlots.append(slot)
    }

    /// Removes every id.
    public mutating func removeAll() {
        self = SpatialIndex(cellSize: cellSize)
    }

    // MARK: - Querying

    /// The ids whose rectangles overlap or touch `rect`, each once, in no particular order.
    /// A null rectangle or one with a NaN coordinate finds nothing.
    public func query(_ rect: CGRect) -> [ID] {
        guard let area = SpatialIndex.normalise(rect) else { return [] }
        var found: [ID] = []
        for slot in oversized {
            if let entry = entries[slot], SpatialIndex.overlap(entry.rect, area) { found.append(entry.id) }
        }
        let range = cellRange(of: area)
        guard range.count <= Double(max(64, cells.count)) else {
            // A query wider than the occupied grid: scanning every entry is cheaper.
            for case let entry? in entries {
                if case .grid = entry.placement, SpatialIndex.overlap(entry.rect, area) { found.append(entry.id) }
            }
            return found
        }
        forEachCell(in: range) { cell in
            for slot in cells[cell] ?? [] {
                guard let entry = entries[slot], case .grid(let own) = entry.placement else { continue }
                // An entry listed in several cells is reported only from the first cell
                // that both it and the query cover.
                guard cell.x == max(own.minX, range.minX), cell.y == max(own.minY, range.minY),
                      SpatialIndex.overlap(entry.rect, area) else { continue }
                found.append(entry.id)
            }
        }
        return found
    }

    // MARK: - Helpers

    /// The standardised rectangle, or nil when it is null or has a NaN coordinate.
    private static func normalise(_ rect: CGRect) -> CGRect? {
        guard !rect.isNull else { return nil }
        let values = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
        guard !values.contains(where: { $0.isNaN }) else { return nil }
        let r = rect.standardized
        guard ![r.minX, r.minY, r.maxX, r.maxY].contains(where: { $0.isNaN }) else { return nil }
        return r
    }

    /// Whether two standardised rectangles share a point (edges included).
    private static func overlap(_ a: CGRect, _ b: CGRect) -> Bool {
        a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    }

    private func place(_ rect: CGRect) -> Placement {
        let limit = SpatialIndex.coordinateLimit
        guard [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy({ abs($0) <= limit }) else {
            return .oversized
        }
        let range = cellRange(of: rect)
        return range.count <= Double(SpatialIndex.maximumCellsPerItem) ? .grid(range) : .oversized
    }

    /// The cells `rect` covers, with its coordinates clamped to ±``coordinateLimit``.
    private func cellRange(of rect: CGRect) -> CellRange {
        let limit = SpatialIndex.coordinateLimit
        func cell(_ value: CGFloat) -> Int {
            Int((min(limit, max(-limit, value)) / cellSize).rounded(.down))
        }
        return CellRange(minX: cell(rect.minX), minY: cell(rect.minY), maxX: cell(rect.maxX), maxY: cell(rect.maxY))
    }

    private func forEachCell(in range: CellRange, _ body: (Cell) -> Void) {
        for y in range.minY...range.maxY {
            for x in range.minX...range.maxX { body(Cell(x: x, y: y)) }
        }
    }
}
