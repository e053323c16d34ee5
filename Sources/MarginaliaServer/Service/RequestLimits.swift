import Foundation
import Marginalia
import MarginaliaEditor

/// How much one editing request (`POST …/operations`) may ask of the server: the
/// annotations it adds, removes or changes, the pages it touches and the points it carries.
///
/// The body size limit (``HTTPServerConfiguration/maxBodySize``) bounds the bytes; these
/// bound the work, so one request cannot hold a document's lock for minutes or log an
/// entry too large to replay quickly after a restart. A request over a limit is refused
/// with ``ServiceError/tooLarge(_:)`` (413 `tooLarge`) naming the limit, before anything is
/// applied or logged. The defaults are far above what an editor sends (a long stroke is a
/// few thousand points; a sweep of the segment eraser a few hundred annotations).
public struct RequestLimits: Equatable, Sendable {
    /// Annotations one request may add, remove or change (counted through groups; an erase
    /// sweep counts what it erased and cut).
    public var maxAnnotations: Int
    /// Pages one request may touch: pages inserted, removed or restored plus the distinct
    /// pages its annotations are on.
    public var maxPages: Int
    /// Points one request may carry: the samples of a stroke or an eraser sweep, or the
    /// vertices of the annotations in an operation (ink paths, polygons, polylines, the four
    /// corners of each text-markup quad).
    public var maxPoints: Int

    /// The command-line option that sets each limit, named in refusals.
    public static let options = (annotations: "--max-annotations", pages: "--max-pages", points: "--max-points")

    /// Creates limits; the defaults suit real use with room to spare.
    public init(maxAnnotations: Int = 10_000, maxPages: Int = 1_000, maxPoints: Int = 100_000) {
        self.maxAnnotations = maxAnnotations
        self.maxPages = maxPages
        self.maxPoints = maxPoints
    }

    /// Refuses a request whose change is over a limit; undo and redo replay steps that were
    /// accepted once and are never refused.
    ///
    /// - Throws: ``ServiceError/tooLarge(_:)`` naming the first limit exceeded.
    public func check(_ change: ApplyRequest.Change) throws {
        guard case .command(let command) = change else { return }
        switch command {
        case .stroke(let stroke):
            try check(points: stroke.samples.count, what: "the stroke")
        case .erase(let erase):
            try check(points: erase.points.count, what: "the eraser sweep")
        case .remove(let ids), .unlock(let ids), .move(let ids, _, _), .restyle(let ids, _), .arrange(let ids, _):
            var tally = Tally()
            tally.annotations = ids.count
            try check(tally, countingPoints: false)
        case .duplicatePages(let pages, _), .rotatePages(let pages, _), .movePages(let pages, _), .removePages(let pages):
            var tally = Tally()
            tally.pageOperations = pages.count
            try check(tally, countingPoints: false)
        case .insertPages(_, _, let pages?):
            var tally = Tally()
            tally.pageOperations = pages.count
            try check(tally, countingPoints: false)
        default:
            break
        }
    }

    /// Refuses what a command turned into, when its size is only known once applied (the
    /// annotations an erase sweep touched, the points of an added annotation). The points of
    /// a stroke or an erase are not counted again: they were counted as sent, and erased
    /// strokes' points were never sent. The caller takes the change back.
    func check(applied operations: [EditorOperation], of command: EditorCommand) throws {
        var tally = Tally()
        for operation in operations { tally.add(operation) }
        switch command {
        case .add, .change, .paste: try check(tally, countingPoints: true)
        default: try check(tally, countingPoints: false)
        }
    }

    private func check(_ tally: Tally, countingPoints: Bool = true) throws {
        if tally.annotations > maxAnnotations {
            throw refusal("adds, removes or changes", count: tally.annotations, limit: maxAnnotations, of: .annotations)
        }
        if tally.pages > maxPages {
            throw refusal("touches", count: tally.pages, limit: maxPages, of: .pages)
        }
        if countingPoints { try check(points: tally.points, what: "the operation") }
    }

    private func check(points: Int, what: String) throws {
        guard points > maxPoints else { return }
        throw refusal("\(what) has", count: points, limit: maxPoints, of: .points)
    }

    private func refusal(_ found: String, count: Int, limit: Int, of counted: Counted) -> ServiceError {
        Self.refusal("the request \(found) \(count)", count: count, limit: limit, of: counted)
    }

    /// What a limit counts: the word its refusal uses, the option that sets it, and the
    /// reason the editor says.
    enum Counted {
        case annotations, pages, points

        var name: String {
            switch self {
            case .annotations: return "annotations"
            case .pages: return "pages"
            case .points: return "points"
            }
        }

        var option: String {
            switch self {
            case .annotations: return RequestLimits.options.annotations
            case .pages: return RequestLimits.options.pages
            case .points: return RequestLimits.options.points
            }
        }

        var reason: Reason.Key {
            switch self {
            case .annotations: return .annotationsPerRequest
            case .pages: return .pagesPerRequest
            case .points: return .pointsPerRequest
            }
        }
    }

    /// The 413 of `count` of what `counted` counts, over `limit`, said as "`found` NAME, more
    /// than the limit of `limit` NAME per request (OPTION)", with the reason giving the count,
    /// the limit and the option.
    static func refusal(_ found: String, count: Int, limit: Int, of counted: Counted) -> ServiceError {
        ServiceError.tooLarge("\(found) \(counted.name), more than the limit of \(limit) \(counted.name) per request (\(counted.option))")
            .because(Reason(counted.reason, [("count", .number(Double(count))), ("max", .number(Double(limit))),
                                             ("option", .string(counted.option))]))
    }
}

/// What one operation touches, counted through its groups.
private struct Tally {
    var annotations = 0
    var points = 0
    /// Pages inserted, removed or restored (two removals at index 0 are two pages).
    var pageOperations = 0
    /// The distinct pages the annotations are on.
    var annotationPages = Set<Int>()
    var pages: Int { pageOperations + annotationPages.count }

    init() {}

    init(_ operation: EditorOperation) {
        add(operation)
    }

    mutating func add(_ operation: EditorOperation) {
        switch operation {
        case .addAnnotation(let annotation, _), .removeAnnotation(let annotation, _):
            count(annotation)
        case .changeAnnotation(let before, let after):
            count(after)
            points += Self.points(of: before)
        case .insertPage, .removePage, .restorePage, .rotatePage:
            pageOperations += 1
        case .movePage:
            pageOperations += 2
        case .copyPages(let copy):
            pageOperations += copy.pages.count
        case .fillField, .arrangeAnnotation:
            break
        case .group(_, let operations):
            for inner in operations { add(inner) }
        }
    }

    private mutating func count(_ annotation: PDFAnnotation) {
        annotations += 1
        points += Self.points(of: annotation)
        if let page = annotation.pageIndex { annotationPages.insert(page) }
    }

    static func points(of annotation: PDFAnnotation) -> Int {
        switch annotation.kind {
        case .ink(let ink): return ink.paths.reduce(0) { $0 + $1.count }
        case .polygon(let vertices): return vertices.count
        case .polyLine(let line): return line.vertices.count
        case .textMarkup(_, let quads): return quads.count * 4
        case .redact(let redact): return redact.quads.count * 4
        case .line: return 2
        case .square, .circle, .freeText, .note, .stamp, .other: return 0
        }
    }
}
