#if !hasFeature(Embedded)
import Foundation
#endif

// The rules a command must keep to be applied, decided once for the browser (which shows
// the refusal before sending anything) and the server (which refuses it before logging).

extension EditorCommand {
    /// Checks the command against a document of `pageCount` pages whose annotations
    /// `annotation(id)` finds (nil for an unknown id).
    ///
    /// The rules: pages exist (an insertion may name the index after the last page, and a
    /// document keeps at least one page); named annotations exist and are of a kind the
    /// editor edits; a **locked** annotation (`/F` bit 8) is not moved, resized, restyled or
    /// removed, and a change keeps its locks and alters only its text (``AnnotationLock``: the
    /// rest of that rule, which needs the whole annotation, is applied with the command);
    /// only `unlock` clears a lock; a **read-only** one (bit 7) is not changed at all. What is
    /// added, pasted or changed keeps to the sizes a new annotation may have, but a change may
    /// keep a file's larger size (``Annotation/checkNewValues(keeping:path:)``). An
    /// eraser skips locked and read-only annotations rather than refusing the sweep. Comments (replies and review
    /// states) change only through the comment commands, and only by their authors
    /// (``checkComment(_:)``).
    ///
    /// - Throws: the first ``CommandError`` found; nothing has been changed.
    public func check(pageCount: Int, annotation: (String) -> Annotation?) throws(CommandError) {
        func page(_ index: Int, allowingEnd: Bool = false) throws(CommandError) {
            guard index >= 0, index < pageCount || (allowingEnd && index == pageCount) else {
                throw CommandError.pageOutOfRange(index, pageCount: pageCount)
            }
        }
        func editable(_ ids: [String], _ action: String) throws(CommandError) {
            for id in ids {
                guard let found = annotation(id), found.isEditable else { throw CommandError.unknownAnnotation(id) }
                try Self.refuseComment(found)
                try Self.permit(found, action)
            }
        }
        func newValues(_ given: Annotation, keeping kept: Annotation?) throws(CommandError) {
            do throws(AnnotationJSONError) {
                try given.checkNewValues(keeping: kept, path: Self.annotationPath)
            } catch {
                throw CommandError.invalidAnnotation(error)
            }
        }
        switch self {
        case .add(let annotations):
            for added in annotations {
                try page(added.pageIndex ?? -1)
                try newValues(added, keeping: nil)
            }
        case .change(let after):
            let id = after.id
            guard let found = annotation(id) else { throw CommandError.unknownAnnotation(id) }
            try Self.refuseComment(found)
            if found.flags.contains(.readOnly) { throw CommandError.readOnly(id: id, action: "changed") }
            try page(after.pageIndex ?? -1)
            try newValues(after, keeping: found)
            if found.flags.contains(.locked) || found.flags.contains(.lockedContents) {
                // What the geometry shows of the lock rule: the locks stay, a locked
                // annotation keeps its place, size and shape.
                try AnnotationLock.checkFlags(id: id, were: found.flags, become: after.flags)
                if found.flags.contains(.locked) {
                    guard after.page == found.page, Self.sameGeometry(after, found) else {
                        throw CommandError.locked(id: id, action: "moved, resized or reshaped")
                    }
                }
            }
        case .remove(let ids): try editable(ids, "deleted")
        case .unlock(let ids):
            for id in ids {
                guard let found = annotation(id), found.isEditable else { throw CommandError.unknownAnnotation(id) }
                try Self.refuseComment(found)
                if found.flags.contains(.readOnly) { throw CommandError.readOnly(id: id, action: "unlocked") }
            }
        case .move(let ids, let dx, let dy):
            try editable(ids, "moved")
            for id in ids {
                guard let found = annotation(id), CoordinateLimit.contains(found.rect.offsetBy(dx: dx, dy: dy)) else {
                    throw CommandError.malformed("command.dx: the move would take \(id) past \(CoordinateLimit.description) points")
                }
            }
        case .paste(let annotations, _, _):
            let pages = Set(annotations.map { $0.pageIndex ?? -1 })
            guard pages.count == 1, let target = pages.first else {
                throw CommandError.malformed("paste: the annotations pasted together must be on one page")
            }
            try page(target)
            for pasted in annotations { try newValues(pasted, keeping: nil) }
        case .arrange(let ids, _): try editable(ids, "rearranged")
        case .resize(let id, _): try editable([id], "resized")
        case .restyle(let ids, _): try editable(ids, "restyled")
        case .stroke(let stroke):
            try page(stroke.pageIndex)
            try Self.checkSamples(stroke)
        case .erase(let erase):
            try page(erase.pageIndex)
            try Self.checkSweep(erase)
        case .fill: break  // the form's own rules (read-only and locked fields) apply when filling
        case .insertPage(let index, _, _): try page(index, allowingEnd: true)
        case .removePage(let index):
            try page(index)
            guard pageCount > 1 else { throw CommandError.notAllowed("a document keeps at least one page") }
        case .rotatePage(let index, _): try page(index)
        case .movePage(let from, let to):
            try page(from)
            try page(to)
        case .reply, .setState, .editReply, .deleteReply: try checkComment(annotation)
        case .duplicatePages, .insertPages, .rotatePages, .movePages, .removePages:
            try checkPages(pageCount: pageCount)
        case .undo, .redo: break
        }
    }

