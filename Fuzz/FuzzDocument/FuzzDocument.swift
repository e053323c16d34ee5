import Foundation
import Marginalia

// libFuzzer target: any bytes as a document through Marginalia: pages and their boxes,
// annotation loading, hit testing, and writing the document back (incremental update).
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
        if (try? document.addAnnotation(ink, toPage: 0)) != nil {
            _ = try? document.dataRepresentation()
        }
    }
    return 0
}
