import PDFCore

extension PDFDocument {
    /// A page's content: its `/Contents` streams decoded and joined with a newline between
    /// them, as a renderer reads them (7.8.2). Empty for a page without content. The whole
    /// is bounded like one stream, by ``PDFLimits/maxDecodedStreamSize``.
    ///
    /// - Throws: ``PDFError`` when a content stream cannot be read or decoded, or the
    ///   content passes the limit.
    public func contentData(of page: PDFPage) throws -> [UInt8] {
        var data: [UInt8] = []
        for (n, stream) in try contentStreams(of: page).enumerated() {
            let part = try file.decodedData(of: stream)
            // Checked before joining, so a stream named many times is never held many times.
            guard data.count + (n > 0 ? 1 : 0) + part.count <= file.limits.maxDecodedStreamSize else {
                throw PDFError.limitExceeded("the content of page \(page.index + 1) is larger than \(file.limits.maxDecodedStreamSize) bytes (maxDecodedStreamSize)",
                                               limit: .maxDecodedStreamSize, max: file.limits.maxDecodedStreamSize)
            }
            if n == 0 {
                data = part
            } else {
                data.append(0x0A)
                data += part
            }
        }
        return data
    }

    /// What reading the page's content finds: the graphics-state balance and the problems.
    ///
    /// - Throws: ``PDFError`` when the content cannot be decoded or passes a limit.
    public func contentReport(of page: PDFPage) throws -> ContentStreamReport {
        try ContentStreamReport(bytes: contentData(of: page), limits: file.limits)
    }

    /// The page's `/Contents` as a list of stream objects (a single stream, an array of
    /// them, or a reference to such an array), in order; non-stream entries are left out.
    func contentStreams(of page: PDFPage) throws -> [PDFObject] {
        let items: [PDFObject]
        switch page.dictionary["Contents"] {
        case .reference(let r)?:
            if let array = try file.object(for: r).arrayValue { items = array } else { items = [.reference(r)] }
        case .array(let array)?: items = array
        default: items = []
        }
        return try items.filter { try file.resolve($0).streamValue != nil }
    }
}
