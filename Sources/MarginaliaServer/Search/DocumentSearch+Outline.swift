import Foundation
import Marginalia

extension DocumentSearch {
    /// The outline (bookmarks) of document `id`'s current state, as the engine reads it
    /// (``PDFDocument/outline()``): `GET /api/v1/documents/{id}/outline`.
    public func outline(_ id: String) throws -> OutlineRecord {
        try withDocument(id) { state in
            do {
                return OutlineRecord(revision: state.revision, items: try state.document.outline())
            } catch let error as PDFError {
                throw ServiceError.unprocessable("outline: \(error)")
            }
        }
    }
}

/// OUTLINE in the API spec: `{"revision", "items": [ITEM]}`, ITEM = `{"title", "page"
/// (0-based, or null when the entry goes to no page of the document), "open", "children":
/// [ITEM]}`. Keys are written by hand.
public struct OutlineRecord: RevisionCarrying {
    public var revision: Int
    public var items: [OutlineItem]

    private enum Keys: String, CodingKey { case revision, items }
    private enum ItemKeys: String, CodingKey { case title, page, open, children }

    private struct Item: Encodable {
        let item: OutlineItem

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ItemKeys.self)
            try container.encode(item.title, forKey: .title)
            if let page = item.pageIndex { try container.encode(page, forKey: .page) } else { try container.encodeNil(forKey: .page) }
            try container.encode(item.isOpen, forKey: .open)
            try container.encode(item.children.map(Item.init), forKey: .children)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(revision, forKey: .revision)
        try container.encode(items.map(Item.init), forKey: .items)
    }
}
