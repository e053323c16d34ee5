import PDFCore

// libFuzzer target: any bytes as a decoded page content stream: the operator parser
// (operands, arrays, dictionaries, inline images with and without a known size, resuming
// after bad tokens) and the report flattening and `check` build from it. Besides crashes it
// fails when an invariant breaks (issue 30):
// - the parser makes progress: every call consumes at least one byte;
// - a round trip is stable: the operations read, written back with the writer's syntax
//   (`PDFSyntax`) and read again, give the same bytes when written once more (for content
//   whose operators are ASCII, as every writer's are);
// - a limit is never exceeded: read with small string and nesting limits, no operand is
//   longer or deeper than they allow.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContentStream(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    var parser = ContentStreamParser(bytes: bytes)
    var operations: [ContentOperation] = []
    var calls = 0
    while calls <= count + 1 {
        calls += 1
        do {
            guard let operation = try parser.next() else { break }
            operations.append(operation)
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

    // Operators that are not ASCII are read lossily (as UTF-8, capped at 127 bytes): no writer
    // gives their bytes back, and no content writer makes them.
    if operations.allSatisfy({ $0.inlineImage == nil && $0.name.utf8.allSatisfy { $0 < 0x80 } }) {
        let written = serialised(operations)
        let again = serialised(readAll(written))
        precondition(again == written, "content written, read and written again changed")
    }

    // Small limits, which the parser must keep even though it resumes after refusing.
    var limits = PDFLimits.default
    limits.maxStringLength = count % 16 + 1
    limits.maxNestingDepth = count % 4 + 1
    var limited = ContentStreamParser(bytes: bytes, limits: limits)
    for _ in 0...count {
        do {
            guard let operation = try limited.next() else { break }
            for operand in operation.operands { check(operand, within: limits, depth: 1) }
        } catch {
            continue
        }
    }
    return 0
}

private func check(_ object: PDFObject, within limits: PDFLimits, depth: Int) {
    precondition(depth <= limits.maxNestingDepth + 1, "operands nested \(depth) deep past a limit of \(limits.maxNestingDepth)")
    switch object {
    case .string(let bytes): precondition(bytes.count <= limits.maxStringLength, "a \(bytes.count)-byte string past a limit of \(limits.maxStringLength)")
    case .name(let name): precondition(name.utf8.count <= limits.maxStringLength * 2, "a name past a limit of \(limits.maxStringLength)")
    case .array(let items): for item in items { check(item, within: limits, depth: depth + 1) }
    case .dictionary(let dictionary): for (_, value) in dictionary { check(value, within: limits, depth: depth + 1) }
    default: break
    }
}

private func readAll(_ bytes: [UInt8]) -> [ContentOperation] {
    var parser = ContentStreamParser(bytes: bytes)
    var operations: [ContentOperation] = []
    for _ in 0...bytes.count {
        guard let operation = try? parser.next() else { break }
        operations.append(operation)
    }
    return operations
}

private func serialised(_ operations: [ContentOperation]) -> [UInt8] {
    var out: [UInt8] = []
    for operation in operations {
        for operand in operation.operands {
            PDFSyntax.append(operand, to: &out)
            out.append(0x20)
        }
        out += Array(operation.name.utf8)
        out.append(0x0A)
    }
    return out
}
