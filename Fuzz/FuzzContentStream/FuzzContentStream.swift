import PDFCore

// libFuzzer target: any bytes as a decoded page content stream: the operator parser
// (operands, arrays, dictionaries, inline images with and without a known size, resuming
// after bad tokens) and the report flattening and `check` build from it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContentStream(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    var parser = ContentStreamParser(bytes: bytes)
    var calls = 0
    while calls <= count + 1 {
        calls += 1
        do {
            guard try parser.next() != nil else { break }
        } catch {
            continue
        }
    }
    // Every call consumes at least one byte, so the loop ends before the bound.
    precondition(calls <= count + 1, "the content parser did not make progress")
    if let report = try? ContentStreamReport(bytes: bytes) {
        precondition(report.problems.count <= report.problemCount)
        _ = report.openingOperators + report.closingOperators
    }
    return 0
}
