import Foundation
import Marginalia
import MarginaliaEditor
import MarginaliaServer

// libFuzzer target: the server's request decoder (the body of POST .../commands: the engine
// core's JSON reader and command protocol, and protocol 0's operations and actions), and
// what it accepts applied to a fresh copy of the sample document and taken back. Besides
// crashes it fails when an invariant breaks (issue 30): a command taken back by the inverses
// of its steps leaves every page's annotations as they were (undo restores what was there).
nonisolated(unsafe) private var sample: Data?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOperation(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let request = try? ApplyRequest.decode(Data(bytes: data, count: count)) else { return 0 }
    if sample == nil { sample = try? SampleDocument.make() }
    guard let sample, let document = try? PDFDocument(data: sample) else { return 0 }
    switch request.change {
    case .command(let command):
        let before = annotations(of: document)
        if let applied = try? command.apply(to: document) {
            var undone = true
            for step in applied.reversed() where (try? step.inverse.apply(to: document)) == nil { undone = false }
            if undone { precondition(annotations(of: document) == before, "a command taken back left the annotations changed") }
        }
    case .undo, .redo:
        break
    }
    return 0
}

/// Every page's annotations as the JSON exporter writes them.
private func annotations(of document: PDFDocument) -> [Data] {
    (0..<((try? document.pageCount) ?? 0)).map { page in
        (try? document.readAnnotations(onPage: page).annotations).flatMap { try? AnnotationJSON.encode($0) } ?? Data()
    }
}
