/// What is left of a document's ``PDFLimits/maxDocumentDecodedSize`` as its streams are
/// decoded: each decode may produce no more than the rest, and is charged for what it made.
struct DecodeBudget {
    let limits: PDFLimits
    private(set) var used = 0

    init(limits: PDFLimits) {
        self.limits = limits
    }

    /// Decodes `stream` within both the one-stream limit and what the document has left.
    ///
    /// - Parameter what: names the stream in the error ("object 12").
    mutating func decode(_ stream: PDFStream, what: @autoclosure () -> String) throws -> [UInt8] {
        let remaining = max(0, limits.maxDocumentDecodedSize - used)
        var reduced = limits
        reduced.maxDecodedStreamSize = min(limits.maxDecodedStreamSize, remaining)
        let data: [UInt8]
        do {
            data = try stream.decodedBytes(limits: reduced)
        } catch PDFError.limitExceeded where remaining < limits.maxDecodedStreamSize {
            throw exceeded(what())
        }
        // Unfiltered data is not measured by the filters; it counts all the same.
        guard data.count <= remaining else { throw exceeded(what()) }
        used += data.count
        return data
    }

    private func exceeded(_ what: String) -> PDFError {
        .limitExceeded("decoding \(what) takes the document's streams past \(limits.maxDocumentDecodedSize) decoded bytes in all")
    }
}
