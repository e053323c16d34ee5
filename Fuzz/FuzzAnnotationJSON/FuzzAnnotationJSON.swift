import Foundation
import Marginalia

// libFuzzer target: the annotation JSON importer; what it accepts is added to a page.
nonisolated(unsafe) private var blank: Data?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnnotationJSON(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let annotations = try? AnnotationJSON.decode(Data(bytes: data, count: count)) else { return 0 }
    if blank == nil { blank = try? PDFRenderer().data { try $0.beginPage() } }
    guard let blank, let document = try? PDFDocument(data: blank) else { return 0 }
    for var annotation in annotations.prefix(50) {
        annotation.pageIndex = 0
        _ = try? document.addAnnotation(annotation, toPage: 0)
    }
    _ = try? document.dataRepresentation()
    return 0
}
