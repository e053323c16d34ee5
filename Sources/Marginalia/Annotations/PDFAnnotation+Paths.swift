import Foundation

extension PDFAnnotation {
    /// Creates an ink annotation from paths in page space (the PDFKit way: make an ink
    /// annotation, then `add(_:)` bezier paths to it).
    public static func ink(_ paths: [BezierPath] = [], color: Color = .black, width: Double = 1) -> PDFAnnotation {
        var annotation = PDFAnnotation(kind: .ink(Ink(paths: [])), rect: .zero, color: color)
        annotation.border.width = width
        for path in paths { annotation.add(path) }
        return annotation
    }

    /// Adds a path to an ink annotation: each subpath becomes one stroke of `/InkList`,
    /// curves flattened to points closely enough that the redrawn stroke matches. Points
    /// are absolute page space. Does nothing for other subtypes.
    public mutating func add(_ path: BezierPath) {
        guard case .ink(var ink) = kind else { return }
        for polyline in path.flattened(tolerance: 0.1) {
            var points = polyline.points.filter { $0.x.isFinite && $0.y.isFinite }
            if polyline.isClosed, let first = points.first { points.append(first) }
            guard !points.isEmpty else { continue }
            ink.paths.append(points)
            if ink.pressures != nil { ink.pressures?.append(Array(repeating: 1, count: points.count)) }
        }
        kind = .ink(ink)
    }

    /// Removes the strokes that `path` added (matched by their points). Returns whether any was.
    @discardableResult
    public mutating func remove(_ path: BezierPath) -> Bool {
        guard case .ink(var ink) = kind else { return false }
        var removed = false
        for polyline in path.flattened(tolerance: 0.1) {
            var points = polyline.points.filter { $0.x.isFinite && $0.y.isFinite }
            if polyline.isClosed, let first = points.first { points.append(first) }
            if let index = ink.paths.firstIndex(of: points) {
                ink.paths.remove(at: index)
                ink.pressures?.remove(at: index)
                removed = true
            }
        }
        kind = .ink(ink)
        return removed
    }

    /// The strokes of an ink annotation as paths (straight segments between the stored
    /// points); empty for other subtypes.
    public var inkPaths: [BezierPath] {
        guard case .ink(let ink) = kind else { return [] }
        return ink.paths.map { BezierPath(polyline: $0, closed: false) }
    }
}
