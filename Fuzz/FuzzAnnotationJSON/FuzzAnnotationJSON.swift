import Foundation
import Marginalia

// libFuzzer target: the annotation JSON importer; what it accepts is added to a page.
// Besides crashes it fails when an invariant breaks (issue 30): what the importer accepts,
// the exporter writes and the importer reads back, the same number of annotations; and the
// round trip is stable (exported, imported and exported again: the same bytes).
nonisolated(unsafe) private var blank: Data?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnnotationJSON(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let annotations = try? AnnotationJSON.decode(Data(bytes: data, count: count)) else { return 0 }
    if let written = try? AnnotationJSON.encode(annotations) {
        guard let reread = try? AnnotationJSON.decode(written) else { preconditionFailure("the importer refuses what the exporter wrote") }
        precondition(reread.count == annotations.count, "\(annotations.count) annotations written, \(reread.count) read back")
        precondition((try? AnnotationJSON.encode(reread)) == written, "export, import, export changed the JSON")
    }
    if blank == nil { blank = try? PDFRenderer().data { try $0.beginPage() } }
    guard let blank, let document = try? PDFDocument(data: blank) else { return 0 }
    for var annotation in annotations.prefix(50) {
        annotation.pageIndex = 0
        _ = try? document.addAnnotation(annotation, toPage: 0)
    }
    _ = try? document.dataRepresentation()
    return 0
}
