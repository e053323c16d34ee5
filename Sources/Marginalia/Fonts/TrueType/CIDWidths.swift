import PDFCore

/// The `/W` array of a CIDFont (ISO 32000-2, 9.7.4.3) in its compact form: runs of three or
/// more consecutive CIDs of one width as `first last width`, other consecutive CIDs as
/// `first [width width ...]`.
enum CIDWidths {
    /// The array for `widths` (CID to width in 1/1000 em); CIDs not listed take `/DW`.
    static func array(_ widths: [Int: Double]) -> [PDFObject] {
        let sorted = widths.sorted { $0.key < $1.key }
        // Runs of consecutive CIDs...
        var runs: [[(cid: Int, width: Double)]] = []
        for (cid, width) in sorted {
            if let last = runs.last?.last, last.cid + 1 == cid {
                runs[runs.count - 1].append((cid, width))
            } else {
                runs.append([(cid, width)])
            }
        }
        var out: [PDFObject] = []
        for run in runs {
            // ...cut where three or more share a width.
            var pending: [(cid: Int, width: Double)] = []
            func flush() {
                guard let first = pending.first else { return }
                out.append(.integer(first.cid))
                out.append(.array(pending.map { number($0.width) }))
                pending = []
            }
            var index = 0
            while index < run.count {
                var end = index + 1
                while end < run.count && run[end].width == run[index].width { end += 1 }
                if end - index >= 3 {
                    flush()
                    out += [.integer(run[index].cid), .integer(run[end - 1].cid), number(run[index].width)]
                } else {
                    pending += run[index..<end]
                }
                index = end
            }
            flush()
        }
        return out
    }

    /// A width as an integer when it is whole, a real otherwise.
    static func number(_ value: Double) -> PDFObject {
        value.rounded() == value && abs(value) < 1e9 ? .integer(Int(value)) : .real(value)
    }
}
