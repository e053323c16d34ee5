import Foundation
import Marginalia

// The page-organising commands as operations: each command is one step (one group), so one
// undo takes back a whole rotation, move, removal or copy of several pages.

extension EditorCommand {
    /// The operations of a page-organising command (checked already), not yet applied.
    func pageOperations(on document: PDFDocument, uploads: UploadReader?) throws -> [EditorOperation] {
        switch self {
        case .rotatePages(let pages, let degrees):
            guard degrees % 360 != 0 else { return [] }
            return [.group(name: pages.count == 1 ? "rotate page" : "rotate pages",
                           pages.sorted().map { .rotatePage(index: $0, degrees: degrees) })]
        case .movePages(let pages, let to):
            let moves = PageOrganizer.moves(pages: pages, to: to, pageCount: try document.pageCount)
            guard !moves.isEmpty else { return [] }
            return [.group(name: pages.count == 1 ? "move page" : "move pages", moves.map { .movePage(from: $0.from, to: $0.to) })]
        case .removePages(let pages):
            // Last first, so each index is still the page named.
            return [.group(name: pages.count == 1 ? "remove page" : "remove pages",
                           pages.sorted(by: >).map { .removePage(index: $0, pageObject: nil) })]
        case .duplicatePages(let pages, let to):
            return [.copyPages(PageCopy(pages: pages, index: to))]
        case .insertPages(let index, let source, let pages):
            guard case .upload(let number) = source else {
                throw OperationError.invalid("command.source: pages of another document are inserted through the server, which reads it")
            }
            guard let uploads else { throw OperationError.invalid("command.source: upload \(number) cannot be read here") }
            let all = try pages ?? Array(0..<(uploads(number).pageCount))
            return [.copyPages(PageCopy(pages: all, upload: number, index: index))]
        default:
            return []
        }
    }
}
