import Foundation
import Marginalia
import MarginaliaEditor
import MarginaliaServer

// libFuzzer target: the server's request decoder (the body of POST .../commands: the engine
// core's JSON reader and command protocol, and protocol 0's operations and actions), and
// what it accepts applied to a fresh copy of the sample document and taken back.
nonisolated(unsafe) private var sample: Data?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOperation(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let request = try? ApplyRequest.decode(Data(bytes: data, count: count)) else { return 0 }
    if sample == nil { sample = try? SampleDocument.make() }
    guard let sample, let document = try? PDFDocument(data: sample) else { return 0 }
    switch request.change {
    case .command(let command):
        if let applied = try? command.apply(to: document) {
            for step in applied.reversed() { _ = try? step.inverse.apply(to: document) }
        }
    case .undo, .redo:
        break
    }
    return 0
}
