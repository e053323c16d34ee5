import PDFCore

// libFuzzer target: any bytes as a PDF file. Covers the lexer and object parser, the
// cross-reference reader and repair, object streams, the security handler (files that are
// encrypted with an empty user password open) and every filter, through the public API.
// Besides crashes it fails when an invariant breaks (issue 30):
// - a limit is never exceeded: the file is opened with a decoded-stream limit of 64 KiB, and
//   no filter's output passes it (a stream without filters is its own bytes: the file's);
// - a round trip is stable: a file the compact writer wrote, read and written again, gives
//   the same bytes. (The first rewrite of a stranger's file renumbers its objects; from then
//   on the writer's output is its own fixed point.)
private let limit = 64 << 10

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPDFFile(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    var limits = PDFLimits.default
    limits.maxDecodedStreamSize = limit
    guard let file = try? PDFFile(source: ByteSource(bytes: bytes), limits: limits) else { return 0 }
    _ = try? file.catalog()
    for number in file.objectNumbers.prefix(2_000) {
        let reference = PDFReference(number, file.generation(of: number))
        if case .stream(let stream)? = try? file.object(for: reference), let decoded = try? stream.decodedBytes(limits: file.limits) {
            // A stream without filters (or only an image codec's) is its own bytes, already in the file.
            precondition(decoded.count <= limit || decoded == stream.rawBytes,
                         "object \(number) decoded to \(decoded.count) bytes past a limit of \(limit)")
        }
    }
    // Encrypted files are written with fresh initialisation vectors: never the same bytes twice.
    // Three rewrites of a large file take longer than the fuzzer's 2 s under a sanitizer.
    guard !file.isEncrypted, count <= 16 << 10 else { return 0 }
    let compact = PDFWriteOptions(mode: .compact)
    guard let once = try? file.dataRepresentation(options: compact),
          let twice = try? reopened(once).dataRepresentation(options: compact) else { return 0 }
    precondition((try? reopened(twice).dataRepresentation(options: compact)) == twice, "write, read, write changed the bytes")
    return 0
}

private func reopened(_ written: [UInt8]) -> PDFFile {
    guard let file = try? PDFFile(source: ByteSource(bytes: written)) else {
        preconditionFailure("the compact writer wrote a file it cannot open")
    }
    return file
}
