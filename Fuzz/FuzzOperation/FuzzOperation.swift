import Foundation
import Marginalia
import MarginaliaEditor
import MarginaliaServer

// libFuzzer target: the server's operation decoder (the body of POST .../operations), and
// what it accepts applied to a fresh copy of the sample document.
nonisolated(unsafe) private var sample: Data?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOperation(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let request = try? ApplyRequest.decode(Data(bytes: data, count: count)) else { return 0 }
    if sample == nil { sample = try? SampleDocument.make() }
    guard let sample, let document = try? PDFDocument(data: sample) else { return 0 }
    switch request.change {
    case .operation(let operation):
        if let applied = try? operation.apply(to: document) { _ = try? applied.inverse.apply(to: document) }
    case .action(let action):
        _ = try? action.apply(to: document)
    case .undo, .redo:
        break
    }
    return 0
}
