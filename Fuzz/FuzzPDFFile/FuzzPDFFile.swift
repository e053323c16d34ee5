import PDFCore

// libFuzzer target: any bytes as a PDF file. Covers the lexer and object parser, the
// cross-reference reader and repair, object streams, the security handler (files that are
// encrypted with an empty user password open) and every filter, through the public API.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPDFFile(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    guard let file = try? PDFFile(source: ByteSource(bytes: bytes)) else { return 0 }
    _ = try? file.catalog()
    for number in file.objectNumbers.prefix(2_000) {
        let reference = PDFReference(number, file.generation(of: number))
        if case .stream(let stream)? = try? file.object(for: reference) {
            _ = try? stream.decodedBytes()
        }
    }
    return 0
}
