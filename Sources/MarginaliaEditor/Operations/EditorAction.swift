import Foundation
import Marginalia

/// A whole interaction recorded by a remote client (the browser editor) in page space, which
/// the engine turns into operations with the same code its own tools use: a stroke is
/// smoothed, simplified for the zoom and clipped to its page; an eraser sweep cuts or removes
/// what it touches by geometry.
///
/// JSON (docs/operations.md): `{"stroke": {...}}` or `{"erase": {...}}`.
public enum EditorAction: Codable, Equatable, Sendable {
    case stroke(Stroke)
    case erase(Erase)

    /// The most points one action may carry (the annotation JSON's limit per annotation).
    public static let maximumPoints = 1_000_000

    /// A pen, marker or highlighter stroke.
    public struct Stroke: Codable, Equatable, Sendable {
        /// The page the stroke began on; it stays there and is clipped to it.
        public var pageIndex: Int
        /// Samples `[x, y]`, `[x, y, pressure]` or `[x, y, pressure, time]` in page space.
        public var points: [[Double]]
        /// Colour, width, opacity and whether pressure varies the width.
        public var ink: InkPreset
        /// View pixels per page point when the stroke ended (sets the simplification tolerance).
        public var zoom: Double
        /// Whether a confident shape replaces the ink (the pen was held still at the end, or
        /// every stroke is recognised).
        public var recognizeShape: Bool
        public var author: String?

        public init(pageIndex: Int, points: [[Double]], ink: InkPreset, zoom: Double = 1,
                    recognizeShape: Bool = false, author: String? = nil) {
            self.pageIndex = pageIndex
            self.points = points
            self.ink = ink
            self.zoom = zoom
            self.recognizeShape = recognizeShape
            self.author = author
        }