    /// What the JSON reader refuses in a stroke, for strokes made in code: no samples, more
    /// than ``maximumPoints``, a point past the coordinate limit, a pressure or time that is
    /// not finite, a zoom that is not positive.
    static func checkSamples(_ stroke: Stroke) throws(CommandError) {
        guard !stroke.samples.isEmpty else { throw CommandError.malformed("stroke.points: no points") }
        guard stroke.samples.count <= maximumPoints else {
            throw CommandError.malformed("stroke.points: \(stroke.samples.count) points, more than the limit of \(maximumPoints)")
        }
        for (index, sample) in stroke.samples.enumerated() {
            guard CoordinateLimit.contains(Double(sample.point.x)), CoordinateLimit.contains(Double(sample.point.y)),
                  sample.pressure.isFinite, sample.time.isFinite else {
                throw CommandError.malformed("stroke.points[\(index)]: expected finite numbers with x and y \(CoordinateLimit.description)")
            }
        }
        guard stroke.zoom.isFinite, stroke.zoom > 0 else { throw CommandError.malformed("stroke.zoom: expected a positive number") }
    }

    /// What the JSON reader refuses in an eraser sweep, for sweeps made in code: no points, more
    /// than ``maximumPoints``, a point past the coordinate limit, a size that is not positive.
    static func checkSweep(_ erase: Erase) throws(CommandError) {
        guard !erase.points.isEmpty else { throw CommandError.malformed("erase.points: no points") }
        guard erase.points.count <= maximumPoints else {
            throw CommandError.malformed("erase.points: \(erase.points.count) points, more than the limit of \(maximumPoints)")
        }
        for (index, point) in erase.points.enumerated()
        where !CoordinateLimit.contains(Double(point.x)) || !CoordinateLimit.contains(Double(point.y)) {
            throw CommandError.malformed("erase.points[\(index)]: expected x and y \(CoordinateLimit.description)")
        }
        guard erase.size.isFinite, erase.size > 0 else { throw CommandError.malformed("erase.size: expected a positive number") }
    }

    /// Whether `action` ("moved", "deleted"...) may be done to `annotation`.
    ///
    /// - Throws: ``CommandError/readOnly(id:action:)`` or ``CommandError/locked(id:action:)``.
    public static func permit(_ annotation: Annotation, _ action: String) throws(CommandError) {
        if annotation.flags.contains(.readOnly) { throw CommandError.readOnly(id: annotation.id, action: action) }
        if annotation.flags.contains(.locked) { throw CommandError.locked(id: annotation.id, action: action) }
    }

    /// Whether two geometries are the same to a thousandth of a point (the precision the
    /// annotation JSON keeps).
    static func sameGeometry(_ a: Annotation, _ b: Annotation) -> Bool {
        func close(_ p: CGPoint, _ q: CGPoint) -> Bool { abs(p.x - q.x) <= 0.001 && abs(p.y - q.y) <= 0.001 }
        func close(_ p: [CGPoint], _ q: [CGPoint]) -> Bool { p.count == q.count && zip(p, q).allSatisfy { close($0, $1) } }
        guard close(CGPoint(x: a.rect.minX, y: a.rect.minY), CGPoint(x: b.rect.minX, y: b.rect.minY)),
              close(CGPoint(x: a.rect.maxX, y: a.rect.maxY), CGPoint(x: b.rect.maxX, y: b.rect.maxY)),
              abs(a.lineWidth - b.lineWidth) <= 0.001 else { return false }
        func close(_ p: [AnnotationKind.Quad], _ q: [AnnotationKind.Quad]) -> Bool {
            p.count == q.count && zip(p, q).allSatisfy { close($0.points, $1.points) }
        }
        switch (a.kind, b.kind) {
        case (.ink(let p), .ink(let q)): return p.paths.count == q.paths.count && zip(p.paths, q.paths).allSatisfy { close($0, $1) }
        case (.line(let p), .line(let q)): return close(p.start, q.start) && close(p.end, q.end)
        case (.polygon(let p), .polygon(let q)): return close(p, q)
        case (.polyLine(let p), .polyLine(let q)): return close(p.vertices, q.vertices)
        case (.textMarkup(let t1, let p), .textMarkup(let t2, let q)): return t1 == t2 && close(p, q)
        case (.redact(let p), .redact(let q)): return close(p.quads, q.quads)
        default: return a.typeName == b.typeName
        }
    }

    /// Whether a tool may touch `annotation` at all (erasers and lassos skip the others).
    public static func isChangeable(_ annotation: Annotation) -> Bool {
        annotation.isEditable && !annotation.flags.contains(.readOnly) && !annotation.flags.contains(.locked)
    }
}
