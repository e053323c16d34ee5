/// What is left of a document's ``PDFLimits/maxDocumentDecodedSize`` as its streams are
/// decoded: each decode may produce no more than the rest, and is charged for what it made,
/// to the document and to its ``ResourceMeter`` when it has one.
struct DecodeBudget {
    let limits: PDFLimits
    private(set) var used = 0
    /// The meter the work on the document is charged to now (a server's request), if any.
    var meter: (any ResourceMeter)?

    init(limits: PDFLimits) {
        self.limits = limits
    }

    /// Decodes `stream` within both the one-stream limit and what the document has left.
    ///
    /// - Parameter what: names the stream in the error ("object 12").
    mutating func decode(_ stream: PDFStream, what: @autoclosure () -> String) throws -> [UInt8] {
        let remaining = max(0, limits.maxDocumentDecodedSize - used)
        let allowance = min(limits.maxDecodedStreamSize, remaining)
        // Set aside before decoding, so that several threads cannot each decode what one could;
        // half as much again, for the old buffer a growing output is copied from.
        let room = allowance > Int.max / 3 * 2 ? Int.max : allowance + allowance / 2
        let held = meter?.hold(upTo: room)
        let decodable = held.map { min(allowance, $0 / 3 * 2) } ?? allowance
        var reduced = limits
        reduced.maxDecodedStreamSize = decodable
        let data: [UInt8]
        do {
            data = try stream.decodedBytes(limits: reduced)
        } catch PDFError.limitExceeded where decodable < allowance {
            // The meter's bound stopped it: the meter says which (it refuses one byte more).
            try meter?.settle(held: held ?? 0, charging: (held ?? 0) + 1, for: what())
            throw exceeded(what())
        } catch PDFError.limitExceeded where remaining < limits.maxDecodedStreamSize {
            try meter?.settle(held: held ?? 0, charging: 0, for: what())
            throw exceeded(what())
        } catch {
            try meter?.settle(held: held ?? 0, charging: 0, for: what())
            throw error
        }
        // Unfiltered data is not measured by the filters; it counts all the same.
        try meter?.settle(held: held ?? 0, charging: data.count, for: what())
        guard data.count <= remaining else { throw exceeded(what()) }
        used += data.count
        return data
    }

    /// Charges the meter for memory that reading holds beside decoded data (the entries of
    /// a cross-reference table, say).
    func charge(_ bytes: Int, for what: @autoclosure () -> String) throws {
        try meter?.charge(bytes, for: what())
    }

    private func exceeded(_ what: String) -> PDFError {
        .limitExceeded("decoding \(what) takes the document's streams past \(limits.maxDocumentDecodedSize) decoded bytes in all (maxDocumentDecodedSize)",
                       limit: .maxDocumentDecodedSize, max: limits.maxDocumentDecodedSize)
    }
}
