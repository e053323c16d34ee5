#if !hasFeature(Embedded)
import Foundation
#endif

// The bridge's keyboard call (docs/engine.md): the annotations Tab reaches on a page.

extension EngineBridge {
    /// `{annotations: [{id, type, author?, text?, locked, rect}]}`: the page's annotations in the
    /// order Tab reaches them with Select (``EditorEngine/keyboardOrder(onPage:)``), each with
    /// what a screen reader says of it (its type, author and text, from the review records)
    /// and the page-space box it is shown in.
    func keyboardOrderJSON(page: Int) -> JSONValue {
        let stops = engine.keyboardOrder(onPage: page).map { annotation -> JSONValue in
            let record = engine.review.record(id: annotation.id)
            return .object(omittingNils: [
                ("id", .string(annotation.id)), ("type", .string(record?.type ?? "annotation")),
                ("author", record?.author.map { .string($0) }), ("text", record?.text.map { .string($0) }),
                ("locked", .bool(annotation.flags.contains(.locked) || annotation.flags.contains(.readOnly))),
                ("rect", .rect(engine.shownRect(of: annotation, onPage: page))),
            ])
        }
        return .object([("annotations", .array(stops))])
    }
}
