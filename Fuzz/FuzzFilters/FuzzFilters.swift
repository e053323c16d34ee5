import PDFCore

// libFuzzer target: the first byte picks a filter chain (with predictor parameters), the
// rest is the encoded data.
private func parameters(_ pairs: KeyValuePairs<String, Int>) -> PDFDictionary {
    var dictionary = PDFDictionary()
    for (key, value) in pairs { dictionary[key] = .integer(value) }
    return dictionary
}

private let chains: [(filters: [String], parameters: PDFDictionary?)] = [
    (["FlateDecode"], nil),
    (["LZWDecode"], nil),
    (["ASCIIHexDecode"], nil),
    (["ASCII85Decode"], nil),
    (["RunLengthDecode"], nil),
    (["FlateDecode"], parameters(["Predictor": 12, "Columns": 5, "Colors": 3])),
    (["FlateDecode"], parameters(["Predictor": 2, "Columns": 7, "BitsPerComponent": 4])),
    (["LZWDecode"], parameters(["EarlyChange": 0])),
    (["ASCII85Decode", "FlateDecode"], nil),
    (["ASCIIHexDecode", "LZWDecode", "RunLengthDecode"], nil),
    (["DCTDecode"], nil),
    (["BrotliDecode"], nil),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFilters(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let chain = chains[Int(data[0]) % chains.count]
    var dictionary = PDFDictionary()
    dictionary["Filter"] = chain.filters.count == 1 ? .name(chain.filters[0]) : .array(chain.filters.map { .name($0) })
    if let decodeParameters = chain.parameters {
        dictionary["DecodeParms"] = chain.filters.count == 1
            ? .dictionary(decodeParameters)
            : .array(chain.filters.map { $0 == "FlateDecode" ? .dictionary(decodeParameters) : .null })
    }
    let stream = PDFStream(dictionary: dictionary, rawBytes: Array(UnsafeBufferPointer(start: data + 1, count: count - 1)))
    _ = try? stream.decodedBytes()
    return 0
}
