import Foundation

extension PDFAnnotation {
    /// Whether this annotation is a comment on another: a reply in its thread (`/RT /R`) or a
    /// review state. Viewers show comments in their parent's thread, not on the page.
    public var isComment: Bool { annotation.isComment }

    /// `annotations` in an order in which each can be added to a document: every annotation
    /// after the one it is in reply to, when that one is in the list too (`/IRT` refers to an
    /// object, so the parent must exist first); otherwise in the order given.
    ///
    /// An XFDF file or a JSON export may list a reply before its parent; a chain that loops
    /// back on itself keeps the given order for the annotations in the loop.
    public static func parentsFirst(_ annotations: [PDFAnnotation]) -> [PDFAnnotation] {
        let ids = Set(annotations.map(\.id))
        guard annotations.contains(where: { $0.inReplyTo.map(ids.contains) ?? false }) else { return annotations }
        var children: [String: [Int]] = [:]
        var roots: [Int] = []
        for (index, annotation) in annotations.enumerated() {
            if let parent = annotation.inReplyTo, ids.contains(parent), parent != annotation.id {
                children[parent, default: []].append(index)
            } else {
                roots.append(index)
            }
        }
        var ordered: [PDFAnnotation] = []
        ordered.reserveCapacity(annotations.count)
        var placed = Set<Int>()
        func place(_ index: Int) {
            // Depth first, iteratively: a long chain of replies must not exhaust the stack.
            var stack = [index]
            while let next = stack.popLast() {
                guard placed.insert(next).inserted else { continue }
                ordered.append(annotations[next])
                stack.append(contentsOf: (children[annotations[next].id] ?? []).reversed())
            }
        }
        for index in roots { place(index) }
        for index in annotations.indices where !placed.contains(index) { place(index) }  // loops
        return ordered
    }
}
