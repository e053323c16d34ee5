import Foundation
import Marginalia

// libFuzzer target: the XFDF importer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXFDF(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = try? XFDFDocument.importAnnotations(from: Data(bytes: data, count: count))
    return 0
}
