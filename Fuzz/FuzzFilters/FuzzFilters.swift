import PDFCore

// libFuzzer target: the first byte picks a filter chain (with predictor parameters), the
// rest is the encoded data. Besides crashes it fails when an invariant breaks (issue 30):
// - a limit is never exceeded: decoded under a limit the first byte picks, the output fits
//   it, is the unlimited output when that fits, and is refused only when some stage's
//   output does not (the limit holds for every stage: an inflate the predictor shrinks
//   afterwards, or hex that a later filter shortens, is refused all the same);
// - what is written is read back equal: the data deflated by the writer's compressor
//   (`PDFStream.deflate`) decodes through /FlateDecode to the data again.
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
    let payload = Array(UnsafeBufferPointer(start: data + 1, count: count - 1))
    let stream = PDFStream(dictionary: dictionary, rawBytes: payload)
    let unlimited = try? stream.decodedBytes()
    // The largest output of any stage, decoded without a limit: each prefix of the chain,
    // with its parameters and without them (without, a FlateDecode stage's count is the
    // inflated data's, before its predictor).
    func largestStage() -> Int {
        var largest = 0
        for end in 1...chain.filters.count {
            for withParameters in [true, false] {
                var prefix = PDFDictionary()
                prefix["Filter"] = .array(chain.filters[..<end].map { .name($0) })
                if withParameters, let decodeParameters = dictionary["DecodeParms"] {
                    prefix["DecodeParms"] = decodeParameters.arrayValue.map { .array(Array($0[..<end])) } ?? decodeParameters
                }
                let decoded = try? PDFStream(dictionary: prefix, rawBytes: payload).decodedBytes()
                largest = max(largest, decoded?.count ?? 0)
            }
        }
        return largest
    }

    var limits = PDFLimits.default
    limits.maxDecodedStreamSize = Int(data[0]) * 64
    // An image codec's data is handed on encoded, not decoded (the renderer decodes it under
    // its own pixel limits): the decode limit is not its to keep.
    if !chain.filters.contains("DCTDecode") {
        do {
            let limited = try stream.decodedBytes(limits: limits)
            precondition(limited.count <= limits.maxDecodedStreamSize, "decoded \(limited.count) bytes past a limit of \(limits.maxDecodedStreamSize)")
            precondition(limited == unlimited, "a decode within its limit differs from the same decode without one")
        } catch PDFError.limitExceeded {
            precondition(unlimited == nil || largestStage() > limits.maxDecodedStreamSize,
                         "refused for a limit of \(limits.maxDecodedStreamSize) bytes what decodes to \(unlimited?.count ?? -1)")
        } catch {}
    }

    if let deflated = try? PDFStream.deflate(payload) {
        var flate = PDFDictionary()
        flate["Filter"] = .name("FlateDecode")
        let written = PDFStream(dictionary: flate, rawBytes: deflated)
        precondition((try? written.decodedBytes()) == payload, "deflated data does not inflate to itself")
    }
    return 0
}
