import Foundation
import Marginalia

// libFuzzer target: the XFDF importer. Besides crashes it fails when an invariant breaks
// (issue 30): what the importer accepts and the exporter writes, the importer reads back, as
// many annotations as were written; and the round trip is stable (exported, imported and
// exported again: the same document).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXFDF(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let annotations = try? XFDFDocument.importAnnotations(from: Data(bytes: data, count: count)) else { return 0 }
    let report = XFDFDocument.exportReport(annotations, sourceFileName: "fuzz.pdf")
    guard let reread = try? XFDFDocument.importAnnotations(from: Data(report.xml.utf8)) else {
        preconditionFailure("the importer refuses what the exporter wrote")
    }
    precondition(reread.count == report.exportedCount, "\(report.exportedCount) annotations written, \(reread.count) read back")
    precondition(XFDFDocument.export(reread, sourceFileName: "fuzz.pdf") == report.xml, "export, import, export changed the XFDF")
    return 0
}