        private enum CodingKeys: String, CodingKey { case pageIndex, points, ink, zoom, recognizeShape, author }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(pageIndex: try c.decode(Int.self, forKey: .pageIndex),
                      points: try c.decode([[Double]].self, forKey: .points),
                      ink: try c.decodeIfPresent(InkPreset.self, forKey: .ink) ?? .pen,
                      zoom: try c.decodeIfPresent(Double.self, forKey: .zoom) ?? 1,
                      recognizeShape: try c.decodeIfPresent(Bool.self, forKey: .recognizeShape) ?? false,
                      author: try c.decodeIfPresent(String.self, forKey: .author))
        }
    }

    /// An eraser sweep through `points` (a single point is a tap).
    public struct Erase: Codable, Equatable, Sendable {
        public var pageIndex: Int
        public var mode: Eraser.Mode
        /// The eraser's diameter in page points.
        public var size: Double
        /// `[x, y]` in page space.
        public var points: [[Double]]

        public init(pageIndex: Int, mode: Eraser.Mode, size: Double, points: [[Double]]) {
            self.pageIndex = pageIndex
            self.mode = mode
            self.size = size
            self.points = points
        }
    }

    private enum CodingKeys: String, CodingKey { case stroke, erase }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard c.allKeys.count == 1, let key = c.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "an action is exactly one of \"stroke\" or \"erase\""))
        }
        switch key {
        case .stroke: self = .stroke(try c.decode(Stroke.self, forKey: .stroke))
        case .erase: self = .erase(try c.decode(Erase.self, forKey: .erase))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .stroke(let stroke): try c.encode(stroke, forKey: .stroke)
        case .erase(let erase): try c.encode(erase, forKey: .erase)
        }
    }

    /// Applies the action to `document` and returns what it did as operations, each one undo
    /// step, in order: nothing (an eraser that touched nothing, a stroke wholly off its
    /// page), one step, or for a recognised shape the ink followed by the step that turns it
    /// into the shape (so one undo brings the ink back).
    ///
    /// - Throws: ``OperationError`` for an invalid action (page out of range, NaN points, too
    ///   many points); the document is then unchanged.
    public func apply(to document: PDFDocument) throws -> [EditorOperation] {
        switch self {
        case .stroke(let stroke): return try Self.apply(stroke, to: document)
        case .erase(let erase): return try Self.apply(erase, to: document)
        }
    }

    private static func pageBounds(_ pageIndex: Int, in document: PDFDocument) throws -> CGRect {
        let count = try document.pageCount
        guard pageIndex >= 0 && pageIndex < count else { throw OperationError.pageOutOfRange(pageIndex, pageCount: count) }
        // Only the crop box: reading the annotations of a page holding thousands of strokes
        // would cost more than finishing the stroke.
        return try document.page(at: pageIndex, readingAnnotations: false).bounds(for: .cropBox)
    }

    private static func checked(_ points: [[Double]], field: String) throws -> [[Double]] {
        guard !points.isEmpty else { throw OperationError.invalid("\(field): no points") }
        guard points.count <= maximumPoints else {
            throw OperationError.invalid("\(field): \(points.count) points, more than the limit of \(maximumPoints)")
        }
        for (index, point) in points.enumerated() where point.count < 2 || point.count > 4 || !point.allSatisfy(\.isFinite) {
            throw OperationError.invalid("\(field)[\(index)]: expected [x, y], [x, y, pressure] or [x, y, pressure, time] with finite numbers")
        }
        return points
    }

    private static func apply(_ stroke: Stroke, to document: PDFDocument) throws -> [EditorOperation] {
        let bounds = try pageBounds(stroke.pageIndex, in: document)
        let points = try checked(stroke.points, field: "stroke.points")
        var builder = StrokeBuilder(width: stroke.ink.width)
        builder.append(points.map { p in
            StrokeSample(point: CGPoint(x: p[0], y: p[1]), pressure: p.count > 2 ? p[2] : 1, time: p.count > 3 ? p[3] : 0)
        })
        guard let ink = StrokeFinishing.ink(from: builder, pageIndex: stroke.pageIndex, preset: stroke.ink,
                                            zoom: stroke.zoom, pageBounds: bounds, author: stroke.author) else { return [] }
        var applied = [try EditorOperation.addAnnotation(ink).apply(to: document)]
        if stroke.recognizeShape, let recognition = StrokeFinishing.recognition(of: ink) {
            do {
                applied.append(try recognition.apply(to: document))
            } catch {
                _ = try? applied[0].inverse.apply(to: document)
                throw error
            }
        }
        return applied
    }

    private static func apply(_ erase: Erase, to document: PDFDocument) throws -> [EditorOperation] {
        _ = try pageBounds(erase.pageIndex, in: document)
        let points = try checked(erase.points, field: "erase.points").map { CGPoint(x: $0[0], y: $0[1]) }
        guard erase.size.isFinite, erase.size > 0 else { throw OperationError.invalid("erase.size: expected a positive number") }
        let eraser = Eraser(mode: erase.mode, size: erase.size)
        // Each piece of the sweep sees the document as the previous pieces left it, so a
        // stroke touched twice is removed once and a cut piece can be cut again.
        var steps: [EditorOperation] = []
        do {
            for index in points.indices {
                let from = points[max(0, index - 1)]
                guard let step = try eraser.erase(from: from, to: points[index], onPage: erase.pageIndex, in: document) else { continue }
                steps.append(try step.apply(to: document))
            }
        } catch {
            for step in steps.reversed() { _ = try? step.inverse.apply(to: document) }
            throw error
        }
        let operations = steps.flatMap { step -> [EditorOperation] in
            if case .group(_, let inner) = step { return inner }
            return [step]
        }
        return operations.isEmpty ? [] : [.group(name: "erase", operations)]
    }
}

extension EditorSession {
    /// Applies a remote client's action; each operation it returns is one undoable step,
    /// already recorded.
    @discardableResult
    public func perform(_ action: EditorAction) throws -> [EditorOperation] {
        let applied = try action.apply(to: document)
        for operation in applied { record(applied: operation) }
        return applied
    }
}
