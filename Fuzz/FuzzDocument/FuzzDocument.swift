import Foundation
import Marginalia

// libFuzzer target: any bytes as a document through Marginalia: pages and their boxes,
// annotation loading, hit testing, and writing the document back (incremental update).
// Besides crashes it fails when an invariant breaks (issue 30): the update keeps the original
// bytes as its prefix, and what is written is read back: the saved file opens, and its first
// page holds one annotation more than before, the ink stroke added, with its points.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocument(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Data(bytes: data, count: count)
    guard let document = try? PDFDocument(data: bytes), let pages = try? document.pageCount else { return 0 }
    for index in 0..<min(pages, 20) {
        guard let page = try? document.page(at: index) else { continue }
        let box = page.bounds(for: .cropBox)
        _ = try? document.readAnnotations(onPage: index)
        _ = try? document.annotation(at: CGPoint(x: box.midX, y: box.midY), onPage: index)
    }
    if pages > 0, pages < 200 {
        var ink = PDFAnnotation(kind: .ink(.init(paths: [[CGPoint(x: 10, y: 10), CGPoint(x: 50, y: 60)]])), rect: .zero, pageIndex: 0)
        ink.border.width = 2
        let before = try? document.readAnnotations(onPage: 0).annotations.count
        // Read back equal holds for a sound file. An update appended to a damaged one (repaired
        // by scanning) can change how its damage reads: a truncated last object swallows the
        // appended bytes.
        if !document.isRepaired, (try? document.addAnnotation(ink, toPage: 0)) != nil, let saved = try? document.dataRepresentation() {
            precondition(saved.starts(with: bytes), "the incremental update changed the original bytes")
            guard let reread = try? PDFDocument(data: saved), let after = try? reread.readAnnotations(onPage: 0).annotations else {
                preconditionFailure("the saved document or its first page's annotations cannot be read")
            }
            if let before { precondition(after.count == before + 1, "\(before) annotations, one added, \(after.count) read back") }
            precondition(after.contains { annotation in
                if case .ink(let read) = annotation.kind { return read.paths == [[CGPoint(x: 10, y: 10), CGPoint(x: 50, y: 60)]] }
                return false
            }, "the ink stroke added is not read back with its points")
        }
    }
    return 0
}
